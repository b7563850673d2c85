import Foundation
import Glibc
import ShatterTestSupport
import Testing

/// `compare --update` is all or nothing: a SIGTERM while it copies frames is honoured once the golden
/// folder equals the new render (frames and manifest), with one line saying so and exit 143, and no
/// temporary left. Stopped halfway, the golden folder would hold new frames under the old manifest and
/// fail every later comparison.
@Suite struct GoldenUpdateSignalTests {
    @Test func SIGTERMDuringAnUpdateLetsItFinishThenSaysSo() throws {
        let s = try TemporaryFolder()
        // Uncompressed frames, so the update takes a while (about 0.5 s in a debug build).
        for (seed, folder) in [(1, "golden"), (2, "new")] {
            let render = try CLIRun.shatter([
                "render", "shatter", "--size", "480x360", "--backend", "cpu", "--compression", "0", "--seed", "\(seed)",
                "--quiet", "--out", s.file(folder),
            ])
            #expect(render.status == 0, "\(render.stderr)")
        }
        let run = try BackgroundRun(["compare", "--dirs", s.file("golden"), s.file("new"), "--update"], in: s)
        // The golden folder's lock appears once the update has checked both folders, before it writes.
        while !FileManager.default.fileExists(atPath: s.file("golden/.shatter.lock")) && run.process.isRunning { usleep(500) }
        kill(run.process.processIdentifier, SIGTERM)
        #expect(run.wait() == 143, "\(run.stderr)")
        #expect(run.stderr.contains("SIGTERM came during the update, which was finished first"), "\(run.stderr)")
        // Every file of the new render is in the golden folder, byte for byte, and nothing else is.
        #expect(s.allContents(of: s.file("golden")) == s.allContents(of: s.file("new")))
        for name in s.allContents(of: s.file("new")) {
            #expect(
                FileManager.default.contents(atPath: s.file("golden/" + name))
                    == FileManager.default.contents(atPath: s.file("new/" + name)), "\(name)")
        }
    }
}
