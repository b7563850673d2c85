/// What `shatter info` reports about the GL backend: the EGL platform and devices, and the context's
/// strings and limits.
public struct GLInfo: Sendable {
    public let clientExtensions: [String]
    public let devices: [EGLDeviceDescription]
    /// Per device index, what became of it: "used", "skipped: …", "failed: …", "not tried: …".
    public let deviceNotes: [Int: String]
    /// The scheduler's GPU the device choice preferred, as its variables said it; nil when none.
    public let schedulerGPU: SchedulerGPU?
    /// Attempts that failed before the one that worked (devices, platforms), one line each.
    public let failedAttempts: [String]
    /// The platform the context came from ("device 0", "surfaceless", …).
    public let platform: String
    public let eglVendor: String
    public let eglVersion: String
    public let vendor: String
    public let renderer: String
    public let version: String
    public let shadingLanguageVersion: String
    /// GL_ALIASED_POINT_SIZE_RANGE, in pixels.
    public let pointSizeRange: ClosedRange<Float>
    public let maxTextureSize: Int
    public let maxRenderbufferSize: Int

    /// Whether the context rasterises on the CPU (Mesa's llvmpipe, softpipe or swrast, SwiftShader).
    public var isSoftwareRasterizer: Bool {
        let name = renderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "swiftshader"].contains { name.contains($0) }
    }
}
