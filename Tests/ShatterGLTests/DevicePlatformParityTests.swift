import Shatter
import ShatterTestSupport
import Testing

/// The EGL device platform, the path a GPU box takes (`--device N`), run here through Mesa's software
/// device (`EGL_EXT_device_enumeration` lists llvmpipe as a device marked `EGL_MESA_device_software`):
/// every effect rendered on it and on the surfaceless platform must pass the parity rule against the
/// CPU renderer, so the device-platform code runs in every `swift test`, not only on GPU machines.
@Suite(.enabled(if: DevicePlatform.softwareDevice != nil, "no EGL context, or no software EGL device is enumerated here"))
struct DevicePlatformParityTests {
    @Test func theSoftwareDeviceOpensThroughTheDevicePlatform() throws {
        let index = try #require(DevicePlatform.softwareDevice)
        let gl = try GLRenderer(options: .init(deviceIndex: index))
        #expect(gl.info.platform == "device \(index)")
        #expect(gl.info.version.hasPrefix("OpenGL ES 3"))
        // Without a hardware device the default is the surfaceless platform: the two tests below differ.
        let fallback = try GLRenderer()
        if fallback.info.devices.allSatisfy(\.isSoftware) { #expect(fallback.info.platform == "surfaceless") }
    }

    @Test(arguments: DevicePlatform.Sample.allCases)
    func everyEffectMatchesTheCPURendererOnBothPlatforms(sample: DevicePlatform.Sample) throws {
        let index = try #require(DevicePlatform.softwareDevice)
        let device = try GLRenderer(options: .init(deviceIndex: index))
        let surfaceless = try GLRenderer()
        let effect = try sample.effect()
        for t in sample.instants {
            let list = try effect.displayList(at: t)
            for gl in [device, surfaceless] {
                let d = try Parity.check(list, gl: gl, label: "\(sample)-\(gl.info.platform)-t\(t)")
                print("parity \(sample) on \(gl.info.platform) t=\(t): \(d)")
            }
        }
    }
}

enum DevicePlatform {
    /// The index of Mesa's software EGL device; nil where there is none (or no EGL at all).
    static let softwareDevice: Int? =
        GLSupport.isAvailable ? (try? GLRenderer())?.info.devices.first(where: \.isSoftware)?.index : nil

    /// Each effect, small, at instants where it shows its parts.
    enum Sample: String, CaseIterable, CustomStringConvertible {
        case shatter, breathe, dust, splash, sprite

        var description: String { rawValue }

        func effect() throws -> any Effect {
            switch self {
            case .shatter: return try ShatterFixture.effect(width: 120, height: 90, pointSize: 2, seed: 4)
            case .breathe: return try Breathe(parameters: .init(width: 120, height: 120))
            case .dust: return try DustFixture.effect(width: 110, height: 80, layers: 16, seed: 5)
            case .splash: return try UberSplash(parameters: .init(width: 120, height: 200))
            case .sprite:
                return try SpriteSheetPlayer(
                    sheet: SnapSpriteSheet.drawn(), frameWidth: SnapSpriteSheet.frameSide,
                    frameHeight: SnapSpriteSheet.frameSide)
            }
        }

        var instants: [Double] {
            switch self {
            case .shatter: [0.0, 0.5, 1.0]
            case .breathe: [1.0, 3.0, 6.0]
            case .dust: [0.3, 1.2]
            case .splash: [0.45, 1.3, 2.2]
            case .sprite: [0.0, 0.8, 1.5]
            }
        }
    }
}
