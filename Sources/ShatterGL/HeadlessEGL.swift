import CEGL
import CGBM
import Glibc

/// A headless EGL display and GLES 3 context, with no window system: `DISPLAY` is never looked at.
///
/// Platforms are tried in order: EGL's device platform (the first non-software device, or the one
/// asked for), Mesa's surfaceless platform, then GBM on a DRM render node. The context belongs to the
/// thread that made it current; ``GLRenderer`` keeps to that thread.
final class HeadlessEGL {
    let display: EGLDisplay
    let context: EGLContext
    /// Which platform gave the display, in words ("device 0", "surfaceless", "gbm /dev/dri/renderD128").
    let platform: String
    let clientExtensions: Set<String>
    let devices: [EGLDeviceDescription]
    /// Held for the GBM platform's lifetime.
    private var gbmDevice: OpaquePointer?
    private var gbmFile: Int32 = -1

    init(deviceIndex: Int?) throws {
        let client = queryClientExtensions()
        clientExtensions = client
        EGLDriverMessages.install(clientExtensions: client)
        let enumerated = enumerateDevices()
        devices = enumerated.map(\.1)

        var attempts = [String]()
        var opened: (EGLDisplay, EGLContext, String)?

        if client.contains("EGL_EXT_platform_device") {
            if let deviceIndex {
                guard enumerated.indices.contains(deviceIndex) else {
                    throw GLError.noSuchDevice(requested: deviceIndex, available: enumerated.count)
                }
                // An explicit choice is final: falling back would hide the user's mistake.
                opened = try Self.open(platform: EGLenum(EGL_PLATFORM_DEVICE_EXT), native: enumerated[deviceIndex].0,
                                       name: "device \(deviceIndex)")
            } else if let (device, description) = enumerated.first(where: { !$0.1.isSoftware }) {
                do {
                    opened = try Self.open(platform: EGLenum(EGL_PLATFORM_DEVICE_EXT), native: device,
                                           name: "device \(description.index)")
                } catch {
                    attempts.append("device \(description.index): \(error)")
                }
            } else {
                attempts.append("device: no hardware EGL device")
            }
        } else if deviceIndex != nil {
            throw GLError.noSuchDevice(requested: deviceIndex!, available: 0)
        } else {
            attempts.append("device: EGL_EXT_platform_device missing")
        }

        if opened == nil {
            if client.contains("EGL_MESA_platform_surfaceless") {
                do {
                    opened = try Self.open(platform: EGLenum(EGL_PLATFORM_SURFACELESS_MESA), native: nil, name: "surfaceless")
                } catch {
                    attempts.append("surfaceless: \(error)")
                }
            } else {
                attempts.append("surfaceless: EGL_MESA_platform_surfaceless missing")
            }
        }

        if opened == nil {
            if client.contains("EGL_KHR_platform_gbm") || client.contains("EGL_MESA_platform_gbm") {
                let nodes = Self.renderNodes()
                if nodes.isEmpty { attempts.append("gbm: no /dev/dri/renderD* node") }
                for node in nodes where opened == nil {
                    let fd = Glibc.open(node, O_RDWR | O_CLOEXEC)
                    guard fd >= 0 else {
                        attempts.append("gbm \(node): \(String(cString: strerror(errno)))")
                        continue
                    }
                    guard let gbm = gbm_create_device(fd) else {
                        attempts.append("gbm \(node): gbm_create_device failed")
                        Glibc.close(fd)
                        continue
                    }
                    do {
                        opened = try Self.open(platform: EGLenum(EGL_PLATFORM_GBM_KHR), native: UnsafeMutableRawPointer(gbm),
                                               name: "gbm \(node)")
                        gbmDevice = gbm
                        gbmFile = fd
                    } catch {
                        attempts.append("gbm \(node): \(error)")
                        gbm_device_destroy(gbm)
                        Glibc.close(fd)
                    }
                }
            } else {
                attempts.append("gbm: EGL_KHR_platform_gbm missing")
            }
        }

        guard let (display, context, platform) = opened else { throw GLError.noPlatform(attempts: attempts) }
        self.display = display
        self.context = context
        self.platform = platform
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        // No eglTerminate: a display is shared by every context of the process on that platform.
        if let gbmDevice { gbm_device_destroy(gbmDevice) }
        if gbmFile >= 0 { Glibc.close(gbmFile) }
    }

    /// Makes the context current on the calling thread (cheap when it already is).
    func makeCurrent() throws {
        if eglGetCurrentContext() == context { return }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw GLError.egl(step: .makeCurrent, platform: platform, error: .current(), driverMessage: EGLDriverMessages.take())
        }
    }

    func displayString(_ name: Int32) -> String {
        eglQueryString(display, name).map { String(cString: $0) } ?? "?"
    }

    /// One platform's display, initialised, with a current GLES 3 context and no surface.
    private static func open(platform: EGLenum, native: UnsafeMutableRawPointer?, name: String) throws
        -> (EGLDisplay, EGLContext, String)
    {
        func fail(_ step: EGLStep) -> GLError {
            .egl(step: step, platform: name, error: .current(), driverMessage: EGLDriverMessages.take())
        }
        _ = EGLDriverMessages.take()
        guard let display = eglGetPlatformDisplay(platform, native, nil) else { throw fail(.getDisplay) }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else { throw fail(.initialize) }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw fail(.bindAPI) }

        // Any RGBA8 GLES 3 config: rendering goes to a framebuffer object, never to an EGL surface.
        let configAttributes: [EGLint] = [
            EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
            EGL_SURFACE_TYPE, -1,  // EGL_DONT_CARE, whose C macro (a cast) Swift does not import
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
        ]
        var config: EGLConfig?
        var configCount: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &configCount) == EGL_TRUE, configCount > 0 else {
            throw fail(.chooseConfig)
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else { throw fail(.createContext) }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            let error = fail(.makeCurrent)
            eglDestroyContext(display, context)
            throw error
        }
        return (display, context, name)
    }

    private static func renderNodes() -> [String] {
        (128..<192).map { "/dev/dri/renderD\($0)" }.filter { access($0, F_OK) == 0 }
    }
}
