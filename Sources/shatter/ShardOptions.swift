import ArgumentParser
import Glibc
import Shatter

/// `--shard I/N`, `--shards N`, `--resume`: splitting one render over many processes or machines,
/// and finishing one that was stopped.
struct ShardOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Render only the frames whose index ≡ I (mod N), 0 ≤ I < N.", valueName: "I/N"))
    var shard: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Render shard I of N, I from $JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or $SLURM_ARRAY_TASK_ID (Slurm array).",
        valueName: "N"))
    var shards: Int?

    @Flag(help: "Keep the frames whose PNG exists and matches --out's manifest.json; render the rest.")
    var resume = false

    func validate() throws {
        if shard != nil, shards != nil { throw ValidationError("give --shard I/N or --shards N, not both") }
        if let shard { _ = try parse(shard) }
        if let shards, shards < 1 { throw ValidationError("--shards must be 1 or more, not \(shards)") }
    }

    /// This process's shard, or nil for the whole render.
    func resolved(environment: [String: String] = ShardOptions.environment) throws -> FrameShard? {
        if let shard { return try parse(shard) }
        guard let shards else { return nil }
        do {
            return try FrameShard(count: shards, environment: environment)
        } catch let problem as FrameShard.Problem {
            throw ValidationError(problem.description)
        }
    }

    private func parse(_ text: String) throws -> FrameShard {
        do {
            return try FrameShard(parsing: text)
        } catch let problem as FrameShard.Problem {
            throw ValidationError(problem.description)
        }
    }

    static var environment: [String: String] {
        var values: [String: String] = [:]
        for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
