import ArgumentParser
import Glibc
import Shatter

/// `--shard I/N`, `--shards N`, `--resume`: splitting one render over many processes or machines,
/// and finishing one that was stopped.
struct ShardOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Render only the frames whose index ≡ I (mod N), 0 ≤ I < N.", valueName: "I/N"))
    var shard: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Render shard I of N, I from $JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or $SLURM_ARRAY_TASK_ID (Slurm array).",
            valueName: "N"))
    var shards: Int?

    @Flag(help: "Keep the frames whose PNG exists and matches --out's manifest.json; render the rest.")
    var resume = false

    @Flag(
        help: ArgumentHelp(
            "Remove the render already in --out (its manifest and the frames it lists, nothing else) first; "
                + "with --video, replace the file there."))
    var overwrite = false

    /// What to do with a render already in the folder.
    var existingFrames: ExistingFrames { resume ? .resume : overwrite ? .overwrite : .refuse }

    func validate() throws {
        if resume, overwrite { throw ValidationError("give --resume or --overwrite, not both") }
        if shard != nil, shards != nil { throw ValidationError("give --shard I/N or --shards N, not both") }
        if let shard { _ = try parse(shard) }
        if let shards, shards < 1 { throw ValidationError("--shards must be 1 or more, not \(shards)") }
    }

    /// This process's shard, or nil for the whole render.
    func resolved(environment: [String: String] = ShardOptions.environment) throws -> FrameShard? {
        if let shard { return try parse(shard) }
        guard let shards else { return nil }
        do throws(FrameShardError) {
            return try FrameShard(count: shards, environment: environment)
        } catch .noSchedulerIndex {
            throw ValidationError(
                "--shards \(shards) takes this shard's index from JOB_COMPLETION_INDEX or "
                    + "SLURM_ARRAY_TASK_ID, and neither is set; use --shard I/N outside a scheduler")
        } catch {
            throw ValidationError("--shards \(shards): \(error)")
        }
    }

    private func parse(_ text: String) throws -> FrameShard {
        do throws(FrameShardError) {
            return try FrameShard(parsing: text)
        } catch .malformed {
            throw ValidationError("--shard must be I/N with 0 ≤ I < N, e.g. 0/4, not '\(text)'")
        } catch {
            throw ValidationError("--shard \(text): \(error)")
        }
    }

    static var environment: [String: String] {
        var values: [String: String] = [:]
        for name in FrameShard.schedulerVariables {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
