import CShatterGL

/// Typed access to EGL's extension entry points, which libglvnd only hands out through
/// `eglGetProcAddress`. Looked up on first use, after ``GLLibraries/load()``.
enum EGLProc {
    static func load<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = eglGetProcAddress(name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }

    static let queryDevices = load("eglQueryDevicesEXT", as: PFNEGLQUERYDEVICESEXTPROC.self)
    static let queryDeviceString = load("eglQueryDeviceStringEXT", as: PFNEGLQUERYDEVICESTRINGEXTPROC.self)
    static let queryDeviceAttribute = load("eglQueryDeviceAttribEXT", as: PFNEGLQUERYDEVICEATTRIBEXTPROC.self)
    static let queryDeviceBinary = load("eglQueryDeviceBinaryEXT", as: PFNEGLQUERYDEVICEBINARYEXTPROC.self)
    static let debugMessageControl = load("eglDebugMessageControlKHR", as: PFNEGLDEBUGMESSAGECONTROLKHRPROC.self)
}

/// Space-separated EGL extension strings as a set.
func extensionSet(_ string: UnsafePointer<CChar>?) -> Set<String> {
    guard let string else { return [] }
    return Set(String(cString: string).split(separator: " ").map(String.init))
}

/// The client extensions (those of no display): which platforms this libEGL offers.
func queryClientExtensions() -> Set<String> {
    let set = extensionSet(eglQueryString(nil, EGL_EXTENSIONS))
    _ = eglGetError()  // an EGL 1.4 library raises EGL_BAD_DISPLAY here; not an error for us
    return set
}
