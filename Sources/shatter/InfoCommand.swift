import ArgumentParser
import Shatter

/// `shatter info`: what the GL backend finds on this machine, and what `auto` and `gpu` do with it.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show the EGL platforms and devices (and why each was used or skipped), the GL context's strings "
            + "and limits, and what --backend auto and gpu pick."
    )

    @OptionGroup var device: DeviceOption

    func run() throws {
        let cpu = SoftwareRenderer()
        let gl: GLRenderer
        do {
            gl = try GLRenderer(options: .init(deviceIndex: try device.resolvedIndex()))
        } catch let error as GLError {
            let reason: String
            if case .libraryMissing(let library, _) = error {
                reason = "\(library) is missing"
            } else {
                reason = "no GL context could be made"
            }
            print("GL: unavailable: \(error)")
            print("CPU renderer: \(cpu.description)")
            print("CPU sprite kernel: \(BuildTarget.spriteKernel)")
            print("auto picks: cpu (\(reason))")
            print("gpu: refuses (\(reason))")
            return
        }
        defer { gl.close() }
        let info = gl.info
        print("EGL client extensions: \(info.clientExtensions.joined(separator: " "))")
        if let scheduler = info.schedulerGPU { print("scheduler's GPU: \(scheduler.source)") }
        print("EGL devices: \(info.devices.isEmpty ? "none enumerated" : "")")
        for d in info.devices {
            print("  [\(d.index)] \(d.summary): \(info.deviceNotes[d.index] ?? "not tried")")
        }
        for attempt in info.failedAttempts where !attempt.hasPrefix("device ") { print("  \(attempt)") }
        print("platform: \(info.platform)")
        print("EGL: \(info.eglVendor) \(info.eglVersion)")
        print("GL vendor: \(info.vendor)")
        print("GL renderer: \(info.renderer)")
        print("GL version: \(info.version)")
        print("GLSL version: \(info.shadingLanguageVersion)")
        print(
            "GL_ALIASED_POINT_SIZE_RANGE: \(format(info.pointSizeRange.lowerBound))…\(format(info.pointSizeRange.upperBound)) px")
        print("GL_MAX_TEXTURE_SIZE: \(info.maxTextureSize)")
        print("CPU renderer: \(cpu.description)")
        print("CPU sprite kernel: \(BuildTarget.spriteKernel)")
        if info.isSoftwareRasterizer {
            print("auto picks: cpu (the only GL is \(info.renderer), a software rasteriser; Shatter's CPU renderer is faster)")
            print("gpu: refuses (\(info.renderer) is a software rasteriser)")
        } else {
            print("auto picks: gl (\(info.renderer) on the \(info.platform) platform)")
            print("gpu: uses \(info.renderer)")
        }
    }

    private func format(_ value: Float) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
