import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

/// What the CPU renderer's shape coverage shows a viewer: no seam in the splash's full disk, and
/// shapes thinner than a pixel drawn by their area (issue 19). GL's side: `SplashCoverageGLTests`.
@Suite struct SplashCoverageTests {
    /// At the default 375-point width the logo's centre is a pixel centre at scales 1 and 3, where a
    /// pie whose edges meet on the axis would leave a line from the centre to the bottom of the disk.
    @Test(arguments: [1.0, 3.0])
    func theFullDiskHasNoSeamOnItsVerticalAxis(scale: Double) throws {
        let splash = try UberSplash(parameters: .init(scale: scale))
        for t in [0.45, 0.6, 0.75] {
            let frame = try SoftwareRenderer().render(splash.displayList(at: t))
            let (checked, seam) = SplashFixture.seamRows(in: frame, splash: splash, at: t)
            #expect(checked >= 5 * Int(scale), "t = \(t): only \(checked) rows of the axis checked")
            #expect(seam.isEmpty, "t = \(t), scale \(scale): rows \(seam) of the disk's axis are not white")
        }
    }

    @Test func aZeroWidthShapeLeavesNoPixel() throws {
        let renderer = SoftwareRenderer()
        for list in [
            ThinShapeFixture.line(width: 0), ThinShapeFixture.line(width: 0, centreX: 20),
            ThinShapeFixture.square(side: 0),
        ] {
            let frame = try renderer.render(list)
            #expect(ThinShapeFixture.totalCoverage(frame) == 0)
        }
    }

    @Test func aHalfPixelLineIsDrawnAtHalfCoverage() throws {
        let renderer = SoftwareRenderer()
        // Centred on a pixel centre: one column at 50%.
        let centred = try renderer.render(ThinShapeFixture.line(width: 0.5))
        #expect(abs(Double(centred[20, 20].r) / 255 - 0.5) <= 0.05, "\(centred[20, 20])")
        #expect(centred[19, 20] == .opaqueBlack && centred[21, 20] == .opaqueBlack)
        // Straddling two columns: half a pixel's worth in all.
        let straddling = try renderer.render(ThinShapeFixture.line(width: 0.5, centreX: 20))
        #expect(abs(ThinShapeFixture.rowCoverage(straddling) - 0.5) <= 0.05)
        // A pixel-wide line is unchanged: one full column.
        let full = try renderer.render(ThinShapeFixture.line(width: 1))
        #expect(full[20, 20] == .opaqueWhite && full[19, 20] == .opaqueBlack && full[21, 20] == .opaqueBlack)
    }

    @Test func aSquareSmallerThanAPixelCoversItsArea() throws {
        let frame = try SoftwareRenderer().render(ThinShapeFixture.square(side: 0.5))
        #expect(abs(ThinShapeFixture.totalCoverage(frame) - 0.25) <= 0.03)
    }

    @Test func aPieGapThinnerThanAPixelIsMostlyCovered() throws {
        // Half-angle just short of π: the gap along −y is 2·ρ·sin(0.001) ≈ 0.04 px wide at ρ = 20.
        let pie = SDFShape(
            kind: .pie(radius: 30, halfAngle: .pi - 0.001),
            toLocal: PixelMap(row0: SIMD3(1, 0, -50.5), row1: SIMD3(0, 1, -50.5)), pixelsPerUnit: 1,
            color: SIMD4(1, 1, 1, 1), bounds: PixelRect(x: 18, y: 18, width: 66, height: 66))
        let frame = try SoftwareRenderer().render(
            DisplayList(
                width: 100, height: 100, clearColor: .opaqueBlack,
                commands: [.shape(pie)]))
        // The axis opposite the pie's +y: screen up from the centre (row 50 − ρ).
        for rho in [5, 10, 20, 25] {
            #expect(frame[50, 50 - rho].r >= 240, "ρ = \(rho): \(frame[50, 50 - rho])")
        }
    }
}
