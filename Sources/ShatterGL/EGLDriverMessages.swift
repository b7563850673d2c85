import CShatterGL
import Synchronization

/// The driver's last words, caught through EGL_KHR_debug so that a failed step can say more than an
/// error code.
enum EGLDriverMessages {
    private static let last = Mutex<String?>(nil)
    private static let installed = Mutex(false)

    /// Installs the debug callback once per process, where the library offers EGL_KHR_debug.
    static func install(clientExtensions: Set<String>) {
        guard clientExtensions.contains("EGL_KHR_debug"), let control = EGLProc.debugMessageControl else { return }
        installed.withLock { done in
            guard !done else { return }
            done = true
            let attributes: [EGLAttrib] = [
                EGLAttrib(EGL_DEBUG_MSG_CRITICAL_KHR), EGLAttrib(EGL_TRUE),
                EGLAttrib(EGL_DEBUG_MSG_ERROR_KHR), EGLAttrib(EGL_TRUE),
                EGLAttrib(EGL_NONE),
            ]
            _ = control(
                { _, command, _, _, _, message in
                    let text = [command, message].compactMap { $0.map { String(cString: $0) } }.joined(separator: ": ")
                    EGLDriverMessages.last.withLock { $0 = text }
                }, attributes)
        }
    }

    /// Takes the message said since the last call, if any.
    static func take() -> String? {
        last.withLock { message in
            defer { message = nil }
            return message
        }
    }
}
