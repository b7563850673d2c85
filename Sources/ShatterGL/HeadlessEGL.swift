import CShatterGL
import Glibc

/// A headless EGL display and GLES 3 context, with no window system: `DISPLAY` is never looked at.
///
/// Platforms are tried in order: EGL's device platform (every hardware device of the ``DevicePlan``,
/// the scheduler's GPU first, until one gives a display, a context and a correct test draw; or only
/// the device asked for), Mesa's surfaceless platform, then GBM on a DRM render node. The context
/// belongs to the thread that made it current; ``GLRenderer`` keeps to that thread.
final class HeadlessEGL {
    let display: EGLDisplay
    let context: EGLContext
    /// Which platform gave the display, in words ("device 0", "surfaceless", "gbm /dev/dri/renderD128").
    let platform: String
    let clientExtensions: Set<String>
    let devices: [EGLDeviceDescription]
    /// Per device index: "used", "skipped: …", "failed: …", "not tried: …".
    let deviceNotes: [Int: String]
    let scheduler: SchedulerGPU?
    /// Every attempt that failed before the one that worked, one line each.
    let failedAttempts: [String]
    /// Held for the GBM platform's lifetime.
    private var gbm: (device: OpaquePointer, file: Int32)?
    private(set) var isClosed = false

    init(deviceIndex: Int?, scheduler: SchedulerGPU?) throws {
        try GLLibraries.load()
        let client = queryClientExtensions()
        clientExtensions = client
        self.scheduler = scheduler
        EGLDriverMessages.install(clientExtensions: client)
        let enumerated = client.contains("EGL_EXT_platform_device") ? enumerateDevices() : []
        devices = enumerated.map(\.1)

        var attempts = [String]()
        var notes = [Int: String]()
        var opened: (display: EGLDisplay, context: EGLContext, name: String)?
        var gbm: (device: OpaquePointer, file: Int32)?

        if let deviceIndex {
            guard client.contains("EGL_EXT_platform_device"), enumerated.indices.contains(deviceIndex) else {
                throw GLError.noSuchDevice(requested: deviceIndex, available: enumerated.count)
            }
            // An explicit choice is final: falling back would hide the user's mistake.
            opened = try Self.open(
                platform: EGLenum(EGL_PLATFORM_DEVICE_EXT), native: enumerated[deviceIndex].0,
                name: "device \(deviceIndex)")
            for device in devices where device.index != deviceIndex {
                notes[device.index] = "not tried: another device was asked for"
            }
            notes[deviceIndex] = "used"
        } else {
            if !client.contains("EGL_EXT_platform_device") { attempts.append("device: EGL_EXT_platform_device missing") }
            let plan = DevicePlan(devices: devices, scheduler: scheduler)
            for (index, reason) in plan.skipped { notes[index] = "skipped: \(reason)" }
            for index in plan.candidates {
                guard opened == nil else {
                    notes[index] = "not tried: an earlier device worked"
                    continue
                }
                do {
                    opened = try Self.open(
                        platform: EGLenum(EGL_PLATFORM_DEVICE_EXT), native: enumerated[index].0,
                        name: "device \(index)")
                    notes[index] = "used"
                } catch {
                    notes[index] = "failed: \(error)"
                    attempts.append("device \(index) (\(devices[index].summary)): \(error)")
                }
            }
            if plan.candidates.isEmpty && client.contains("EGL_EXT_platform_device") {
                attempts.append("device: no hardware EGL device")
            }
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
            (opened, gbm) = Self.openGBM(clientExtensions: client, attempts: &attempts)
        }

        guard let opened else {
            if let nvidia = NVIDIAVendorLibrary.unloadable() {
                throw GLError.nvidiaEGLDoesNotLoad(
                    vendorFile: nvidia.vendorFile, library: nvidia.library, loader: nvidia.loader, attempts: attempts)
            }
            throw GLError.noPlatform(attempts: attempts)
        }
        display = opened.display
        context = opened.context
        platform = opened.name
        deviceNotes = notes
        failedAttempts = attempts
        self.gbm = gbm
    }

    deinit { close() }

    /// Releases the context, this thread's EGL state and (when no other renderer uses it) the display.
    /// NVIDIA's EGL has crashed in other programs at exit with a context still current.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
            EGLTrace.note("eglMakeCurrent(no context)")
        }
        eglDestroyContext(display, context)
        eglReleaseThread()
        EGLTrace.note("eglReleaseThread")
        EGLDisplays.release(display)
        if let gbm {
            shatter_gbm_device_destroy(gbm.device)
            Glibc.close(gbm.file)
        }
    }

    /// Makes the context current on the calling thread (cheap when it already is).
    func makeCurrent() throws {
        guard !isClosed else { throw GLError.closed }
        if eglGetCurrentContext() == context { return }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw GLError.egl(step: .makeCurrent, platform: platform, error: .current(), driverMessage: EGLDriverMessages.take())
        }
    }

    func displayString(_ name: Int32) -> String {
        eglQueryString(display, name).map { String(cString: $0) } ?? "?"
    }

    /// One platform's display, initialised, with a current GLES 3 context, no surface, and a test draw
    /// that came back right. Whatever it took is given back when a later step fails.
    private static func open(platform: EGLenum, native: UnsafeMutableRawPointer?, name: String) throws
        -> (display: EGLDisplay, context: EGLContext, name: String)
    {
        func fail(_ step: EGLStep) -> GLError {
            .egl(step: step, platform: name, error: .current(), driverMessage: EGLDriverMessages.take())
        }
        _ = EGLDriverMessages.take()
        let display = try EGLDisplays.acquire(platform: platform, native: native, fail: fail)
        var context: EGLContext?
        do {
            guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw fail(.bindAPI) }
            // Any RGBA8 GLES 3 config: rendering goes to a framebuffer object, never to an EGL surface.
            let configAttributes: [EGLint] = [
                // EGL_SURFACE_TYPE -1 is EGL_DONT_CARE, whose C macro (a cast) Swift does not import.
                EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, -1,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
            ]
            var config: EGLConfig?
            var configCount: EGLint = 0
            guard eglChooseConfig(display, configAttributes, &config, 1, &configCount) == EGL_TRUE, configCount > 0 else {
                throw fail(.chooseConfig)
            }
            let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
            context = eglCreateContext(display, config, nil, contextAttributes)
            guard let context else { throw fail(.createContext) }
            guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else { throw fail(.makeCurrent) }
            if let problem = EGLSmokeTest.run() { throw GLError.testDrawFailed(platform: name, problem: problem) }
            return (display, context, name)
        } catch {
            if let context {
                if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
                eglDestroyContext(display, context)
            }
            EGLDisplays.release(display)
            throw error
        }
    }

    /// EGL's GBM platform on the first DRM render node that works; libgbm is optional.
    private static func openGBM(clientExtensions client: Set<String>, attempts: inout [String])
        -> ((display: EGLDisplay, context: EGLContext, name: String)?, (device: OpaquePointer, file: Int32)?)
    {
        guard client.contains("EGL_KHR_platform_gbm") || client.contains("EGL_MESA_platform_gbm") else {
            attempts.append("gbm: EGL_KHR_platform_gbm missing")
            return (nil, nil)
        }
        let nodes = (128..<192).map { (minor: Int) -> String in "/dev/dri/renderD\(minor)" }.filter { access($0, F_OK) == 0 }
        guard !nodes.isEmpty else {
            attempts.append("gbm: no /dev/dri/renderD* node")
            return (nil, nil)
        }
        if let missing = GLLibraries.loadGBM() {
            attempts.append("gbm: \(missing)")
            return (nil, nil)
        }
        for node in nodes {
            let fd = Glibc.open(node, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else {
                attempts.append("gbm \(node): \(String(cString: strerror(errno)))")
                continue
            }
            guard let device = shatter_gbm_create_device(fd) else {
                attempts.append("gbm \(node): gbm_create_device failed")
                Glibc.close(fd)
                continue
            }
            do {
                let opened = try open(
                    platform: EGLenum(EGL_PLATFORM_GBM_KHR), native: UnsafeMutableRawPointer(device),
                    name: "gbm \(node)")
                return (opened, (device, fd))
            } catch {
                attempts.append("gbm \(node): \(error)")
                shatter_gbm_device_destroy(device)
                Glibc.close(fd)
            }
        }
        return (nil, nil)
    }
}
