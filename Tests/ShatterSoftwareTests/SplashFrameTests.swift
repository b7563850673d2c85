import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterSoftware

#if canImport(Glibc)
    import Glibc
#endif

/// The Uber splash and its two programs on the CPU renderer: what a viewer would see in the pixels.
@Suite struct SplashFrameTests {
    static let background = UberSplash.background

    /// The pixel at `radius` pixels from `centre`, `degrees` clockwise from 12 o'clock.
    static func pixel(_ image: Image, centre: (Double, Double), radius: Double, degrees: Double) -> RGBA8 {
        let a = degrees * .pi / 180
        return image[Int(centre.0 + radius * sin(a)), Int(centre.1 - radius * cos(a))]
    }

    @Test func thePieWipeCoversTheExpectedAngle() throws {
        // Logo-local 1.25 s (t = 2.15): strokeEnd 0.1708 (61.5°), the disk turned −37.31° and
        // scaled 0.3781 (radius 14.18 pt), so the wipe runs from −37.3° to +24.2° past 12 o'clock.
        let splash = try UberSplash(parameters: .init(width: 100, height: 100, scale: 4))
        let frame = try SoftwareRenderer().render(splash.displayList(at: 2.15))
        let radius = 0.85 * 37.5 * 0.37810269211680747 * 4  // inside the disk, outside the square
        for degrees in [-30.0, -15, 0, 15, 20] {
            #expect(
                Self.pixel(frame, centre: (200, 200), radius: radius, degrees: degrees) == .opaqueWhite,
                "\(degrees)° should be wiped in")
        }
        for degrees in [30.0, 45, 90, 180, -90, -45] {
            #expect(
                Self.pixel(frame, centre: (200, 200), radius: radius, degrees: degrees).r < 160,
                "\(degrees)° should not be wiped in yet")
        }
    }

    @Test func aTilesOpacityShowsInItsPixels() throws {
        // Tile (1, 1) at rest, container at 0.75, at two instants: t = 0 (held at local 1.05,
        // opacity 0.62545) and t = 2.9 (local 0.6817, opacity 0.28898). Source-over on premultiplied
        // color makes (pixel − background) proportional to the opacity.
        let splash = try UberSplash(parameters: .init(scale: 1))
        let renderer = SoftwareRenderer()
        let bright = try renderer.render(splash.displayList(at: 0))
        let dim = try renderer.render(splash.displayList(at: 2.9))
        let expected = 0.288975078539004 / 0.6254469639897958
        var compared = 0
        // Tile (1, 1) covers x 18.75…86.25, y 29.75…97.25 at zoom 0.75.
        for y in 31..<96 {
            for x in 20..<85 {
                let b = bright[x, y]
                let d = dim[x, y]
                let g = Self.background
                let lift = Double(b.b) - Double(g.b)
                guard lift >= 40 else { continue }
                compared += 1
                #expect(abs((Double(d.b) - Double(g.b)) / lift - expected) < 0.05, "(\(x), \(y)): \(b) then \(d)")
            }
        }
        #expect(compared > 100)
    }

    @Test func atTheEndOfTheLoopTheMaskLeavesASmallWhiteSquare() throws {
        // Logo-local 2.95 (t = 0.85): the mask is a 14.64-point square with radius 2.37 over the
        // white disk; the square (0.12 pt) and the line (0.05 pt) have all but vanished.
        let splash = try UberSplash(parameters: .init(width: 100, height: 100, scale: 2))
        let frame = try SoftwareRenderer().render(splash.displayList(at: 0.85))
        let centre = 100
        let inner = Int(2 * 6.5)
        let outer = Int(2 * 8.5)
        for (dx, dy) in [(inner, 0), (-inner, 0), (0, inner), (0, -inner), (inner - 4, inner - 4)] {
            #expect(frame[centre + dx, centre + dy] == .opaqueWhite, "(\(dx), \(dy)) inside the mask")
        }
        for (dx, dy) in [(outer, 0), (-outer, 0), (0, outer), (0, -outer), (inner + 1, inner + 1)] {
            #expect(frame[centre + dx, centre + dy].g < 200, "(\(dx), \(dy)) outside the mask")
        }
    }

    @Test func aMaskedRoundedBoxIsTheIntersectionWithHalfCoverageOnTheEdge() throws {
        // A 20×20 white box at (10…30, 10…30) masked by a box covering x < 20 only.
        let toLocal = PixelMap(row0: SIMD3(1, 0, -20), row1: SIMD3(0, 1, -20))
        let mask = SDFShape.Mask(
            halfSize: SIMD2(10, 40), radius: 0,
            toLocal: PixelMap(row0: SIMD3(1, 0, -10), row1: SIMD3(0, 1, -20)), pixelsPerUnit: 1)
        let shape = SDFShape(
            kind: .roundedBox(halfSize: SIMD2(10, 10), radius: 0), toLocal: toLocal, pixelsPerUnit: 1,
            color: SIMD4(1, 1, 1, 1), mask: mask, bounds: PixelRect(x: 5, y: 5, width: 30, height: 30))
        let frame = try SoftwareRenderer().render(
            DisplayList(
                width: 40, height: 40, clearColor: .opaqueBlack,
                commands: [.shape(shape)]))
        #expect(frame[15, 20] == .opaqueWhite)
        #expect(frame[25, 20] == .opaqueBlack)  // cut by the mask
        #expect(frame[15, 35] == .opaqueBlack)  // outside the box
        // A box edge through pixel centres: x = 10.5 is 0.5 inside → full; the mask edge at x = 20
        // leaves pixel 19 (centre 19.5) at coverage 1 and pixel 20 at 0.
        #expect(frame[10, 20] == .opaqueWhite && frame[9, 20] == .opaqueBlack)
        #expect(frame[19, 20] == .opaqueWhite && frame[20, 20] == .opaqueBlack)
    }

    @Test func aPieSpansItsHalfAngleOnEachSideOfItsAxis() throws {
        // Radius 30 about (50, 50), axis +y (down on screen), half-angle 45°: the bottom quarter.
        let pie = SDFShape(
            kind: .pie(radius: 30, halfAngle: .pi / 4),
            toLocal: PixelMap(row0: SIMD3(1, 0, -50), row1: SIMD3(0, 1, -50)), pixelsPerUnit: 1,
            color: SIMD4(1, 1, 1, 1), bounds: PixelRect(x: 18, y: 18, width: 64, height: 64))
        let frame = try SoftwareRenderer().render(DisplayList(width: 100, height: 100, commands: [.shape(pie)]))
        #expect(Self.pixel(frame, centre: (50, 50), radius: 20, degrees: 180) == .opaqueWhite)  // straight down
        #expect(Self.pixel(frame, centre: (50, 50), radius: 20, degrees: 180 - 35) == .opaqueWhite)
        #expect(Self.pixel(frame, centre: (50, 50), radius: 20, degrees: 180 + 35) == .opaqueWhite)
        #expect(Self.pixel(frame, centre: (50, 50), radius: 20, degrees: 180 - 55) == .transparent)
        #expect(Self.pixel(frame, centre: (50, 50), radius: 20, degrees: 0) == .transparent)
        #expect(frame[50, 50 + 35] == .transparent)  // beyond the radius
    }

    @Test func aLayerQuadShowsItsTextureUprightAndLeavesTheRestUntouched() throws {
        // A 4×4 texture on a layer at (3, 2), one texel per pixel: pixel centres hit texel centres.
        var texels = Image(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { texels[x, y] = RGBA8(r: UInt8(x * 60), g: UInt8(y * 60), b: 9, a: 255) } }
        let quad = LayerQuad(
            texture: Texture(image: texels),
            toTexture: PixelMap(row0: SIMD3(0.25, 0, -0.75), row1: SIMD3(0, 0.25, -0.5)),
            opacity: 1, bounds: PixelRect(x: 0, y: 0, width: 10, height: 10))
        let grey = RGBA8(r: 50, g: 50, b: 50, a: 255)
        let frame = try SoftwareRenderer().render(
            DisplayList(
                width: 10, height: 10, clearColor: grey,
                commands: [.layerQuad(quad)]))
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (3..<7).contains(x) && (2..<6).contains(y)
                #expect(frame[x, y] == (inside ? texels[x - 3, y - 2] : grey), "(\(x), \(y))")
            }
        }
    }
}
