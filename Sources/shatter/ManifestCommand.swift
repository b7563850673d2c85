import ArgumentParser
import Shatter

/// `shatter manifest merge DIR…`: joins the manifests of a sharded render.
struct ManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Work with the manifest.json every render writes.",
        subcommands: [MergeManifests.self]
    )
}

struct MergeManifests: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join shard folders' manifests; report frames no shard wrote and frames that disagree.",
        discussion: """
            Exits 0 when every frame of the render is present exactly once (or identically more than \
            once), 1 when any is missing or conflicting, or when the shards name different renderers \
            (GL on different GPUs, GL and CPU) and --allow-mixed-renderers is not given. The merged \
            manifest's file names are the shard folders as given, joined to each frame's name.
            """
    )

    @Flag(
        name: .customLong("allow-mixed-renderers"),
        help: "Merge shards rendered by different renderers (their frames may differ by a level here and there).")
    var allowMixedRenderers = false

    @Argument(help: ArgumentHelp("Shard output folders, each holding a manifest.json.", valueName: "DIR"))
    var folders: [String]

    @Option(help: ArgumentHelp("Write the merged manifest here.", valueName: "FILE"))
    var out: String?

    @Option(
        help: ArgumentHelp(
            "Also gather every frame into this new folder (hard links, or copies), with a manifest: "
                + "the shards as one frame sequence.", valueName: "DIR"))
    var collect: String?

    @Flag(name: .customLong("no-verify"), help: "Only check that each frame file exists; do not hash it against its manifest.")
    var noVerify = false

    func validate() throws {
        if folders.isEmpty { throw ValidationError("give at least one shard folder to merge") }
    }

    func run() throws {
        // The shard folders are this command's inputs: --out may not replace their manifests or frames,
        // nor lie among them.
        try OutputFile.check(
            out.map { [(option: "--out", path: $0)] } ?? [], inputs: folders,
            folders: folders + (collect.map { [$0] } ?? []))
        // Gathered frames inside a shard would become files of that shard (issue 48, L1).
        if let collect { try OutputFile.checkApart(collect, option: "--collect", from: folders) }
        let shards = try ManifestShards(folders: folders)
        if shards.hasMixedRenderers(allowing: allowMixedRenderers) {
            let named = shards.renderers.map { "\($0.rendererAndDriver) (\($0.backend), \($0.folder))" }.joined(separator: " vs ")
            throw CLIFailure(
                description: "the shards were rendered by different renderers: \(named); "
                    + "rerun them on one kind of machine, or pass --allow-mixed-renderers to merge them anyway")
        }
        // The shards' entries stream through in frame order, into --out as they come: memory holds a
        // read buffer per shard, not the frames.
        let result = try shards.merge(verify: !noVerify, allowMixedRenderers: allowMixedRenderers, out: out)
        let expected = result.merged.expectedFrameCount
        print(
            "Merged \(folders.count) manifest\(folders.count == 1 ? "" : "s"): \(result.mergedCount) of \(expected) "
                + "\(RenderRun.frames(expected)) of "
                + "\(result.merged.effect) (\(result.merged.backend))" + (out.map { " into \($0)" } ?? ""))
        if !result.missingRuns.isEmpty {
            print(
                "missing \(result.missingCount) \(RenderRun.frames(result.missingCount)): "
                    + ManifestMerge.describe(runs: result.missingRuns))
        }
        for conflict in result.conflicts { print("conflict: \(conflict)") }
        if !result.isComplete { throw ExitCode.failure }
        if let collect {
            do {
                try shards.collect(into: collect, expected: result.mergedCount, allowMixedRenderers: allowMixedRenderers)
            } catch OutputFolderError.holdsUnclaimedFrames(_, let count, let example) {
                throw ValidationError("--collect \(collect) must be a new or empty folder; it holds \(count) files (\(example)…)")
            }
            print("Collected \(result.mergedCount) frames into \(collect)/")
        }
    }
}
