/// Which EGL devices the GL backend tries, in which order, and why the others are left out. A pure
/// function of the enumerated devices, the explicit choice and the scheduler's GPU, so that the rules
/// are tested with plain values.
///
/// - An explicit index is tried alone: falling back would hide the user's mistake.
/// - Otherwise hardware devices go in EGL's order, the scheduler's GPU first (the device matching
///   most of its keys). When some device matches, the others are left out: they belong to other
///   jobs on the node, and under cgroups they fail anyway.
/// - Software devices and devices whose strings cannot be read are never tried here (Mesa's
///   surfaceless platform, tried after the devices, still offers the software rasteriser).
public struct DevicePlan: Sendable, Equatable {
    /// Device indices to try, best first.
    public let candidates: [Int]
    /// Devices left out, with the reason.
    public let skipped: [Int: String]

    public init(devices: [EGLDeviceDescription], scheduler: SchedulerGPU?) {
        var skipped: [Int: String] = [:]
        var hardware: [EGLDeviceDescription] = []
        for device in devices {
            if !device.stringsReadable {
                skipped[device.index] = "its EGL strings cannot be read, so it is not counted as hardware"
            } else if device.isSoftware {
                skipped[device.index] = "software rasteriser"
            } else {
                hardware.append(device)
            }
        }
        var candidates = hardware.map(\.index)
        if let scheduler {
            let scored = hardware.map { (index: $0.index, score: scheduler.matches($0)) }
            let best = scored.map(\.score).max() ?? 0
            if best > 0 {
                // Stable: equal scores keep EGL's order.
                let ranked = scored.filter { $0.score > 0 }.enumerated()
                    .sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
                candidates = ranked.map(\.element.index)
                for entry in scored where entry.score == 0 {
                    skipped[entry.index] = "not the scheduler's GPU (\(scheduler.source))"
                }
            }
        }
        self.candidates = candidates
        self.skipped = skipped
    }

    /// An explicit device: only it, whatever it is.
    public init(explicit index: Int) {
        candidates = [index]
        skipped = [:]
    }
}
