import Foundation
import Glibc
import ShatterTestSupport
import Testing

@testable import Shatter

/// The library's side of "a check that cannot be fooled": plain frame names, who made a folder's
/// frames, patterns parsed without `String(format:)`, and the output writer's rules.
@Suite struct TrustAndOutputTests {
    @Test(arguments: [
        ("frame-00000.png", true), ("shot 1.png", true), ("../victim.png", false), ("a/b.png", false), ("..", false),
        (".", false), ("", false), (".hidden.png", false), ("manifest.json", false), ("x\u{0}.png", false),
        ("/etc/passwd.png", false),
    ])
    func frameNamesArePlainPNGNamesBesideTheManifest(_ name: String, _ plain: Bool) {
        #expect(FrameManifest.isPlainFrameName(name) == plain)
    }

    static func manifest(backend: String, renderer: String, version: String? = ShatterVersion.current) -> FrameManifest {
        var manifest = FrameManifest(
            effect: "breathe", parameters: [:], seed: nil, backend: backend, renderer: renderer, fps: 60, frameCount: 7,
            range: .init(first: 0, last: 6), shard: nil)
        manifest.shatterVersion = version
        return manifest
    }

    @Test func aResumeKeepsOnlyFramesOfTheSameVersionAndRenderer() {
        let llvmpipe = Self.manifest(backend: "gl", renderer: "llvmpipe (LLVM 15.0.6, 256 bits)")
        let nvidia = Self.manifest(backend: "gl", renderer: "NVIDIA H100 80GB HBM3/PCIe/SSE2")
        #expect(llvmpipe.makerDifference(from: nvidia)?.contains("NVIDIA H100") == true)
        #expect(llvmpipe.makerDifference(from: llvmpipe) == nil)
        // The CPU renderer's pixels do not depend on its thread count.
        let two = Self.manifest(backend: "cpu", renderer: "Shatter CPU renderer (2 threads)")
        #expect(two.makerDifference(from: Self.manifest(backend: "cpu", renderer: "Shatter CPU renderer (64 threads)")) == nil)
        #expect(two.makerDifference(from: Self.manifest(backend: "cpu", renderer: "x", version: "0.9.0")) != nil)
        #expect(two.makerDifference(from: Self.manifest(backend: "cpu", renderer: "x", version: nil)) != nil)
    }

    /// The same GPU under another driver may round differently: a resume or a merge treats a second
    /// driver version as a second renderer, and says which.
    @Test func anotherDriverIsAnotherRendererForResumeAndMerge() {
        var old = Self.manifest(backend: "gl", renderer: "NVIDIA H100 80GB HBM3/PCIe/SSE2")
        old.driver = "OpenGL ES 3.2 NVIDIA 550.54.15"
        var new = old
        new.driver = "OpenGL ES 3.2 NVIDIA 570.86.10"
        #expect(old.makerDifference(from: old) == nil)
        let difference = new.makerDifference(from: old)
        #expect(difference?.contains("NVIDIA 550.54.15") == true && difference?.contains("NVIDIA 570.86.10") == true)
        let merge = ManifestMerge.merge([("a", old), ("b", new)], fileExists: { _ in true })
        #expect(merge.hasMixedRenderers)
        #expect(
            merge.renderers.map(\.rendererAndDriver) == [
                "NVIDIA H100 80GB HBM3/PCIe/SSE2, OpenGL ES 3.2 NVIDIA 550.54.15",
                "NVIDIA H100 80GB HBM3/PCIe/SSE2, OpenGL ES 3.2 NVIDIA 570.86.10",
            ])
        // The CPU renderer has no driver: its manifests never differ by one.
        let cpu = Self.manifest(backend: "cpu", renderer: "Shatter CPU renderer (2 threads)")
        #expect(cpu.driver == nil && cpu.makerDifference(from: cpu) == nil)
    }

    @Test func patternsAreNumberedAsPrintfWouldAndHugeWidthsRefused() throws {
        let padded = try #require(try ClipSequence.Pattern("a/%05d.png"))
        #expect(padded.name(42) == "a/00042.png" && padded.name(123_456) == "a/123456.png")
        #expect(try #require(try ClipSequence.Pattern("%3d")).name(7) == "  7")
        #expect(try #require(try ClipSequence.Pattern("b%d.png")).name(12) == "b12.png")
        #expect(try ClipSequence.Pattern("plain.png") == nil)
        #expect(try ClipSequence.Pattern("50%.png") == nil)
        #expect(try ClipSequence.Pattern("%d%d.png") == nil)
        for huge in ["%02147483647d", "%099999999999999999999d", "%0999999999d", "%17d"] {
            #expect(throws: ClipError.self) { try ClipSequence.Pattern(huge) }
        }
    }

    @Test func aSocketIsRefusedAsAnOutputAndLeftInPlace() throws {
        let s = try TemporaryFolder()
        let path = s.file("out.sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        #expect(throws: OutputFileError.refused(path: path, option: "--json", kind: "a socket")) {
            try OutputFile.check([(option: "--json", path: path)])
        }
        #expect(throws: OutputFileError.self) { try OutputFile.write([1, 2, 3], to: path) }
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK)
    }

    @Test func aRegularFileIsReplacedWholeAndAFolderRefused() throws {
        let s = try TemporaryFolder()
        try OutputFile.write(Array("first".utf8), to: s.file("a.json"))
        try OutputFile.write(Array("second".utf8), to: s.file("a.json"))
        #expect(try String(contentsOfFile: s.file("a.json"), encoding: .utf8) == "second")
        #expect(s.allContents() == ["a.json"])
        #expect(throws: OutputFileError.self) { try OutputFile.check([(option: "--out", path: s.path)]) }
    }
}
