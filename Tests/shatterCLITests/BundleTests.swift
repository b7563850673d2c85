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
    }
}
