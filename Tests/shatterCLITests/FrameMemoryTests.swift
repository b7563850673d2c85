import Foundation
import ShatterTestSupport
import Testing

/// A render's frame-sized buffers are reused from frame to frame, not mapped in afresh: more frames
/// cost hardly a page fault each (0.11.0 took about one fault per page of a frame, every frame).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "GNU time is not installed (Tools/setup.sh)"))
struct FrameMemoryTests {
    @Test func moreFramesAddAlmostNoPageFaults() throws {
        let s = try TemporaryFolder()
        func faults(_ frames: String, _ name: String) throws -> Int {
            let run = try MeasuredRun.shatter([
                "render", "shatter", "--backend", "cpu", "--size", "960x540", "--frames", frames, "--quiet", "--out",
                s.file(name),
            ])
            #expect(run.status == 0, "\(run.stderr)")
            return run.pageFaults
        }
        // The first frames fill the pipeline (frames in flight, the encoders' buffers), so the steady
        // state is measured beyond them: 12 frames against 36.
        let twelve = try faults("0-11", "twelve")
        let thirtySix = try faults("0-35", "thirty-six")
        let pagesPerFrame = 960 * 540 * 4 / 4096
        #expect(twelve > 0)
        // 24 more frames: well under an eighth of a frame's pages each (0.11.0: about 600 each).
        #expect(
            thirtySix - twelve < 24 * pagesPerFrame / 8, "12 frames: \(twelve) page faults, 36 frames: \(thirtySix)")
    }
}
