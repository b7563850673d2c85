import Foundation
import ShatterTestSupport
import Testing

/// Tools/checks/check-readme-shell.sh, run on a clone of its own (a git repository in a temporary folder
/// holding the script and a README written here), so each case is a README a user could meet.
@Suite(.enabled(if: FFmpegTool.available, "needs Debian's ffmpeg (Tools/setup.sh installs it), which makes the inputs"))
struct ReadmeShellCheckTests {
    /// A clone with `readme` as its README.md and `/frames/` ignored, committed; the check's run in it.
    func check(_ readme: String) throws -> (run: CLIRun, clone: String, folder: TemporaryFolder) {
        let s = try TemporaryFolder()
        let clone = s.file("clone")
        try FileManager.default.createDirectory(atPath: clone + "/Tools/checks", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Repository.path + "/Tools/checks/check-readme-shell.sh", toPath: clone + "/Tools/checks/check-readme-shell.sh"
        )
        try Data(readme.utf8).write(to: URL(fileURLWithPath: clone + "/README.md"))
        try Data("/frames/\n".utf8).write(to: URL(fileURLWithPath: clone + "/.gitignore"))
        let git = "git -c user.name=test -c user.email=test@example.com"
        let setUp = try CLIRun.command(
            "/bin/sh", ["-c", "git init -q . && git add -A && \(git) commit -q -m clone"], in: clone)
        try #require(setUp.status == 0, "\(setUp.stderr)")
        let run = try CLIRun.command(
            "/bin/bash", [clone + "/Tools/checks/check-readme-shell.sh"], environment: ["TMPDIR": s.path])
        return (run, clone, s)
    }

    @Test func commandsRunInOneShellWithMadeInputsAndTheTestCommandSkipped() throws {
        let (run, _, _) = try check(
            """
            # Try it

            ```sh
            export GREETING=hello
            mkdir -p ~/work && cd ~/work
            ```

            Tests (this would fail here: the clone has no package):

            ```sh
            swift test
            ```

            ```sh
            test "$GREETING" = hello && test "$PWD" = "$HOME/work"
            test -s login.png && test -s a.mp4 && echo \\
                continued
            ```

            """)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("README.md:11: skipped: .ci/run runs the README's test command first"), "\(run.stdout)")
        for line in [4, 5, 15, 16] { #expect(run.stdout.contains("README.md:\(line) ("), "\(line): \(run.stdout)") }
        #expect(run.stdout.contains("the clone is as it was"), "\(run.stdout)")
    }

    @Test func aFailingCommandIsNamedByItsLineWithItsOutput() throws {
        let (run, _, _) = try check(
            """
            ```sh
            cd ~
            echo "the reason it failed" >&2; (exit 3)
            echo never
            ```

            """)
        #expect(run.status == 1)
        #expect(run.stderr.contains("README.md:3 failed (exit 3"), "\(run.stderr)")
        #expect(run.stderr.contains("the reason it failed"), "\(run.stderr)")
        #expect(!run.stdout.contains("README.md:4"), "\(run.stdout)")
    }

    @Test func anExampleThatWritesIntoTheCloneFailsTheCheck() throws {
        let (run, clone, _) = try check(
            """
            ```sh
            mkdir -p frames && touch frames/frame-00000.png
            echo more >> README.md
            ```

            """)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.contains("the README's examples changed the clone"), "\(run.stderr)")
        // An ignored folder too, which `git status` alone would not show.
        #expect(run.stderr.contains(clone + "/frames/frame-00000.png"), "\(run.stderr)")
        #expect(run.stderr.contains("M README.md"), "\(run.stderr)")
    }
}
