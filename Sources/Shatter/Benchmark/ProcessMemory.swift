import Glibc

/// This process's resident memory, from `/proc/self/status`.
public enum ProcessMemory {
    /// Peak resident set size (VmHWM) in bytes, or nil where /proc is missing.
    public static var peakResidentBytes: Int? { statusField("VmHWM:") }

    /// Current resident set size (VmRSS) in bytes.
    public static var residentBytes: Int? { statusField("VmRSS:") }

    /// Starts a new peak from the current resident size (Linux: writing 5 to /proc/self/clear_refs), so
    /// each benchmark configuration reports its own peak. Returns false where the kernel refuses.
    @discardableResult
    public static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    private static func statusField(_ name: String) -> Int? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(name) else { continue }
            let digits = text.dropFirst(name.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }  // the kernel reports kB
        }
        return nil
    }
}
