import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

/// Pins the CPU renderer's bytes from one commit to the next: every effect at four instants that
/// show what it does, with its default parameters (what `shatter render <effect>` draws with no
/// options; the dust at half size, as the debug build composites 32 layers slowly). Where the
/// renderer has shortcuts for an effect's programs (point sprites and textured quads: shatter,
/// sprite), both paths are pinned: `fast` (as shipped: fixed-point sprite blending, hoisted taps,
/// whole-texture copies) and `literal` (every twin run pixel by pixel as its GLSL is written, all in
/// float). The other programs have one path, `fast`. The hashes are in `Goldens/cpu-goldens.json`;
/// ``GoldenFile`` says how to re-record them.
@Suite struct CPUGoldenTests {
    enum RenderPath: String, Sendable {
        case fast, literal

        var renderer: SoftwareRenderer {
            var renderer = SoftwareRenderer()
            if self == .literal { renderer.shortcuts = [] }
            return renderer
        }
    }

    /// One effect: its display list at an instant, and the 60 fps frames to pin (t = frame / 60, as
    /// `shatter render` samples it, so a golden is a frame the CLI writes).
    struct Subject: Sendable, CustomTestStringConvertible {
        let name: String
        let frames: [Int]
        var paths: [RenderPath] = [.fast]
        let displayList: @Sendable (Double) throws -> DisplayList
        var testDescription: String { name }
    }

    static let fps = 60.0

    static let subjects: [Subject] = [
        // The snapshot whole, pieces leaving, half gone, the last few.
        Subject(name: "shatter", frames: [0, 18, 36, 60], paths: [.fast, .literal]) { t in
            try ShatterFixture.effect(width: 375, height: 667, pointSize: 2).displayList(at: t)
        },
        // Opening, holding open, closing, the ghost flower.
        Subject(name: "breathe", frames: [105, 210, 390, 555]) { Breathe().displayList(at: $0) },
        // Early layers leaving, half the layers in flight, most gone, the last layers fading
        // (`shatter render dust --size 187x333`).
        Subject(name: "dust", frames: [12, 45, 81, 123]) { t in try DustFixture.effect(width: 187, height: 333).displayList(at: t)
        },
        // The wipe under way, the mask collapsing, the tiles rippling, the second loop's zoom.
        Subject(name: "splash", frames: [27, 60, 132, 249]) { UberSplash().displayList(at: $0) },
        // The snap starting, halfway, the last of the dust (each drawn 1:1: a texture copy on the fast
        // path), and the gauntlet at rest again after the end.
        Subject(name: "sprite", frames: [36, 60, 90, 120], paths: [.fast, .literal]) { t in
            try SpriteSheetPlayer(sheet: SnapSpriteSheet.drawn(), frameWidth: 80, frameHeight: 80).displayList(at: t)
        },
    ]

    @Test(arguments: subjects)
    func cpuFramesMatchTheirGoldens(subject: Subject) throws {
        var renders: [String: [String: Image]] = [:]
        for frame in subject.frames {
            let time = Double(frame) / Self.fps
            let list = try subject.displayList(time)
            var byPath: [String: Image] = [:]
            for path in subject.paths { byPath[path.rawValue] = try path.renderer.render(list) }
            renders["frame \(frame) (t=\(time))"] = byPath
        }
        try GoldenFile.check(effect: subject.name, renders: renders)
    }
}
