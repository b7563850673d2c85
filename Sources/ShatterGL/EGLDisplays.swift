import CShatterGL
import Glibc
import Synchronization

/// Initialised EGL displays, counted. `eglGetPlatformDisplay` hands every caller of one platform and
/// device the same display, and `eglTerminate` ends it for all of them, so a display is terminated
/// only when the last renderer using it lets go. Taking and letting go happen under one lock, so a
/// display is never terminated while another thread initialises it.
enum EGLDisplays {
    private static let users = Mutex<[UInt: Int]>([:])

    /// Gets and initialises the display of `platform`/`native`, counting one more user.
    static func acquire(platform: EGLenum, native: UnsafeMutableRawPointer?, fail: (EGLStep) -> GLError) throws -> EGLDisplay {
        // The lock hands back the display as a number: a raw pointer may not leave it.
        let key = try users.withLock { users in
            guard let display = eglGetPlatformDisplay(platform, native, nil) else { throw fail(.getDisplay) }
            var major: EGLint = 0
            var minor: EGLint = 0
            guard eglInitialize(display, &major, &minor) == EGL_TRUE else { throw fail(.initialize) }
            let key = UInt(bitPattern: display)
            users[key, default: 0] += 1
            return key
        }
        return EGLDisplay(bitPattern: key)!
    }

    /// One user fewer; the last one terminates the display (its driver threads and memory go).
    static func release(_ display: EGLDisplay) {
        users.withLock { users in
            let key = UInt(bitPattern: display)
            let remaining = (users[key] ?? 1) - 1
            users[key] = remaining > 0 ? remaining : nil
            if remaining <= 0 {
                eglTerminate(display)
                EGLTrace.note("eglTerminate")
            }
        }
    }

    /// Displays initialised and not yet terminated (tests check that a closed renderer leaves none).
    static func users(of display: EGLDisplay) -> Int {
        users.withLock { $0[UInt(bitPattern: display)] ?? 0 }
    }
}

/// `SHATTER_EGL_TRACE=1` prints each step of the EGL shutdown to standard error, so a crash at exit
/// on a new driver can be placed, and tests can see that the shutdown ran.
enum EGLTrace {
    static let enabled: Bool = getenvString("SHATTER_EGL_TRACE").map { !$0.isEmpty && $0 != "0" } ?? false

    static func note(_ step: String) {
        guard enabled else { return }
        var line = "shatter: EGL \(step)\n"
        line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
