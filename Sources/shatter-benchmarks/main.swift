// Regression benchmarks for Shatter's core paths: `swift run -c release shatter-benchmarks [runs]`.
// Each line is the median (and min) of the runs, in milliseconds. Compare ratios between builds on the
// same machine in one sitting; the machine is shared and its absolute times move.
import Foundation
import Shatter

let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 7

func measure(_ name: String, _ body: () throws -> Void) rethrows {
    var samples = [Double]()
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        let elapsed = (ContinuousClock.now - start).components
        samples.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) * 1e-15)
    }
    samples.sort()
    let median = samples[samples.count / 2]
    print(
        name.padding(toLength: 52, withPad: " ", startingAt: 0)
            + String(format: "median %8.2f ms   min %8.2f ms", median, samples[0]))
}

let width = 1920
let height = 1080
let screen = Texture(image: DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: 1))
let green = Texture(image: DefaultScenes.destination(widthPoints: width, heightPoints: height, scale: 1))
let cpu = SoftwareRenderer()
var frame = Image(width: 0, height: 0)

for pointSize in [1.0, 2.0, 16.0] {
    let effect = try ShatteredTransition(
        from: screen, to: green, parameters: .init(width: width, height: height, pointSize: pointSize))
    let list = effect.displayList(at: 0.5)
    try cpu.render(list, into: &frame)  // warm the per-point cache, as a frame after the first does
    try measure("CPU point-sprite frame 1920x1080, point \(Int(pointSize)), t 0.5") { try cpu.render(list, into: &frame) }
}

// Mid-transition frames: scattered one-pixel pieces, and large ones.
for pointSize in [1.0, 16.0] {
    let frame = try cpu.render(
        try ShatteredTransition(
            from: screen, to: green,
            parameters: .init(
                width: width, height: height,
                pointSize: pointSize)
        )
        .displayList(at: 0.6))
    for filter in PNGFilter.allCases {
        for level in [1, 6] {
            let options = PNGWriteOptions(compressionLevel: level, filter: filter)
            let bytes = try PNGEncoder.encode(frame, options: options).count
            try measure("PNG point \(Int(pointSize)), level \(level), \(filter): \(bytes / 1000) kB") {
                _ = try PNGEncoder.encode(frame, options: options)
            }
        }
    }
}

let curve = TimingFunction.easeInEaseOut
measure("timing function, 1,000,000 evaluations") {
    var sum = 0.0
    for i in 0..<1_000_000 { sum += curve.progress(at: Double(i) / 1_000_000) }
    precondition(sum > 0)
}

try measure("shatter grid 1920x1080 point 1 (2.08 M points)") {
    _ = try ShatteredTransition(from: screen, to: green, parameters: .init(width: width, height: height, pointSize: 1))
}

// Every written frame's pixels and PNG are hashed for the manifest (docs/ARCHITECTURE.md, "Dependencies").
let pixels = screen.image.pixels
measure("SHA-256 of a 1920x1080 RGBA frame (8.3 MB)") { precondition(SHA256Hex.of(pixels).count == 64) }
