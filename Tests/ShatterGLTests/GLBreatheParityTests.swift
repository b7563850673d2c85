import Shatter
import ShatterTestSupport
import Testing

/// The breathing flower on GL (one instanced draw for the petals, one for the ghosts) against the CPU
/// reference, on a real EGL driver.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct GLBreatheParityTests {
    static let phases = [0.0, 0.1, 0.17, 0.25, 0.33, 0.4, 0.45, 0.5, 0.55, 0.62, 0.7, 0.8, 0.88, 0.95]

    @Test func theDefaultFlowerMatchesTheCPURendererAcrossTheCycle() throws {
        let gl = try GLRenderer()
        let flower = Breathe()
        for phase in Self.phases {
            let d = try Parity.check(
                flower.displayList(at: phase * Breathe.cycleDuration), gl: gl,
                label: "breathe-phase\(phase)")
            print("parity breathe 368x448 phase \(phase): \(d)")
        }
    }

    @Test(arguments: [(1, 1.0), (7, 1.5), (64, 2.0)])
    func otherPetalCountsAndScalesMatch(petals: Int, scale: Double) throws {
        let gl = try GLRenderer()
        let flower = try Breathe(parameters: .init(width: 301, height: 257, scale: scale, petals: petals))
        for phase in [0.3, 0.6] {
            let d = try Parity.check(
                flower.displayList(at: phase * Breathe.cycleDuration), gl: gl,
                label: "breathe-n\(petals)-s\(scale)-phase\(phase)")
            print("parity breathe 301x257@\(scale) n=\(petals) phase \(phase): \(d)")
        }
    }

    @Test func instanceColorsAndRotationsComeFromTheInstanceID() throws {
        // Six small separate circles: each must show its own instance's color where the CPU says so.
        let batch = InstancedCircleBatch(
            count: 6, centre: SIMD2(50, 50), circleCentre: SIMD2(-30, 0), radius: 8,
            angleStep: -.pi / 3, instanceColor: SIMD3(0.1, 0.2, 0.9),
            colorOffset: SIMD3(0.15, 0.12, -0.1), blend: .screen)
        let list = DisplayList(width: 100, height: 100, clearColor: .opaqueBlack, commands: [.instancedCircles(batch)])
        let image = try GLRenderer().render(list)
        // Instance k is (−30, 0) turned by −60°·k; on a y-down screen k = 1 lands at (−15, +26), below
        // and to the left, in color (0.1, 0.2, 0.9) + (0.15, 0.12, −0.1) = (0.25, 0.32, 0.8).
        let k1 = image[50 - 15, 50 + 26]
        #expect(k1 == RGBA8(r: 64, g: 82, b: 204, a: 255))
        let k3 = image[50 + 30, 50]  // turned by −180°: (0.55, 0.56, 0.6)
        #expect(k3 == RGBA8(r: 140, g: 143, b: 153, a: 255))
        #expect(image[50, 50] == .opaqueBlack)
    }
}

/// The screen blend itself, over every destination byte: one blended fragment lands within the one
/// level either side of the twin's exact result that GLES allows (docs/parity.md, "Blending").
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct GLScreenBlendTests {
    @Test(arguments: [Float(1), 0.31, 0.77, 0.3])
    func screenOverEveryDestinationByteMatches(opacity: Float) throws {
        var background = Image(width: 256, height: 256)
        for y in 0..<256 {
            for x in 0..<256 {
                background[x, y] = RGBA8(r: UInt8(x), g: UInt8(y), b: UInt8((x * 7 + y * 3) % 256), a: UInt8(max(x, y)))
            }
        }
        let gl = try GLRenderer()
        for color in [SIMD3<Float>(0.17, 0.59, 0.60), SIMD3(0.2867, 0.8067, 0.6167), SIMD3(0.013, 0.5, 0.999)] {
            let cover = InstancedCircleBatch(
                count: 1, centre: SIMD2(128, 128), circleCentre: .zero, radius: 400,
                angleStep: 0, instanceColor: color, opacity: opacity, blend: .screen)
            let list = DisplayList(
                width: 256, height: 256,
                commands: [
                    .texturedQuad(
                        TexturedQuad(
                            texture: Texture(image: background),
                            rect: PixelRect(x: 0, y: 0, width: 256, height: 256), filter: .nearest)),
                    .instancedCircles(cover),
                ])
            let d = try ImageDifference(expected: try SoftwareRenderer().render(list), actual: try gl.render(list))
            #expect(d.largestChannelDifference <= 1, "\(d)")
        }
    }
}
