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

/// What a progress line shows: the estimate counted down between frames and changed gradually, so one
/// slow early frame does not make it leap (a newcomer saw 25 s, then 1 min 6 s, then 39 s).
@Suite struct TimeLeftShownTests {
    @Test func oneSlowFrameDoesNotMakeTheETALeap() {
        // 200 frames at 0.1 s each, but frame 5 takes 3 s.
        var left = TimeLeft(total: 200)
        var now = 0.0
        var shown: [Double] = []
        for frame in 1...200 {
            now += frame == 5 ? 3 : 0.1
            left.record(written: frame, at: now)
            shown.append(left.shown(at: now)!)
        }
        // The average pace leaps from 0.1 to 0.68 s a frame at frame 5: the estimate from 19.6 s to 133 s
        // (19.5 s are truly left). Shown, no step up is more than 10 s, and the end is 0.
        let rises = zip(shown.dropFirst(), shown).map { $0 - $1 }
        #expect(rises.allSatisfy { $0 < 10 }, "\(rises.max() ?? 0)")
        #expect(shown.last == 0)
    }

    @Test func theETACountsDownWhileAFrameIsDrawn() {
        var left = TimeLeft(total: 10)
        left.record(written: 4, at: 2)  // 0.5 s a frame: 3 s left
        #expect(abs(left.shown(at: 2)! - 3) < 1e-9)
        #expect(abs(left.shown(at: 3)! - 2) < 1e-9)  // a second later, no frame since: 2 s
        #expect(left.shown(at: 10) == 0)
        #expect(TimeLeft(total: 10).shown(at: 1) == nil)
    }
}
