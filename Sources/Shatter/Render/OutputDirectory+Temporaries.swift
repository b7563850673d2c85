import Foundation
import Glibc

extension OutputDirectory {
    /// Removes temporary files a killed render left behind (`.frame-00012.png.tmp-<pid>-<random>`,
    /// `.manifest.json.tmp-…`): those of processes that are gone, and any carrying this process's
    /// pid, which in a restarted container may be the pid the killed render had. A live writer's
    /// files are left alone, so two renders into one folder do not disturb each other.
    /// Returns how many were removed.
    @discardableResult
    public func removeStaleTemporaries() -> Int {
        Self.removeStaleTemporaries(in: path) { target in
            target == Substring(FrameManifest.fileName) || (target.hasPrefix("frame-") && target.hasSuffix(".png"))
        }
    }

    /// Removes `<folder>/.<target>.tmp-<pid>-…` files whose `target` is accepted by `isOurs` and whose
    /// writer is gone (or had this process's pid). Returns how many were removed.
    @discardableResult
    static func removeStaleTemporaries(in folder: String, isOurs: (Substring) -> Bool) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(".") {
            guard let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
            guard isOurs(name[name.index(after: name.startIndex)..<marker.lowerBound]) else { continue }
            guard let pid = name[marker.upperBound...].split(separator: "-").first.flatMap({ Int32($0) }) else { continue }
            let gone = kill(pid, 0) != 0 && errno == ESRCH
            if pid == getpid() || gone, unlink(folder + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }
}
