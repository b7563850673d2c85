import ShatterAnimation
import ShatterTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Transforms")
struct TransformTests {
    func isCloseMatrix(_ a: AffineTransform, _ b: AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
        [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) <= tolerance }
    }

    @Test(
        "Decomposition rebuilds the matrix",
        arguments: [
            AffineTransform.identity,
            AffineTransform(rotationAngle: 2.5).concatenating(AffineTransform(translationX: 3, y: -7)),
            AffineTransform(scaleX: 2, y: -0.5).concatenating(AffineTransform(rotationAngle: -1)),
            AffineTransform(a: 1, b: 0, c: 0.7, d: 1, tx: 0, ty: 0),  // a shear
            AffineTransform(a: 0, b: 0, c: 2, d: 3, tx: 1, ty: 1),  // zero x scale
        ])
    func roundTrip(_ transform: AffineTransform) {
        #expect(isCloseMatrix(AffineTransform(components: transform.decomposed()), transform))
    }

    @Test func fuberRotateScaleInterpolatesAngleAndScale() {
        let start = AffineTransform(rotationAngle: radians(-45)).concatenating(AffineTransform(scaleX: 0.25, y: 0.25))
        let mid = start.interpolated(to: .identity, fraction: 0.5)
        #expect(isClose(mid.rotation, radians(-45) / 2))
        #expect(isClose(mid.scale, (0.25 + 1) / 2))
        // Element-wise lerp would give a different matrix: decomposition keeps it a pure rotate-scale.
        let k = 0.625
        let angle = radians(-22.5)
        #expect(
            isCloseMatrix(
                mid, AffineTransform(a: k * cos(angle), b: k * sin(angle), c: -k * sin(angle), d: k * cos(angle), tx: 0, ty: 0)))
        // 7π/4 is the same matrix as −π/4, so it also turns the short way.
        let written = AffineTransform(rotationAngle: 7 * .pi / 4).concatenating(AffineTransform(scaleX: 0.25, y: 0.25))
        #expect(isClose(written.interpolated(to: .identity, fraction: 0.5).rotation, radians(-22.5)))
    }

    @Test func rotationTakesTheShortWayRound() {
        let from = AffineTransform(rotationAngle: radians(170))
        let to = AffineTransform(rotationAngle: radians(-170))
        let mid = from.interpolated(to: to, fraction: 0.5)
        #expect(isClose(abs(mid.rotation), .pi, 1e-9))
    }

    @Test func keyPathComponentsKeepTheOthers() {
        var transform = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 5, y: 6))
        transform.rotation = radians(30)
        #expect(isClose(transform.scale, 2))
        #expect(transform.translation == Point(x: 5, y: 6))
        transform.scale = 0.5
        #expect(isClose(transform.rotation, radians(30)))
        // A point one unit right lands at 0.5 along 30°, then translated.
        let p = transform.apply(to: Point(x: 1, y: 0))
        #expect(isClose(p.x, 5 + 0.5 * cos(radians(30))) && isClose(p.y, 6 + 0.5 * sin(radians(30))))
    }

    @Test func additiveTransformsConcatenateAndSubtractInverts() {
        let model = AffineTransform(rotationAngle: 0.4)
        let offset = AffineTransform(translationX: 3, y: 0)
        #expect(isCloseMatrix(model.adding(offset), model.concatenating(offset)))
        #expect(isCloseMatrix(model.adding(offset).subtracting(offset), model))
        // A singular transform cannot be undone: subtracting it changes nothing.
        #expect(model.subtracting(AffineTransform(scaleX: 0, y: 0)) == model)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
    }

    @Test func distanceSeesRotationAndScale() {
        #expect(isClose(AffineTransform.identity.distance(to: AffineTransform(rotationAngle: 0.5)), 0.5))
        #expect(isClose(AffineTransform.identity.distance(to: AffineTransform(translationX: 3, y: 4)), 5))
    }
}
