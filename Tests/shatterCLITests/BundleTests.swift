import Foundation
import Testing

/// Tools/bundle.sh builds the GPU-box bundle (a release build in its own scratch folder), and the
/// bundle runs from a folder of its own with no Swift toolchain in its environment.
@Suite struct BundleTests {
    @Test func theBundleBuildsAndItsInfoRunsFromACleanFolder() throws {
        guard Tool.locate("swift") != nil, Tool.locate("pkg-config") != nil else {
            print("skipped bundle test: swift or pkg-config is not on PATH")
            return
        }
        let scratch = try Scratch()
        let dist = scratch.file("dist/shatter-linux")
        let build = try Tool.run(ClusterFilesTests.repository + "/Tools/bundle.sh", [dist])
        #expect(build?.status == 0, "\(build?.output.suffix(2000) ?? "")")
        #expect(build?.output.contains("needs: ") == true)
        // Only glibc at start: the GL libraries are opened when the GL backend asks for them.
        let needs = build?.output.split(separator: "\n").last { $0.contains("needs: ") } ?? ""
        for library in ["libEGL", "libGLESv2", "libgbm", "libpng", "libstdc++"] {
            #expect(!needs.contains(library), "\(needs)")
        }

        // Copied to a clean folder, with an environment that points nowhere near the toolchain.
        let clean = scratch.file("clean")
        try FileManager.default.createDirectory(atPath: clean, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dist + "/shatter", toPath: clean + "/shatter")
        let info = try #require(try Tool.run(clean + "/shatter", ["info"], environment: ["PATH": "/usr/bin:/bin", "HOME": clean],
                                             inherit: false, directory: clean))
        let output = info.output
        #expect(info.status == 0, "\(output)")
        #expect(output.contains("CPU renderer: Shatter CPU renderer") && output.contains("auto picks: "), "\(output)")
        #expect(FileManager.default.fileExists(atPath: dist + "/README.md"))

        // And where no GL library exists at all, it still renders on the CPU.
        guard NoGLLibrariesTests.namespacesWork else { return }
        let bare = try CLIRun.command(NoGLLibrariesTests.withoutGL, [clean + "/shatter", "render", "shatter", "--size", "24x16",
                                                                     "--duration", "0", "--out", scratch.file("bare")])
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stderr.contains("libEGL.so.1 could not be loaded"), "\(bare.stderr)")
    }
}
