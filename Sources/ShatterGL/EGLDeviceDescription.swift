/// One device of `EGL_EXT_device_enumeration`, as `shatter info` lists it and as the device choice
/// (``DevicePlan``) sees it.
public struct EGLDeviceDescription: Sendable, Equatable {
    public let index: Int
    public let extensions: [String]
    /// False where the device's extension string could not be read: such a device is not counted as
    /// hardware (Mesa lists devices that then fail, and a failed query says nothing about the GPU).
    public let stringsReadable: Bool
    public let drmDevice: String?
    public let renderNode: String?
    public let vendor: String?
    public let renderer: String?
    /// `EGL_CUDA_DEVICE_NV`: the CUDA ordinal, as this process's CUDA would number it (after
    /// `CUDA_VISIBLE_DEVICES`).
    public let cudaDevice: Int?
    /// `EGL_EXT_device_persistent_id`'s device UUID, written like NVIDIA's `GPU-…` ids (without the prefix).
    public let uuid: String?
    /// The NVIDIA device minor (`/dev/nvidiaN`), found from the DRM node through sysfs; what Slurm's
    /// `SLURM_STEP_GPUS` numbers.
    public let nvidiaMinor: Int?

    public init(
        index: Int, extensions: [String], stringsReadable: Bool = true, drmDevice: String? = nil,
        renderNode: String? = nil, vendor: String? = nil, renderer: String? = nil, cudaDevice: Int? = nil,
        uuid: String? = nil, nvidiaMinor: Int? = nil
    ) {
        self.index = index
        self.extensions = extensions
        self.stringsReadable = stringsReadable
        self.drmDevice = drmDevice
        self.renderNode = renderNode
        self.vendor = vendor
        self.renderer = renderer
        self.cudaDevice = cudaDevice
        self.uuid = uuid
        self.nvidiaMinor = nvidiaMinor
    }

    /// Mesa marks its CPU rasteriser's device with EGL_MESA_device_software.
    public var isSoftware: Bool { extensions.contains("EGL_MESA_device_software") }
    /// A device worth trying for hardware GL: readable, and not marked as software.
    public var isHardware: Bool { stringsReadable && !isSoftware }

    public var summary: String {
        var parts = [String]()
        if let vendor { parts.append(vendor) }
        if let renderer { parts.append(renderer) }
        if let drmDevice { parts.append(drmDevice) }
        if let cudaDevice { parts.append("CUDA \(cudaDevice)") }
        if let nvidiaMinor { parts.append("/dev/nvidia\(nvidiaMinor)") }
        if let uuid { parts.append("GPU-\(uuid)") }
        if isSoftware { parts.append("software") }
        if !stringsReadable { parts.append("strings unreadable") }
        return parts.isEmpty ? "(no name)" : parts.joined(separator: ", ")
    }
}
