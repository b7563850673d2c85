import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// A disk that fills up mid-render: the tool stops with one line saying so, every frame it wrote is
/// complete and identical to the same frame rendered elsewhere, and no partial or temporary file is
/// left. The disk is a 1 MiB tmpfs, which needs root (and a kernel that allows the mount).
@Suite(.enabled(if: TinyDisk.canMount, "needs `mount -t tmpfs` (root): \(TinyDisk.refusal ?? "")"))
struct NothingLostTests {
    @Test func fullDiskStopsCleanly() throws {
        let s = try TemporaryFolder()
        let disk = try TinyDisk(at: s.file("disk"), size: "1M")
        defer { disk.unmount() }
        // Uncompressed 200×200 frames are 160 kB each: the disk holds about six of the 631.
        let options = ["render", "breathe", "--size", "200x200", "--compression", "0", "--backend", "cpu"]
        let run = try CLIRun.shatter(options + ["--out", disk.path + "/frames"])
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("No space left on device") && run.stderr.contains("free some disk space"), "\(run.stderr)")

        let written = s.contents(of: disk.path + "/frames")
        #expect(!written.isEmpty, "no frame was written before the disk filled")
        // The manifest (with its journal) lists every frame that reached the disk.
        let manifest = try #require(try FrameManifest.read(folder: disk.path + "/frames"))
        #expect(manifest.frames.map(\.file) == written, "manifest lists \(manifest.frames.count) of \(written.count) frames")
        #expect(written.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }, "leftovers: \(written)")
        // Each surviving frame is byte for byte the frame a roomy disk gets.
        let reference = s.file("reference")
        let indices = written.compactMap { Int($0.dropFirst(6).dropLast(4)) }
        let last = try #require(indices.max())
        let again = try CLIRun.shatter(options + ["--frames", "0-\(last)", "--out", reference])
        #expect(again.status == 0, "\(again.stderr)")
        for name in written {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: disk.path + "/frames/" + name))
            #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: reference + "/" + name))), "\(name) differs")
        }
        // The frames before the first missing one are all there.
        let firstMissing = (0...last + 1).first { !indices.contains($0) } ?? 0
        #expect(firstMissing >= 1 && indices.count >= firstMissing, "written: \(written)")
    }
}

/// A tmpfs of a fixed size, mounted for one test.
struct TinyDisk {
    let path: String

    init(at path: String, size: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
        guard result.status == 0 else { throw MountRefused(description: result.stderr) }
        self.path = path
    }

    func unmount() { _ = try? Self.run("/bin/umount", [path]) }

    struct MountRefused: Error, CustomStringConvertible { let description: String }

    /// Why a tmpfs cannot be mounted here (nil when it can), found once by mounting and unmounting one.
    static let refusal: String? = {
        let folder = NSTemporaryDirectory() + "shatter-mount-probe-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let disk = try TinyDisk(at: folder, size: "64k")
            disk.unmount()
            return nil
        } catch {
            let reason = "tmpfs mount refused: \(error)"
            print("NothingLostTests skipped: \(reason)")
            return reason
        }
    }()

    static var canMount: Bool { refusal == nil }

    private static func run(_ tool: String, _ arguments: [String]) throws -> CLIRun {
        try CLIRun.command(tool, arguments)
    }
}
