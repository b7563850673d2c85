/// One stage's milliseconds per frame over a benchmark configuration, keeping the workload apart
/// from the noise: each instant of the transition is timed `repeats` times and stands for the median
/// of its repeats; `min`, `median` and `max` are over the instants (how the cost varies along the
/// transition), `sigma` is the spread of the repeats about their instant's mean (the machine's
/// noise; nil with a single repeat).
public struct BenchmarkStats: Codable, Sendable, Equatable {
    public let min: Double, median: Double, max: Double
    public let sigma: Double?

    /// `samples[i]` holds the repeats of instant i.
    public init(repeatsPerInstant samples: [[Double]]) {
        let perInstant = samples.filter { !$0.isEmpty }.map { Self.median($0) }.sorted()
        min = perInstant.first ?? 0
        max = perInstant.last ?? 0
        median = Self.median(perInstant)
        let deviations = samples.filter { $0.count > 1 }.flatMap { repeats -> [Double] in
            let mean = repeats.reduce(0, +) / Double(repeats.count)
            return repeats.map { ($0 - mean) * ($0 - mean) }
        }
        let degrees = samples.filter { $0.count > 1 }.reduce(0) { $0 + $1.count - 1 }
        sigma = degrees > 0 ? (deviations.reduce(0, +) / Double(degrees)).squareRoot() : nil
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
