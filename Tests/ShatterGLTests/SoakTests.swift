import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// Many small frames on one renderer, in one process, through the real frame pipeline: nothing a
/// frame used may stay alive once unused (checked exactly, with weak references to an early
/// effect's texture and point grid), and the GL renderer's live objects stay flat. 300 frames here.
///
/// Resident memory is the whole process's, and in a full `swift test` other suites allocate at the
/// same time (12 MB of growth was seen from them alone), so it means nothing here. `Tools/checks/soak.sh`
/// runs these tests alone over 10,000 frames and fails when resident memory grows: each test prints
/// a `soak-resident <backend> <bytes>` line for it.
@Suite(.serialized) struct SoakTests {
    static let frames = ProcessInfo.processInfo.environment["SHATTER_SOAK_FRAMES"].flatMap(Int.init) ?? 300

    @Test func cpuStaysFlat() throws {
        let figures = try soak(SoftwareRenderer(), liveObjects: { nil })
        print("soak cpu: \(figures)")
        print("soak-resident cpu \(figures.residentGrowth)")
    }

    @Test(.enabled(if: GLSupport.isAvailable, "needs an EGL context"))
    func glStaysFlat() throws {
        let gl = try GLRenderer()
        let figures = try soak(gl, liveObjects: { gl.liveObjectCount })
        print("soak gl: \(figures)")
        print("soak-resident gl \(figures.residentGrowth)")
        // Each frame uses at most a few textures and point grids; unused ones are deleted.
        #expect(figures.mostLiveObjects <= 4, "\(figures)")
        #expect(figures.liveObjectsAtEnd <= figures.liveObjectsAfterWarmUp, "\(figures)")
    }

    struct Figures: CustomStringConvertible {
        var frames = 0
        var residentAfterWarmUp = 0
        var residentAtEnd = 0
        var liveObjectsAfterWarmUp = 0
        var liveObjectsAtEnd = 0
        var mostLiveObjects = 0
        var residentGrowth: Int { residentAtEnd - residentAfterWarmUp }
        var description: String {
            func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
            return "\(frames) frames, resident \(mb(residentAfterWarmUp)) after warm-up → \(mb(residentAtEnd)) at the end "
                + "(\(mb(residentGrowth)) growth); live GL objects \(liveObjectsAfterWarmUp) → \(liveObjectsAtEnd), at most \(mostLiveObjects)"
        }
    }

    /// Renders `frames` frames of all four effects in turn, rebuilding each effect (new textures and
    /// point grids) every 40 frames, so textures are uploaded and evicted all along.
    private func soak(_ renderer: any Renderer, liveObjects: () -> Int?) throws -> Figures {
        let scratch = try TemporaryFolder()
        let folder = scratch.file("frames")
        let warmUp = max(50, Self.frames / 10)
        var figures = Figures(frames: Self.frames)
        var generation = -1
        var effects: [(Double) -> DisplayList] = []
        weak var firstSnapshot: Texture?
        weak var firstGrid: PointGrid?
        _ = try FramePipeline(output: try OutputDirectory(folder)).run(
            frames: Array(0..<Self.frames), renderer: renderer,
            displayList: { index in
                if index / 40 != generation {
                    generation = index / 40
                    let shatter = try ShatterFixture.effect(width: 48, height: 48, pointSize: 4, seed: UInt64(generation))
                    if generation == 0 {
                        firstSnapshot = shatter.from
                        firstGrid = shatter.grid
                    }
                    effects = try Self.effects(shatter: shatter, seed: UInt64(generation))
                }
                return effects[index % effects.count](Double(index % 60) / 40)
            },
            inspect: { index, _ in
                let live = liveObjects() ?? 0
                figures.mostLiveObjects = max(figures.mostLiveObjects, live)
                if index == warmUp - 1 {
                    figures.residentAfterWarmUp = ProcessMemory.residentBytes ?? 0
                    figures.liveObjectsAfterWarmUp = live
                }
                if index == Self.frames - 1 { figures.liveObjectsAtEnd = live }
            })
        figures.residentAtEnd = ProcessMemory.residentBytes ?? 0
        // Long after its last frame, the first effect's texture and grid are gone: neither the
        // renderer's caches nor the pipeline keep what frames no longer use.
        #expect(
            Self.frames <= 80 || (firstSnapshot == nil && firstGrid == nil), "an early effect's texture or grid is still alive")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == Self.frames)
        return figures
    }

    private static func effects(shatter: ShatteredTransition, seed: UInt64) throws -> [(Double) -> DisplayList] {
        let dust = try DustFixture.effect(width: 48, height: 48, layers: 8, seed: seed)
        let breathe = try Breathe(parameters: .init(width: 48, height: 48))
        let splash = try UberSplash(parameters: .init(width: 48, height: 48))
        return [shatter.displayList(at:), dust.displayList(at:), breathe.displayList(at:), splash.displayList(at:)]
    }
}
