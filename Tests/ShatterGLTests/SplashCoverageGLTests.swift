import Shatter
import ShatterTestSupport
import Testing

/// `Shaders/sdf_shape.frag` on a real EGL driver: the splash's full disk has no seam on its axis, and
/// shapes thinner than a pixel are drawn by their area (issue 19; the CPU side: `SplashCoverageTests`).
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct SplashCoverageGLTests {
    @Test(arguments: [1.0, 3.0])
    func theFullDiskHasNoSeamOnItsVerticalAxis(scale: Double) throws {
        let gl = try GLRenderer()
        let splash = try UberSplash(parameters: .init(scale: scale))
        for t in [0.45, 0.6, 0.75] {
            let frame = try gl.render(splash.displayList(at: t))
            let (checked, seam) = SplashFixture.seamRows(in: frame, splash: splash, at: t)
            #expect(checked >= 5 * Int(scale), "t = \(t): only \(checked) rows of the axis checked")
            #expect(seam.isEmpty, "t = \(t), scale \(scale): rows \(seam) of the disk's axis are not white")
        }
    }

    @Test func thinShapesAreDrawnByTheirArea() throws {
        let gl = try GLRenderer()
        for list in [
            ThinShapeFixture.line(width: 0), ThinShapeFixture.line(width: 0, centreX: 20),
            ThinShapeFixture.square(side: 0),
        ] {
            #expect(ThinShapeFixture.totalCoverage(try gl.render(list)) == 0)
        }
        let centred = try gl.render(ThinShapeFixture.line(width: 0.5))
        #expect(abs(Double(centred[20, 20].r) / 255 - 0.5) <= 0.05, "\(centred[20, 20])")
        let straddling = try gl.render(ThinShapeFixture.line(width: 0.5, centreX: 20))
        #expect(abs(ThinShapeFixture.rowCoverage(straddling) - 0.5) <= 0.05)
        #expect(abs(ThinShapeFixture.totalCoverage(try gl.render(ThinShapeFixture.square(side: 0.5))) - 0.25) <= 0.03)
    }
}
