import ShatterCore
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

/// The vertex program's closed form against a semi-implicit Euler integration with a tiny time step
/// whose bounces land on the wall: the closed form's own model. (The original's 60 Hz steps bounce
/// differently, leaving some pieces stuck past the wall: `Euler60Tests`.)
@Suite struct MotionTests {
    let program = PointSpriteProgram(
        batch: PointSpriteBatch(
            grid: PointGrid(attributes: []), texture: Texture(image: Image(width: 1, height: 1)),
            time: 0, tiling: PieceTiling(eighths: 8, columns: 1), texcoordScale: SIMD2(1, 1)),
        clipScale: SIMD2(1, 1))

    /// BrokenGlassEffectView's update loop (v += a·dt, clamp, move, then the wall check), except that a
    /// bounce puts the piece back on the wall.
    func integrate(
        x0: Double, y0: Double, xSpeed: Double, acceleration: Double, until t: Double,
        dt: Double = 1e-5
    ) -> (x: Double, y: Double) {
        var x = x0
        var y = y0
        var vx = xSpeed
        var vy = 0.0
        for _ in 0..<Int((t / dt).rounded()) {
            vy = max(vy + dt * acceleration, -6)
            x += dt * vx
            y += dt * vy
            if x <= -1 || x >= 1 {
                vx = -0.6 * vx
                if abs(vx) < 0.01 { vx = 0 }
                x = min(max(x, -1), 1)  // the closed form's bounce lands on the wall (the original's does not)
            }
        }
        return (x, y)
    }

    @Test(arguments: [
        (0.0, 0.5, 0.35, -4.5),  // a typical piece
        (0.9, 0.9, 1.05, -3.0),  // fast right, weakest fall: bounces off the right wall
        (-0.8, -0.2, -0.35, -6.0),  // left, strongest fall: reaches the speed limit at 1 s
        (0.99, 0.0, 0.9, -3.0),  // bounces almost at once
    ])
    func closedFormAgreesWithFineStepIntegration(x0: Double, y0: Double, xSpeed: Double, acceleration: Double) {
        for t in [0.1, 0.5, 1.0, 1.2, 2.5, 6.0] {
            let reference = integrate(x0: x0, y0: y0, xSpeed: xSpeed, acceleration: acceleration, until: t)
            let x = program.driftPosition(Float(x0), Float(xSpeed), Float(t))
            let y = Float(y0) + program.fallOffset(Float(acceleration), Float(t))
            #expect(abs(Double(x) - reference.x) < 2e-4, "x at t = \(t)")
            #expect(abs(Double(y) - reference.y) < 2e-4 * max(1, t), "y at t = \(t)")
        }
    }

    @Test func fallReachesTheSpeedLimitThenGoesLinear() {
        // a = −6: limit time 1 s, offset −3 there, then −6 per second.
        #expect(program.fallOffset(-6, 1) == -3)
        #expect(program.fallOffset(-6, 2) == -9)
        // a = −3 at 1.2 s: ½·3·1.44 = 2.16 (effects-originals §1.3).
        #expect(abs(program.fallOffset(-3, 1.2) + 2.16) < 1e-6)
    }

    @Test func everyPieceHasLeftTheScreenBy1155ms() {
        // The top row (y ≈ 1) with the weakest acceleration crosses −1 just before 1.155 s.
        #expect(1 + program.fallOffset(-3, 1.155) < -1)
        #expect(1 + program.fallOffset(-3, 1.15) > -1 - 0.02)
    }

    @Test func wallBounceKeepsSixTenthsOfTheSpeedReversed() {
        // From x = 0.5 at speed 1: wall at 0.5 s, then 0.6 back: at 1 s x = 1 − 0.3 = 0.7.
        #expect(abs(program.driftPosition(0.5, 1, 1) - 0.7) < 1e-6)
        // Speeds that would drop below 0.01 after a bounce stop dead at the wall.
        #expect(program.driftPosition(0.99, 0.015, 3) == 1)
    }
}
