import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// The test: two 13-frame PNG clips of solid colors that change every frame, joined by the
/// shattered transition. Every pixel of frame k is clip A's or clip B's color at frame k, frame 0 is A's
/// first frame, the last is B's last, and GL agrees with the CPU renderer by the parity rule while
/// updating its two textures in place.
@Suite struct ClipTransitionTests {
    static func a(_ k: Int) -> RGBA8 { RGBA8(r: 200, g: UInt8(10 * k), b: 0, a: 255) }
    static func b(_ k: Int) -> RGBA8 { RGBA8(r: 0, g: UInt8(10 * k), b: 200, a: 255) }

    /// The transition between two PNG clips written into `scratch` (removed with it when the test ends).
    static func effect(fps: Double, in scratch: TemporaryFolder) throws -> ClipDriven<ShatteredTransition> {
        let root = scratch.path
        for (name, color) in [("a", Self.a), ("b", Self.b)] {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            for k in 0..<13 {
                try PNGEncoder.write(
                    Image(width: 48, height: 32, fill: color(k)), to: root + "/\(name)/" + String(format: "%05d.png", k))
            }
        }
        let fitting = ClipFitting(fit: nil, width: 48, height: 32)
        let from = try ClipInput(role: "from", clip: Clip(path: root + "/a/%05d.png", frameRate: fps), fitting: fitting)
        let to = try ClipInput(role: "to", clip: Clip(path: root + "/b", frameRate: fps), fitting: fitting)
        let parameters = ShatteredTransition.Parameters(width: 48, height: 32, pointSize: 2, duration: 1.2)
        return ClipDriven(try ShatteredTransition(from: from.first, to: to.first, parameters: parameters), clips: [from, to])
    }

    @Test func everyPixelIsAOrBAtFrameKFromAsFirstToBsLast() throws {
        let fps = 10.0
        let scratch = try TemporaryFolder()
        let effect = try Self.effect(fps: fps, in: scratch)
        let timeline = FrameTimeline(duration: effect.duration, fps: fps)
        #expect(timeline.count == 13)
        let cpu = SoftwareRenderer()
        var sawBoth = false
        for k in 0..<13 {
            let image = try cpu.render(try effect.displayList(at: timeline.time(of: k)))
            let colors = Set((0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } })
            #expect(colors.isSubset(of: [Self.a(k), Self.b(k)]), "frame \(k): \(colors.count) colors")
            if k == 0 { #expect(colors == [Self.a(0)]) }
            if k == 12 { #expect(colors == [Self.b(12)]) }
            sawBoth = sawBoth || colors.count == 2
        }
        #expect(sawBoth)
    }

    @Test(.enabled(if: GLSupport.isAvailable, "needs an EGL context"))
    func glMatchesTheCPUAndUpdatesItsTwoTexturesInPlace() throws {
        let fps = 10.0
        let scratch = try TemporaryFolder()
        let effect = try Self.effect(fps: fps, in: scratch)
        let timeline = FrameTimeline(duration: effect.duration, fps: fps)
        let gl = try GLRenderer()
        for k in 0..<13 {
            _ = try Parity.check(try effect.displayList(at: timeline.time(of: k)), gl: gl, label: "clip frame \(k)")
        }
        // Two textures allocated once; every later clip frame of each is a glTexSubImage2D.
        #expect(gl.textureAllocations == 2)
        #expect(gl.textureUpdates == 24)
        #expect(gl.liveObjectCount == 3)
        // Any frame alone (a shard, a resume) is the same as in sequence.
        let alone = try Self.effect(fps: fps, in: scratch)
        let seventh = try SoftwareRenderer().render(try alone.displayList(at: timeline.time(of: 7)))
        #expect(seventh == (try SoftwareRenderer().render(try effect.displayList(at: timeline.time(of: 7)))))
    }
}
