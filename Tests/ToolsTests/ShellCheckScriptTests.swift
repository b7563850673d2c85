import Foundation
import ShatterTestSupport
import Testing

/// Tools/checks/check-shell.sh refuses a pipe into a reader that may stop early (`grep -q`, `grep -m`,
/// `head`), which shellcheck lets pass: under pipefail it fails at random once the writer's output
/// outgrows one write (Tools/install-obs.sh's `nm | grep -q` failed CI so). Run here on a copy of the script in a git clone of its own, with scripts planted in it.
@Suite struct ShellCheckScriptTests {
    /// A clone holding Tools/checks/check-shell.sh and `scripts` (path → text), all added to git.
    struct Clone {
        let folder: TemporaryFolder

        init(_ scripts: [String: String]) throws {
            folder = try TemporaryFolder()
            let fm = FileManager.default
            try fm.createDirectory(atPath: folder.file("Tools/checks"), withIntermediateDirectories: true)
            try fm.copyItem(
                atPath: Repository.path + "/Tools/checks/check-shell.sh", toPath: folder.file("Tools/checks/check-shell.sh"))
            for (path, text) in scripts {
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file(path)))
            }
            for arguments in [["init", "-q"], ["add", "."]] {
                let git = try CLIRun.command("/usr/bin/git", arguments, in: folder.path)
                #expect(git.status == 0, "\(git.stderr)")
            }
        }

        func check() throws -> CLIRun {
            try CLIRun.command("/bin/bash", [folder.file("Tools/checks/check-shell.sh")], in: folder.path)
        }
    }

    @Test func refusesAPipeIntoAnEarlyReaderAndSaysWhereAndWhatToWrite() throws {
        let clone = try Clone([
            "lists.sh": """
            #!/usr/bin/env bash
            set -euo pipefail
            nm -D --defined-only "$1" | grep -q ' T main$' || exit 1
            first=$(nm "$1" | head -1)
            echo "$first"

            """
        ])
        let run = try clone.check()
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("a pipe into grep -q, grep -m or head fails under pipefail"), "\(run.stderr)")
        #expect(run.stderr.contains("grep -q PATTERN <<<\"$text\""), "\(run.stderr)")
        #expect(run.stderr.contains("lists.sh:3:"), "\(run.stderr)")
        #expect(run.stderr.contains("lists.sh:4:"), "\(run.stderr)")
    }

    @Test func letsGrepReadTheTextWholeAndTellsOrFromPipe() throws {
        // Each a form the check must not mistake for the pipe: a here-string, `||`, a comment, grep that
        // reads all its input (no -q), and -q on a later command of the line, after the pipe's grep.
        let clone = try Clone([
            "fine.sh": """
            #!/usr/bin/env bash
            set -euo pipefail
            symbols=$(nm -D --defined-only "$1")
            grep -q ' T main$' <<<"$symbols" || exit 1
            [ -s "$1" ] || grep -q main "$1"
            # nm "$1" | grep -q main would fail at random
            nm "$1" | grep -c main; grep -q main "$1"
            grep -q main "$1" && echo found

            """
        ])
        let run = try clone.check()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("2 scripts pass bash -n and shellcheck, and none pipes into a reader that stops early"),
            "\(run.stdout)")
    }
}
