import Foundation
import ShatterTestSupport
import Testing

/// What `--help` and a mistyped value tell a new user: only options the command takes, each with its
/// default, and the valid choices.
@Suite struct HelpTests {
    /// The help text of `option` in `help`: from its line to the next option's, its words one space apart.
    static func entry(_ option: String, in help: String) -> String {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(option + " ") }) else {
            return ""
        }
        // Its text goes on in lines indented past the option names' column.
        let rest = lines[(start + 1)...].prefix { $0.prefix(while: { $0 == " " }).count > 8 }
        // Words only: help wraps lines wherever it likes.
        return ([lines[start]] + rest).joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func joinHelpListsNoPipeAndGivesEachDefault() throws {
        let help = try CLIRun.shatter(["join", "--help"]).stdout
        #expect(!help.contains("--pipe <"), "\(help)")
        for option in ["--quality", "--audio", "--point-size", "--transition"] {
            #expect(Self.entry(option, in: help).contains("(default: "), "\(option): \(Self.entry(option, in: help))")
        }
        let render = try CLIRun.shatter(["render", "shatter", "--help"]).stdout
        #expect(render.contains("--pipe <"))
        for option in ["--quality", "--audio", "--point-size"] {
            #expect(Self.entry(option, in: render).contains("(default: "), "\(option): \(Self.entry(option, in: render))")
        }
    }

    /// One --point-size default, auto, in every command that draws the shatter for a user, said plainly
    /// and the same way (issue 48: render's 2 points came out as TV static at a video's width).
    @Test func everyCommandGivesThePointSizeTheOneDefaultAuto() throws {
        for command in [["render", "shatter"], ["compare", "shatter"], ["preview", "shatter"], ["join"]] {
            let entry = Self.entry("--point-size", in: try CLIRun.shatter(command + ["--help"]).stdout)
            #expect(entry.hasSuffix("(10.25 px at 1920 wide). (default: auto)"), "\(command): \(entry)")
            #expect(!entry.contains("TV static") && !entry.contains("default: 2"), "\(command): \(entry)")
        }
    }

    /// `compare`'s usage shows its three forms, not the generated "compare <options> <subcommand>".
    @Test func compareUsageShowsItsThreeForms() throws {
        let run = try CLIRun.shatter(["compare", "--help"])
        #expect(run.status == 0, "\(run.stderr)")
        for form in [
            "shatter compare <effect> [<effect options>] [<options>]",
            "shatter compare --images EXPECTED.png ACTUAL.png [<options>]",
            "shatter compare --dirs GOLDEN NEW [--update | <options>]",
        ] {
            #expect(run.stdout.contains(form), "\(form): \(run.stdout)")
        }
        #expect(!run.stdout.contains("<options> <subcommand>"), "\(run.stdout)")
    }

    @Test func aMistypedTransitionListsTheChoices() throws {
        let run = try CLIRun.shatter(["join", "a.mp4", "b.mp4", "--transition", "shatterr:1", "--video", "o.mp4"])
        #expect(run.status == 64 && run.errorLines.first?.contains("shatterr:1") == true, "\(run.stderr)")
        #expect(run.stderr.contains("give shatter or dust"), "\(run.stderr)")
        let seconds = try CLIRun.shatter(["join", "a.mp4", "b.mp4", "--transition", "dust:0", "--video", "o.mp4"])
        #expect(seconds.status == 64 && seconds.stderr.contains("must be a number from 0.001 to 86400"), "\(seconds.stderr)")
    }
}
