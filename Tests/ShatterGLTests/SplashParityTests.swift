import Shatter
import ShatterTestSupport
import Testing

/// The GL backend against the CPU reference on the Uber splash (SDF shapes, layer quads), on a real
/// EGL driver: eight instants across two loops, plus a second scale.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct SplashParityTests {
    /// Instants chosen for what they show: the wipe under way, the mask collapsing, the tiles
    /// flashing and rippling, the zoom, and the same moments one loop later.
    static let instants = [0.0, 0.45, 0.7, 1.0, 1.3, 2.2, 3.6, 4.15, 5.3]

    @Test func splashMatchesTheCPURenderer() throws {
        let gl = try GLRenderer()
        let splash = try UberSplash(parameters: .init())
        for t in Self.instants {
            let d = try Parity.check(splash.displayList(at: t), gl: gl, label: "splash-t\(t)")
            print("parity splash 375x667 t=\(t): \(d)")
        }
    }

    @Test func splashMatchesAtAFractionalScale() throws {
        let gl = try GLRenderer()
        let splash = try UberSplash(parameters: .init(width: 200, height: 300, scale: 1.5))
        for t in [0.2, 0.65, 1.1, 4.0] {
            let d = try Parity.check(splash.displayList(at: t), gl: gl, label: "splash15-t\(t)")
            print("parity splash 200x300@1.5 t=\(t): \(d)")
        }
    }
}
