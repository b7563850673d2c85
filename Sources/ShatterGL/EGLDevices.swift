import CShatterGL
import Glibc

/// Lists the EGL devices with what identifies them, or an empty list where the library cannot
/// enumerate them.
func enumerateDevices() -> [(EGLDeviceEXT, EGLDeviceDescription)] {
    guard let queryDevices = EGLProc.queryDevices else { return [] }
    var count: EGLint = 0
    guard queryDevices(0, nil, &count) == EGL_TRUE, count > 0 else { return [] }
    var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
    guard queryDevices(count, &devices, &count) == EGL_TRUE else { return [] }
    return devices.prefix(Int(count)).enumerated().compactMap { index, device in
        guard let device else { return nil }
        return (device, describe(device, index: index))
    }
}

private func describe(_ device: EGLDeviceEXT, index: Int) -> EGLDeviceDescription {
    func string(_ name: Int32) -> String? {
        guard let query = EGLProc.queryDeviceString, let value = query(device, name) else {
            _ = eglGetError()
            return nil
        }
        return String(cString: value)
    }
    let extensionString = string(EGL_EXTENSIONS)
    let extensions = extensionString.map { $0.split(separator: " ").map(String.init) } ?? []
    let named = extensions.contains("EGL_EXT_device_query_name")
    let drmDevice = extensions.contains("EGL_EXT_device_drm") ? string(EGL_DRM_DEVICE_FILE_EXT) : nil
    return EGLDeviceDescription(
        index: index, extensions: extensions, stringsReadable: extensionString != nil, drmDevice: drmDevice,
        renderNode: extensions.contains("EGL_EXT_device_drm_render_node") ? string(EGL_DRM_RENDER_NODE_FILE_EXT) : nil,
        vendor: named ? string(EGL_VENDOR) : nil,
        renderer: named ? string(EGL_RENDERER_EXT) : nil,
        cudaDevice: extensions.contains("EGL_NV_device_cuda") ? cudaOrdinal(device) : nil,
        uuid: extensions.contains("EGL_EXT_device_persistent_id") ? deviceUUID(device) : nil,
        nvidiaMinor: drmDevice.flatMap { NVIDIADeviceMinor.lookup(drmDevice: $0) })
}

private func cudaOrdinal(_ device: EGLDeviceEXT) -> Int? {
    var value: EGLAttrib = -1
    guard let query = EGLProc.queryDeviceAttribute, query(device, EGL_CUDA_DEVICE_NV, &value) == EGL_TRUE, value >= 0 else {
        _ = eglGetError()
        return nil
    }
    return Int(value)
}

private func deviceUUID(_ device: EGLDeviceEXT) -> String? {
    var bytes = [UInt8](repeating: 0, count: 16)
    var size: EGLint = 0
    guard let query = EGLProc.queryDeviceBinary, query(device, EGL_DEVICE_UUID_EXT, 16, &bytes, &size) == EGL_TRUE,
        size == 16
    else {
        _ = eglGetError()
        return nil
    }
    return SchedulerGPU.formatUUID(bytes)
}

/// `/dev/dri/cardN` → its PCI address (sysfs) → the NVIDIA driver's "Device Minor" for that address.
enum NVIDIADeviceMinor {
    static func lookup(drmDevice: String, root: String = "") -> Int? {
        guard let card = drmDevice.split(separator: "/").last else { return nil }
        guard let resolved = realpath(root + "/sys/class/drm/\(card)/device", nil) else { return nil }
        defer { free(resolved) }
        guard let address = String(cString: resolved).split(separator: "/").last else { return nil }
        guard let text = readSmallFile(root + "/proc/driver/nvidia/gpus/\(address)/information") else { return nil }
        return parseMinor(text)
    }

    /// The number on the "Device Minor:" line of /proc/driver/nvidia/gpus/*/information.
    static func parseMinor(_ information: String) -> Int? {
        for line in information.split(whereSeparator: \.isNewline) where line.hasPrefix("Device Minor:") {
            return Int(line.dropFirst("Device Minor:".count).filter { !$0.isWhitespace })
        }
        return nil
    }
}

/// A small text file (sysfs, procfs, vendor JSON), or nil.
func readSmallFile(_ path: String, limit: Int = 65536) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: limit)
    let count = fread(&bytes, 1, limit, file)
    return String(decoding: bytes.prefix(count), as: UTF8.self)
}
