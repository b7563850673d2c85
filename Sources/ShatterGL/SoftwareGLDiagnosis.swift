import Glibc

/// Why a machine meant to render on a GPU only got a software rasteriser (llvmpipe): the causes
/// seen on real nodes, checked against what this machine shows. ``likelyCauses(_:)`` is a pure
/// function of ``Facts`` so each rule is tested with plain values; `Facts.gather(deviceFailures:)`
/// reads them off the machine.
public enum SoftwareGLDiagnosis {
    public struct Facts: Sendable, Equatable {
        /// `/dev/nvidia0`, `/dev/nvidia1`, … (not nvidiactl / nvidia-uvm).
        public var nvidiaNodes: [String]
        /// `/dev/dri/renderD128`, …
        public var renderNodes: [String]
        /// A libglvnd vendor file naming NVIDIA's EGL (`10_nvidia.json`), if any.
        public var nvidiaVendorFile: String?
        /// Where libglvnd looks for vendor files, in words.
        public var vendorSearch: String
        /// CUDA_VISIBLE_DEVICES, NVIDIA_VISIBLE_DEVICES, NVIDIA_DRIVER_CAPABILITIES, SLURM_*_GPUS.
        public var environment: [String: String]
        /// One line per hardware device that was tried and failed.
        public var deviceFailures: [String]

        public init(
            nvidiaNodes: [String] = [], renderNodes: [String] = [], nvidiaVendorFile: String? = nil,
            vendorSearch: String = "", environment: [String: String] = [:], deviceFailures: [String] = []
        ) {
            self.nvidiaNodes = nvidiaNodes
            self.renderNodes = renderNodes
            self.nvidiaVendorFile = nvidiaVendorFile
            self.vendorSearch = vendorSearch
            self.environment = environment
            self.deviceFailures = deviceFailures
        }

        static let variables = [
            "CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES",
            "SLURM_STEP_GPUS", "SLURM_JOB_GPUS",
        ]

        /// What this machine shows.
        static func gather(deviceFailures: [String]) -> Facts {
            let dev = listDirectory("/dev")
            let nvidia = dev.filter { $0.hasPrefix("nvidia") && $0.dropFirst(6).allSatisfy(\.isNumber) && $0.count > 6 }
            let render = listDirectory("/dev/dri").filter { $0.hasPrefix("renderD") }
            let (files, search) = vendorFiles()
            let vendor = NVIDIAVendorLibrary.vendorFile(in: files)?.file
            return Facts(
                nvidiaNodes: nvidia.sorted().map { "/dev/" + $0 }, renderNodes: render.sorted().map { "/dev/dri/" + $0 },
                nvidiaVendorFile: vendor, vendorSearch: search,
                environment: ShatterGL.environment(variables), deviceFailures: deviceFailures)
        }

        /// libglvnd's vendor files: __EGL_VENDOR_LIBRARY_FILENAMES, else the JSON files in
        /// __EGL_VENDOR_LIBRARY_DIRS, else in its default folders.
        static func vendorFiles() -> ([String], String) {
            if let names = getenvString("__EGL_VENDOR_LIBRARY_FILENAMES"), !names.isEmpty {
                return (names.split(separator: ":").map(String.init), "__EGL_VENDOR_LIBRARY_FILENAMES=\(names)")
            }
            let dirs =
                getenvString("__EGL_VENDOR_LIBRARY_DIRS").map { $0.split(separator: ":").map(String.init) }
                ?? ["/etc/glvnd/egl_vendor.d", "/usr/share/glvnd/egl_vendor.d"]
            let files = dirs.flatMap { dir in listDirectory(dir).filter { $0.hasSuffix(".json") }.sorted().map { dir + "/" + $0 }
            }
            return (files, dirs.joined(separator: " or "))
        }
    }

    /// The likely causes, most specific first; never empty.
    public static func likelyCauses(_ facts: Facts) -> [String] {
        var causes: [String] = []
        if let scheduler = SchedulerGPU.from(environment: facts.environment), scheduler.isMIGSlice {
            causes.append(
                "the scheduler assigned a MIG slice (\(scheduler.source)), and NVIDIA's EGL and OpenGL do not "
                    + "run on MIG instances: ask for a whole GPU")
        }
        if facts.nvidiaNodes.isEmpty && facts.renderNodes.isEmpty {
            causes.append(
                "no GPU device node (/dev/nvidia*, /dev/dri/renderD*) is visible: the GPU was not passed "
                    + "into this machine or container")
        }
        if !facts.nvidiaNodes.isEmpty && facts.nvidiaVendorFile == nil {
            causes.append(
                "\(facts.nvidiaNodes.joined(separator: " ")) exist but no EGL vendor file names libEGL_nvidia "
                    + "(10_nvidia.json, looked in \(facts.vendorSearch)), so libglvnd never asks NVIDIA's EGL")
        }
        if let capabilities = facts.environment["NVIDIA_DRIVER_CAPABILITIES"],
            !capabilities.split(separator: ",").contains(where: { $0 == "graphics" || $0 == "all" })
        {
            causes.append(
                "NVIDIA_DRIVER_CAPABILITIES=\(capabilities) lacks graphics, so the NVIDIA container toolkit "
                    + "did not mount the driver's EGL")
        }
        causes += facts.deviceFailures
        if causes.isEmpty { causes.append("no hardware EGL device is listed on this machine") }
        return causes
    }
}

/// A folder's entry names (no . or ..); empty when it cannot be read.
func listDirectory(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
