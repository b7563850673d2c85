import Shatter
import Testing

/// A join's time left counts its transitions still to come at their own pace, not the clips'.
@Suite struct TimeLeftTests {
    @Test func transitionsStillToComeAreCountedAtTheirPace() {
        // Frames 10-19 and 30-39 are drawn; the rest are copied.
        var left = TimeLeft(total: 50, drawn: [10..<20, 30..<40])
        #expect(left.seconds == nil)
        left.record(written: 10, at: 1)  // ten copied frames in 1 s
        #expect(left.seconds == nil)  // no drawn frame's pace yet: unknown, not 4 s
        left.record(written: 20, at: 21)  // ten drawn frames in 20 s
        // 10 copied (1 s) + 10 drawn (20 s) + 10 copied (1 s) left.
        #expect(abs(left.seconds! - 22) < 1e-9)
        left.record(written: 50, at: 44)
        #expect(left.seconds == 0)
    }

    @Test func framesAllAlikeAreCountedAtTheAveragePace() {
        var left = TimeLeft(total: 10)
        left.record(written: 4, at: 2)
        #expect(abs(left.seconds! - 3) < 1e-9)
        left.record(written: 3, at: 3)  // an older count changes nothing
        #expect(abs(left.seconds! - 3) < 1e-9)
    }
}
