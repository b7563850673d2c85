import ArgumentParser
import Shatter

/// `shatter info`: what the GL backend finds on this machine, and what `auto` picks.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show the EGL platforms and devices, the GL context's strings and limits, and what --backend auto picks."
    )

    @OptionGroup var device: DeviceOption

    func run() throws {
        let cpu = SoftwareRenderer()
        do {
            let gl = try GLRenderer(options: .init(deviceIndex: try device.resolvedIndex()))
            let info = gl.info
            print("EGL client extensions: \(info.clientExtensions.joined(separator: " "))")
            print("EGL devices: \(info.devices.isEmpty ? "none enumerated" : "")")
            for d in info.devices {
                let used = info.platform == "device \(d.index)" ? "  <- used" : ""
                print("  [\(d.index)] \(d.summary)\(used)")
            }
            print("platform: \(info.platform)")
            print("EGL: \(info.eglVendor) \(info.eglVersion)")
            print("GL vendor: \(info.vendor)")
            print("GL renderer: \(info.renderer)")
            print("GL version: \(info.version)")
            print("GLSL version: \(info.shadingLanguageVersion)")
            print("GL_ALIASED_POINT_SIZE_RANGE: \(format(info.pointSizeRange.lowerBound))…\(format(info.pointSizeRange.upperBound)) px")
            print("GL_MAX_TEXTURE_SIZE: \(info.maxTextureSize)")
            print("CPU renderer: \(cpu.description)")
            if info.isSoftwareRasterizer {
                print("auto picks: cpu (the only GL is \(info.renderer), a software rasteriser; Shatter's CPU renderer is faster)")
            } else {
                print("auto picks: gl (\(info.renderer) on the \(info.platform) platform)")
            }
        } catch {
            print("GL: unavailable: \(error)")
            print("CPU renderer: \(cpu.description)")
            print("auto picks: cpu (no GL context could be made)")
        }
    }

    private func format(_ value: Float) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
