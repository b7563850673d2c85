import CShatterGL

/// Everything that can go wrong between "no GL yet" and a frame read back, one case per step, each
/// carrying the driver's own words.
public enum GLError: Error, CustomStringConvertible, Sendable {
    /// libEGL or libGLESv2 could not be opened (the loader's words): no GL driver is installed here.
    case libraryMissing(library: String, reason: String)
    /// The library opened but lacks an entry point Shatter calls.
    case entryPointMissing(library: String, name: String)
    /// Every EGL platform was tried and none gave a context; one line per attempt.
    case noPlatform(attempts: [String])
    /// No platform worked, and an EGL vendor file names NVIDIA's EGL library, which does not load: the
    /// driver's user-space libraries are missing from the library path (or do not match the kernel's).
    case nvidiaEGLDoesNotLoad(vendorFile: String, library: String, loader: String, attempts: [String])
    /// The requested EGL device index does not exist.
    case noSuchDevice(requested: Int, available: Int)
    /// An EGL call of the bring-up failed: which step, on which platform, `eglGetError()` and, where
    /// the driver said more through EGL_KHR_debug, its message.
    case egl(step: EGLStep, platform: String, error: EGLErrorCode, driverMessage: String?)
    /// The context came up but a clear read back wrong: the device does not really render.
    case testDrawFailed(platform: String, problem: String)
    /// Hardware GL was required, and the only GL here rasterises on the CPU; with the likely causes.
    case softwareRasterizerOnly(renderer: String, platform: String, causes: [String])
    /// The renderer was closed; make a new one.
    case closed
    case glVersionTooOld(found: String)
    case shaderCompile(file: String, log: String)
    case programLink(program: String, log: String)
    /// Shatter's code set a uniform the program's GLSL does not declare (a misspelt or stale name).
    case unknownUniform(program: String, uniform: String)
    case framebufferIncomplete(status: UInt32)
    /// A sprite size the GL cannot rasterise as a point (outside GL_ALIASED_POINT_SIZE_RANGE).
    case pointSizeOutOfRange(requested: Float, supported: ClosedRange<Float>)
    case textureTooLarge(width: Int, height: Int, maximum: Int)
    /// The frame's power-of-two viewport (`side` pixels square) is beyond `GL_MAX_VIEWPORT_DIMS`.
    case viewportTooLarge(side: Int, maximum: Int)
    /// A `width`×`height` frame, with its guard band of `guardBand` pixels on every side, is larger than
    /// this GL draws (its renderbuffer and power-of-two viewport): at most `largestSide` pixels a side.
    case frameTooLarge(width: Int, height: Int, guardBand: Int, largestSide: Int)
    /// A GL call raised `glGetError()`.
    case call(String, code: UInt32)

    public var description: String {
        switch self {
        case .libraryMissing(let library, let reason):
            return "\(library) could not be loaded (\(reason)); the GL backend needs a GL driver's EGL and GLES "
                + "through libglvnd (Debian: libegl1 libgles2, plus the driver)"
        case .entryPointMissing(let library, let name):
            return "\(library) has no \(name); the GL backend needs EGL 1.5 and OpenGL ES 3 (libglvnd 1.2 or later)"
        case .testDrawFailed(let platform, let problem):
            return "the \(platform) platform made a context, but a test draw failed: \(problem)"
        case .softwareRasterizerOnly(let renderer, let platform, let causes):
            return "the only GL here is \(renderer) (\(platform) platform), a software rasteriser, not a GPU; "
                + "likely: \(causes.joined(separator: "; "))"
        case .closed:
            return "the GL renderer was closed"
        case .noPlatform(let attempts):
            return "no headless EGL platform works here (\(attempts.joined(separator: "; ")))"
        case .nvidiaEGLDoesNotLoad(let vendorFile, let library, let loader, let attempts):
            return "\(vendorFile) names NVIDIA's EGL, but \(library) does not load (\(loader)), so no headless EGL "
                + "platform works here (\(attempts.joined(separator: "; ")))"
        case .noSuchDevice(let requested, let available):
            return "EGL device \(requested) does not exist (\(available) found)"
        case .egl(let step, let platform, let error, let message):
            let detail = message.map { ": \($0)" } ?? ""
            return "EGL \(step.rawValue) failed on the \(platform) platform with \(error)\(detail)"
        case .glVersionTooOld(let found):
            return "the GL context is \(found), but Shatter needs OpenGL ES 3.0 or later"
        case .shaderCompile(let file, let log):
            return "GLSL compile error in Shaders/\(file): \(Self.oneLine(log))"
        case .programLink(let program, let log):
            return "GLSL link error in program \(program): \(Self.oneLine(log))"
        case .unknownUniform(let program, let uniform):
            return "program \(program) declares no uniform named \(uniform) (a name in the Swift code that sets it is "
                + "misspelt, or the GLSL no longer has it)"
        case .framebufferIncomplete(let status):
            return "the offscreen framebuffer is incomplete (status 0x\(String(status, radix: 16)))"
        case .pointSizeOutOfRange(let requested, let supported):
            return "point size \(requested) px is outside this GL's point size range "
                + "\(supported.lowerBound)…\(supported.upperBound) px"
        case .textureTooLarge(let width, let height, let maximum):
            return "a \(width)x\(height) texture exceeds this GL's GL_MAX_TEXTURE_SIZE \(maximum)"
        case .frameTooLarge(let width, let height, let band, let largest):
            return "a \(width)x\(height) frame is drawn with a \(band)-pixel guard band on every side, and this GL draws "
                + "at most \(largest) pixels a side with it"
        case .viewportTooLarge(let side, let maximum):
            return "the frame needs a \(side)x\(side) viewport (the framebuffer's next power of two), beyond this "
                + "GL's GL_MAX_VIEWPORT_DIMS \(maximum): use a smaller output size"
        case .call(let name, let code):
            return "\(name) failed with GL error 0x\(String(code, radix: 16))"
        }
    }

    private static func oneLine(_ log: String) -> String {
        log.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.filter { !$0.isEmpty }.joined(separator: " | ")
    }
}

/// The steps of a headless EGL bring-up, named as the error messages name them.
public enum EGLStep: String, Sendable {
    case getDisplay = "eglGetPlatformDisplay"
    case initialize = "eglInitialize"
    case bindAPI = "eglBindAPI"
    case chooseConfig = "eglChooseConfig"
    case createContext = "eglCreateContext"
    case makeCurrent = "eglMakeCurrent"
}

/// An `eglGetError()` value, printed by name.
public struct EGLErrorCode: Sendable, CustomStringConvertible, Equatable {
    public let value: Int32

    public static func current() -> EGLErrorCode { EGLErrorCode(value: eglGetError()) }

    public var description: String {
        let names: [Int32: String] = [
            0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS", 0x3003: "EGL_BAD_ALLOC",
            0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG", 0x3006: "EGL_BAD_CONTEXT",
            0x3007: "EGL_BAD_CURRENT_SURFACE", 0x3008: "EGL_BAD_DISPLAY", 0x3009: "EGL_BAD_MATCH",
            0x300A: "EGL_BAD_NATIVE_PIXMAP", 0x300B: "EGL_BAD_NATIVE_WINDOW", 0x300C: "EGL_BAD_PARAMETER",
            0x300D: "EGL_BAD_SURFACE", 0x300E: "EGL_CONTEXT_LOST",
        ]
        return names[value] ?? "EGL error 0x\(String(value, radix: 16))"
    }
}

extension Substring {
    func trimmingCharacters() -> Substring {
        var s = self
        while let first = s.first, first.isWhitespace { s.removeFirst() }
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return s
    }
}
