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

    public init(index: Int, count: Int) throws(FrameShardError) {
        guard count >= 1 else { throw .countBelowOne(count) }
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        self.index = index
        self.count = count
    }

    /// `I/N`, e.g. `2/8`.
    public init(parsing text: String) throws(FrameShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .malformed(text) }
        try self.init(index: index, count: count)
    }

    /// The environment variables a scheduler sets, in the order they are read.
    public static let schedulerVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"]

    /// `count` shards, this process's index taken from the scheduler: `JOB_COMPLETION_INDEX`
    /// (Kubernetes Indexed Jobs, 0-based) or else `SLURM_ARRAY_TASK_ID` (Slurm job arrays, made
    /// 0-based by subtracting `SLURM_ARRAY_TASK_MIN` when set, so an array numbered from 1 works too).
    /// A variable that is set but not a whole number is refused, whichever it is.
    public init(count: Int, environment: [String: String]) throws(FrameShardError) {
        func number(_ name: String) throws(FrameShardError) -> Int? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            guard let number = Int(value) else { throw .badEnvironment(name: name, value: value) }
            return number
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            try self.init(index: index, count: count)
        } else if let id = try number("SLURM_ARRAY_TASK_ID") {
            try self.init(index: id - (try number("SLURM_ARRAY_TASK_MIN") ?? 0), count: count)
        } else {
            throw .noSchedulerIndex(count: count)
        }
    }

    public func contains(_ frame: Int) -> Bool { frame % count == index }

    public func select(_ frames: [Int]) -> [Int] { frames.filter(contains) }

    public var label: String { "\(index)/\(count)" }

    private enum CodingKeys: String, CodingKey { case index, count, scheme }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            index: try container.decode(Int.self, forKey: .index), count: try container.decode(Int.self, forKey: .count))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(count, forKey: .count)
        try container.encode(scheme, forKey: .scheme)
    }
}

/// Why a shard cannot be made.
public enum FrameShardError: Error, CustomStringConvertible, Equatable {
    case countBelowOne(Int)
    case indexOutOfRange(index: Int, count: Int)
    /// Not `I/N`.
    case malformed(String)
    /// A scheduler variable that is set but not a whole number.
    case badEnvironment(name: String, value: String)
    /// Neither `JOB_COMPLETION_INDEX` nor `SLURM_ARRAY_TASK_ID` is set.
    case noSchedulerIndex(count: Int)

    public var description: String {
        switch self {
        case .countBelowOne(let count): return "the shard count must be 1 or more, not \(count)"
        case .indexOutOfRange(let index, let count): return "shard index \(index) is outside 0…\(count - 1) for \(count) shards"
        case .malformed(let text): return "a shard is written I/N with 0 ≤ I < N, e.g. 0/4, not '\(text)'"
        case .badEnvironment(let name, let value): return "\(name) must be a whole number such as 0, not '\(value)'"
        case .noSchedulerIndex(let count):
            return "\(count) shards take this shard's index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID, and neither is set"
        }
    }
}
