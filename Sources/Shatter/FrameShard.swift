/// One of N shards of a render: the frames whose index ≡ `index` (mod `count`).
///
/// Modulo (round-robin) rather than contiguous chunks: every shard gets early, middle and late
/// frames, so shards of an animation whose cost varies over time finish close together, and a
/// shard's frames do not depend on how many frames the animation has.
///
/// ```swift
/// let shard = try FrameShard(index: 1, count: 3)
/// shard.select(Array(0..<10))   // [1, 4, 7]
/// ```
public struct FrameShard: Sendable, Equatable, Codable {
    public let index: Int
    public let count: Int
    /// How frames are dealt out; written into manifests so a reader need not guess.
    public var scheme: String { "modulo" }

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    public init(index: Int, count: Int) throws {
        guard count >= 1 else { throw Problem(description: "the shard count must be 1 or more, not \(count)") }
        guard (0..<count).contains(index) else {
            throw Problem(description: "shard index \(index) is outside 0…\(count - 1) for \(count) shards")
        }
        self.index = index
        self.count = count
    }

    /// `I/N`, e.g. `2/8`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw Problem(description: "--shard must be I/N with 0 ≤ I < N, e.g. 0/4, not '\(text)'")
        }
        try self.init(index: index, count: count)
    }

    /// `count` shards, this process's index taken from the scheduler: `JOB_COMPLETION_INDEX`
    /// (Kubernetes Indexed Jobs, 0-based) or else `SLURM_ARRAY_TASK_ID` (Slurm job arrays, made
    /// 0-based by subtracting `SLURM_ARRAY_TASK_MIN` when set, so `--array=1-4` works too).
    public init(count: Int, environment: [String: String]) throws {
        if let value = environment["JOB_COMPLETION_INDEX"], !value.isEmpty {
            guard let index = Int(value) else {
                throw Problem(description: "JOB_COMPLETION_INDEX must be a shard index such as 0, not '\(value)'")
            }
            try self.init(index: index, count: count)
        } else if let value = environment["SLURM_ARRAY_TASK_ID"], !value.isEmpty {
            let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
            guard let id = Int(value) else {
                throw Problem(description: "SLURM_ARRAY_TASK_ID must be a task index such as 0, not '\(value)'")
            }
            try self.init(index: id - minimum, count: count)
        } else {
            throw Problem(description: "--shards \(count) takes this shard's index from JOB_COMPLETION_INDEX or "
                          + "SLURM_ARRAY_TASK_ID, and neither is set; use --shard I/N outside a scheduler")
        }
    }

    public func contains(_ frame: Int) -> Bool { frame % count == index }

    public func select(_ frames: [Int]) -> [Int] { frames.filter(contains) }

    public var label: String { "\(index)/\(count)" }

    private enum CodingKeys: String, CodingKey { case index, count, scheme }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(index: try container.decode(Int.self, forKey: .index), count: try container.decode(Int.self, forKey: .count))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(count, forKey: .count)
        try container.encode(scheme, forKey: .scheme)
    }
}
