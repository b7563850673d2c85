import CEGL

/// Typed access to EGL's extension entry points, which libglvnd only hands out through
/// `eglGetProcAddress`.
enum EGLProc {
    static func load<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = eglGetProcAddress(name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }

    static let queryDevices = load("eglQueryDevicesEXT", as: PFNEGLQUERYDEVICESEXTPROC.self)
    static let queryDeviceString = load("eglQueryDeviceStringEXT", as: PFNEGLQUERYDEVICESTRINGEXTPROC.self)
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

/// One device of `EGL_EXT_device_enumeration`, as `shatter info` lists it.
public struct EGLDeviceDescription: Sendable {
    public let index: Int
    public let extensions: [String]
    /// Mesa marks its CPU rasteriser's device with EGL_MESA_device_software.
    public var isSoftware: Bool { extensions.contains("EGL_MESA_device_software") }
    public let drmDevice: String?
    public let renderNode: String?
    public let vendor: String?
    public let renderer: String?

    public var summary: String {
        var parts = [String]()
        if let vendor { parts.append(vendor) }
        if let renderer { parts.append(renderer) }
        if let drmDevice { parts.append(drmDevice) }
        if isSoftware { parts.append("software") }
        return parts.isEmpty ? "(no name)" : parts.joined(separator: ", ")
    }
}

/// Lists the EGL devices, or an empty list where the library cannot enumerate them.
func enumerateDevices() -> [(EGLDeviceEXT, EGLDeviceDescription)] {
    guard let queryDevices = EGLProc.queryDevices else { return [] }
    var count: EGLint = 0
    guard queryDevices(0, nil, &count) == EGL_TRUE, count > 0 else { return [] }
    var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
    guard queryDevices(count, &devices, &count) == EGL_TRUE else { return [] }
    return devices.prefix(Int(count)).enumerated().compactMap { index, device in
        guard let device else { return nil }
        func string(_ name: Int32) -> String? {
            guard let query = EGLProc.queryDeviceString, let value = query(device, name) else {
                _ = eglGetError()
                return nil
            }
            return String(cString: value)
        }
        let extensions = string(EGL_EXTENSIONS).map { $0.split(separator: " ").map(String.init) } ?? []
        let named = extensions.contains("EGL_EXT_device_query_name")
        let description = EGLDeviceDescription(
            index: index, extensions: extensions,
            drmDevice: extensions.contains("EGL_EXT_device_drm") ? string(EGL_DRM_DEVICE_FILE_EXT) : nil,
            renderNode: extensions.contains("EGL_EXT_device_drm_render_node") ? string(EGL_DRM_RENDER_NODE_FILE_EXT) : nil,
            vendor: named ? string(EGL_VENDOR) : nil,
            renderer: named ? string(EGL_RENDERER_EXT) : nil)
        return (device, description)
    }
}
