import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// EGL, GLES and GBM are opened at run time, so `shatter` starts and renders on the CPU on a machine
/// with no GL library at all. Tools/hosts/without-gl.sh makes such a machine: a mount namespace whose
/// system library folder holds only what the binary links.
@Suite struct NoGLLibrariesTests {
    static let withoutGL = Repository.path + "/Tools/hosts/without-gl.sh"

    /// The namespace needs unshare(1) and root or user namespaces; CI containers may allow neither.
    static let namespacesWork: Bool = {
        let userNamespace = try? Tool.run("unshare", ["--mount", "--map-root-user", "true"])
        let plain = try? Tool.run("unshare", ["--mount", "true"])
        return userNamespace?.status == 0 || plain?.status == 0
    }()

    @Test(.enabled(if: Tool.locate("readelf") != nil, "needs readelf (binutils)"))
    func theBinaryLinksNoGLLibrary() throws {
        let dynamic = try #require(try Tool.run("readelf", ["-d", CLIRun.binary]))
        #expect(dynamic.status == 0, "\(dynamic.output)")
        let needed = dynamic.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty, "\(dynamic.output)")
        for library in ["libEGL", "libGLESv2", "libgbm", "libGL."] {
            #expect(!needed.contains { $0.contains(library) }, "\(needed)")
        }
    }

    @Test(.enabled(if: namespacesWork, "unshare --mount is not permitted here (needs root or user namespaces)"))
    func theCPURendererGivesTheSameFramesWithNoGLLibraryInstalled() throws {
        let scratch = try TemporaryFolder()
        let options = ["render", "shatter", "--size", "48x32", "--fps", "10", "--backend", "cpu"]
        let normal = try CLIRun.shatter(options + ["--out", scratch.file("normal")])
        #expect(normal.status == 0, "\(normal.stderr)")
        let bare = try CLIRun.command(Self.withoutGL, [CLIRun.binary] + options + ["--out", scratch.file("bare")])
        #expect(bare.status == 0, "\(bare.stderr)")
        let expected = try #require(try FrameManifest.read(path: scratch.file("normal/manifest.json")))
        let actual = try #require(try FrameManifest.read(path: scratch.file("bare/manifest.json")))
        #expect(actual.frames.count == 13)
        #expect(actual.frames.map(\.pixels) == expected.frames.map(\.pixels))
    }

    @Test(.enabled(if: namespacesWork, "unshare --mount is not permitted here (needs root or user namespaces)"))
    func glThereIsOneLineNamingTheMissingLibraryAndAutoSaysSo() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("gl")
        let gl = try CLIRun.command(
            Self.withoutGL,
            [
                CLIRun.binary, "render", "shatter", "--size", "32x24", "--backend", "gl",
                "--out", out,
            ])
        #expect(gl.status == 1)
        #expect(gl.errorLines.count == 1, "\(gl.stderr)")
        #expect(gl.stderr.hasPrefix("shatter: error: libEGL.so.1 could not be loaded ("), "\(gl.stderr)")
        #expect(scratch.contents(of: out).isEmpty)

        let auto = try CLIRun.command(
            Self.withoutGL,
            [
                CLIRun.binary, "render", "shatter", "--size", "32x24", "--duration", "0",
                "--out", out,
            ])
        #expect(auto.status == 0, "\(auto.stderr)")
        #expect(auto.stderr.contains("libEGL.so.1 could not be loaded"), "\(auto.stderr)")
        #expect(auto.stdout.contains("(cpu: Shatter CPU renderer"))

        let info = try CLIRun.command(Self.withoutGL, [CLIRun.binary, "info"])
        #expect(info.status == 0)
        #expect(info.stdout.contains("GL: unavailable: libEGL.so.1 could not be loaded"), "\(info.stdout)")
        #expect(info.stdout.contains("auto picks: cpu (libEGL.so.1 is missing)"), "\(info.stdout)")
    }

    /// `bench`'s default `gl,cpu` on a machine without GL measures the CPU and gives GL's rows null
    /// figures, each saying why, as docs/speed.md promises.
    @Test(.enabled(if: namespacesWork, "unshare --mount is not permitted here"))
    func benchMeasuresTheCPUAndGivesGLNullFiguresWithNoGLLibrary() throws {
        let scratch = try TemporaryFolder()
        let json = scratch.file("bench.json")
        let bench = try CLIRun.command(
            Self.withoutGL,
            [
                CLIRun.binary, "bench", "--point-sizes", "8", "--size", "32x32", "--frames", "1", "--repeat", "1",
                "--encode", "none", "--json", json,
            ])
        #expect(bench.status == 0, "\(bench.stderr)")
        let report = try JSONDecoder().decode(BenchmarkReport.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        let gl = try #require(report.results.first { $0.backend == "gl" })
        #expect(gl.refused?.contains("libEGL.so.1 could not be loaded") == true, "\(gl.refused ?? "nil")")
        #expect(gl.frameMs == nil && gl.fps == nil)
        let cpu = try #require(report.results.first { $0.backend == "cpu" })
        #expect(cpu.refused == nil && cpu.fps != nil)
        #expect(report.machine.gl == nil)
    }
}
