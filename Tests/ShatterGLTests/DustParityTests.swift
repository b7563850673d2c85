import Shatter
import ShatterTestSupport
import Testing

/// The GL backend against the CPU reference on the Thanos dust, on a real EGL driver.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct DustParityTests {
    static let instants = [0.0, 0.2, 0.45, 0.7, 0.95, 1.2, 1.5, 1.8, 2.05, 2.25]

    @Test(arguments: [(DustPath.bezier, 1.0, 32), (.css, 1.0, 32), (.bezier, 2.0, 12)])
    func dustMatchesTheCPURenderer(path: DustPath, scale: Double, layers: Int) throws {
        let gl = try GLRenderer()
        let effect = try DustFixture.effect(width: 171, height: 123, scale: scale, layers: layers, path: path, seed: 6)
        for t in Self.instants {
            let d = try Parity.check(effect.displayList(at: t), gl: gl, label: "dust-\(path)-s\(scale)-n\(layers)-t\(t)")
            print("parity dust 171x123@\(scale) \(path) n=\(layers) t=\(t): \(d)")
        }
    }

    @Test func aStretchedSnapshotMatchesToo() throws {
        let snapshot = DefaultScenes.presentedScreen(widthPoints: 90, heightPoints: 140, scale: 1)
        let effect = try DustEffect(snapshot: Texture(image: snapshot), parameters: .init(width: 120, height: 100, seed: 2))
        for t in [0.3, 1.1] {
            _ = try Parity.check(effect.displayList(at: t), gl: GLRenderer(), label: "dust-stretched-t\(t)")
        }
    }

    @Test func theFirstFrameIsTheSnapshotAndTheLastIsEmptyOnGLToo() throws {
        let gl = try GLRenderer()
        let effect = try DustFixture.effect(width: 150, height: 110)
        #expect(try gl.render(effect.displayList(at: 0)) == effect.snapshot.image)
        #expect(try gl.render(effect.displayList(at: 2.3078)) == Image(width: 150, height: 110))
    }
}
