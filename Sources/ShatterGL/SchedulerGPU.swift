/// The GPU a scheduler gave this process, as its environment names it, in the terms an EGL device
/// can be matched on. EGL numbers devices its own way, and `CUDA_VISIBLE_DEVICES` does not filter
/// them, so on a multi-GPU node every process would otherwise take EGL device 0.
///
/// - `CUDA_VISIBLE_DEVICES` (Slurm, most launchers): this process's CUDA device 0 is the first one
///   listed, and NVIDIA's EGL reports `EGL_CUDA_DEVICE_NV` in the same numbering; a `GPU-…` entry
///   also names the device UUID.
/// - `NVIDIA_VISIBLE_DEVICES` (the NVIDIA container toolkit, Kubernetes): a `GPU-…` UUID or the
///   host's device index (the `/dev/nvidiaN` minor).
/// - `SLURM_STEP_GPUS`, else `SLURM_JOB_GPUS`: the node's GPU indices (device minors).
///
/// Only the first GPU listed counts: Shatter renders on one device per process.
public struct SchedulerGPU: Sendable, Equatable {
    public enum Key: Sendable, Equatable {
        case cudaOrdinal(Int)
        case uuid(String)
        case minor(Int)
    }

    /// Any of these identifies the scheduler's GPU.
    public let keys: [Key]
    /// The variables it came from, as `NAME=value`, for messages.
    public let source: String
    /// Whether the scheduler handed out a MIG slice (`MIG-…`), on which NVIDIA's EGL does not run.
    public let isMIGSlice: Bool

    public init(keys: [Key], source: String, isMIGSlice: Bool = false) {
        self.keys = keys
        self.source = source
        self.isMIGSlice = isMIGSlice
    }

    /// The variables ``from(environment:)`` reads.
    public static let variables = ["CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "SLURM_STEP_GPUS", "SLURM_JOB_GPUS"]

    /// Reads the variables above from `environment`; nil when none names a GPU.
    public static func from(environment: [String: String]) -> SchedulerGPU? {
        var keys: [Key] = []
        var sources: [String] = []
        var mig = false
        func first(_ name: String) -> Substring? {
            guard let value = environment[name], let entry = value.split(separator: ",").first else { return nil }
            let trimmed = entry.drop { $0 == " " }
            sources.append("\(name)=\(value)")
            return trimmed
        }
        if let entry = first("CUDA_VISIBLE_DEVICES") {
            // "-1", "NoDevFiles" or garbage hide every GPU from CUDA: no preference from here.
            if Int(entry).map({ $0 >= 0 }) == true {
                keys.append(.cudaOrdinal(0))
            } else if let uuid = uuid(entry) {
                keys += [.cudaOrdinal(0), .uuid(uuid)]
            } else if entry.hasPrefix("MIG-") {
                mig = true
                keys.append(.cudaOrdinal(0))
            } else {
                sources.removeLast()
            }
        }
        if let entry = first("NVIDIA_VISIBLE_DEVICES") {
            if let index = Int(entry), index >= 0 {
                keys.append(.minor(index))
            } else if let uuid = uuid(entry) {
                keys.append(.uuid(uuid))
            } else if entry.hasPrefix("MIG-") {
                mig = true
            } else {
                sources.removeLast()  // all, none, void
            }
        }
        if let entry = first("SLURM_STEP_GPUS") ?? first("SLURM_JOB_GPUS") {
            if let index = Int(entry), index >= 0 { keys.append(.minor(index)) } else { sources.removeLast() }
        }
        guard !keys.isEmpty || mig else { return nil }
        return SchedulerGPU(keys: keys, source: sources.joined(separator: " "), isMIGSlice: mig)
    }

    /// How many of the keys `device` matches (0: not the scheduler's GPU, as far as it can tell).
    public func matches(_ device: EGLDeviceDescription) -> Int {
        keys.filter { key in
            switch key {
            case .cudaOrdinal(let ordinal): return device.cudaDevice == ordinal
            case .uuid(let uuid): return device.uuid?.hasPrefix(uuid) == true
            case .minor(let minor): return device.nvidiaMinor == minor
            }
        }.count
    }

    /// `GPU-8f6a…` (NVIDIA's spelling, any case) as the bare lowercase 8-4-4-4-12 form, or the start of it:
    /// CUDA takes any unique prefix (`CUDA_VISIBLE_DEVICES=GPU-8f6a`), so a key matches the devices whose
    /// UUID begins with it. Nil for anything that is not the start of such a UUID.
    static func uuid(_ entry: Substring) -> String? {
        guard entry.hasPrefix("GPU-") else { return nil }
        let body = Array(entry.dropFirst(4).lowercased())
        let dashes: Set<Int> = [8, 13, 18, 23]
        guard !body.isEmpty, body.count <= 36,
            body.indices.allSatisfy({ dashes.contains($0) ? body[$0] == "-" : body[$0].isHexDigit })
        else { return nil }
        return String(body)
    }

    /// 16 bytes as the lowercase 8-4-4-4-12 form NVIDIA prints after `GPU-`.
    static func formatUUID(_ bytes: [UInt8]) -> String {
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        var groups: [Substring] = []
        var rest = Substring(hex)
        for length in [8, 4, 4, 4, 12] {
            groups.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        return groups.joined(separator: "-")
    }
}
