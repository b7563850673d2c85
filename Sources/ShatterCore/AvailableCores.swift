#if canImport(Glibc)
    import Glibc
#endif

/// The number of cores this process may use: the CPUs its affinity allows (what `taskset`, Slurm's
/// cpusets and `docker --cpuset-cpus` restrict) and, under a CPU quota (Kubernetes' `limits.cpu`,
/// `docker --cpus`), the quota rounded up, whichever is fewer. The machine's online count would start a
/// thread per core of a 64-core node that granted the render four, and a quota would then throttle
/// them all.
public enum AvailableCores {
    public static var count: Int {
        let online = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let allowed = readFile("/proc/self/status").flatMap(affinityCount(status:))
        let quota = readFile("/proc/self/cgroup").flatMap(cgroupQuota(membership:))
        return max(1, [online > 0 ? online : 1, allowed ?? .max, quota ?? .max].min()!)
    }

    /// The CPUs `/proc/self/status`'s `Cpus_allowed:` mask (hex words separated by commas) sets.
    static func affinityCount(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        var bits = 0
        for character in line.dropFirst("Cpus_allowed:".count) where character.isHexDigit {
            bits += character.hexDigitValue!.nonzeroBitCount
        }
        return bits > 0 ? bits : nil
    }

    /// Cores a CPU quota allows (quota ÷ period, rounded up), from `cpu.max` (cgroup v2: "max 100000"
    /// or "400000 100000"); nil without a limit.
    static func cores(cpuMax: String) -> Int? {
        let fields = cpuMax.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
        return cores(quota: quota, period: period)
    }

    /// Cores a CFS quota allows; nil for no limit (a quota ≤ 0, cgroup v1's -1).
    static func cores(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return max(1, (quota + period - 1) / period)
    }

    /// The quota of this process's cgroup, read through `/proc/self/cgroup` (v2's `0::PATH`, or v1's
    /// `cpu` controller line) from `/sys/fs/cgroup`.
    static func cgroupQuota(membership: String) -> Int? {
        for line in membership.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let path = parts[2] == "/" ? "" : String(parts[2])
            if parts[0] == "0" && parts[1].isEmpty, let text = readFile("/sys/fs/cgroup" + path + "/cpu.max") {
                return cores(cpuMax: text)
            }
            let controllers = parts[1].split(separator: ",")
            if controllers.contains("cpu") {
                let folder = "/sys/fs/cgroup/" + parts[1] + path
                guard let quota = readFile(folder + "/cpu.cfs_quota_us").flatMap({ Int($0.filter { $0 != "\n" }) }),
                    let period = readFile(folder + "/cpu.cfs_period_us").flatMap({ Int($0.filter { $0 != "\n" }) })
                else { return nil }
                return cores(quota: quota, period: period)
            }
        }
        return nil
    }

    /// A small text file's contents (at most 64 KiB), or nil.
    static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = fread(&bytes, 1, bytes.count, file)
        return count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : nil
    }
}
