import Shatter
import ShatterSnapshotTesting
import SnapshotTesting
import Testing

/// The README's sample: a frame rendered by whichever backend `auto` picks here (the GPU on a GPU box,
/// the CPU renderer elsewhere) against a snapshot recorded once, judged by the parity rule, so the GPU's
/// rounding passes and a misplaced sprite does not. The snapshot is in `__Snapshots__/` beside this file.
@Suite struct SnapshotSampleTests {
    @Test func splashMidLoop() throws {
        let splash = try UberSplash(parameters: .init(width: 120, height: 200))
        let renderer = try Backend.auto.makeRenderer().renderer
        let frame = try renderer.render(splash.displayList(at: 1.3))
        assertSnapshot(of: frame, as: .fuzzy(.parity))
    }
}
