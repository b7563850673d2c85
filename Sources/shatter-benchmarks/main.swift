// Regression benchmarks for Shatter's core paths: `swift run -c release shatter-benchmarks [runs] [png|dust]`
// (`png`: only the PNG encoding of 1080p frames, per compression level; `dust`: only the dust's costs
// around its row kernel). Each line is the median (and
// min) of the runs, in milliseconds, and the median of the thread's CPU time, which a shared machine
// moves less. Compare ratios between builds on the same machine in one sitting.
import Foundation
import Shatter

let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 7
let onlyPNG = CommandLine.arguments.dropFirst(2).first == "png"
let onlyDust = CommandLine.arguments.dropFirst(2).first == "dust"

func measure(_ name: String, _ body: () throws -> Void) rethrows {
    var samples = [Double]()
    var cpu = [Double]()
    func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) * 1e-6
    }
    for _ in 0..<runs {
        let start = ContinuousClock.now
        let startCPU = threadCPU()
        try body()
        cpu.append(threadCPU() - startCPU)
        let elapsed = (ContinuousClock.now - start).components
        samples.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) * 1e-15)
    }
    samples.sort()
    cpu.sort()
    let median = samples[samples.count / 2]
    print(
        name.padding(toLength: 52, withPad: " ", startingAt: 0)
            + String(format: "median %8.2f ms   min %8.2f ms   cpu %8.2f ms", median, samples[0], cpu[cpu.count / 2]))
}

let width = 1920
let height = 1080
let screen = Texture(image: DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: 1))
let green = Texture(image: DefaultScenes.destination(widthPoints: width, heightPoints: height, scale: 1))
let cpu = SoftwareRenderer()
var frame = Image(width: 0, height: 0)

/// The peer benchmark's noisy snapshot (Tools/bench/peer/make-inputs.py): a 60-pixel grey checker with
/// per-pixel, per-channel noise of ±32 from a hash of the pixel index.
func noisySnapshot() -> Image {
    var image = Image(width: width, height: height)
    image.pixels.withUnsafeMutableBufferPointer { p in
        for i in 0..<(width * height) {
            var z = UInt64(i) &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            let grey = (i % width / 60 + i / width / 60) % 2 == 0 ? 200 : 70
            for c in 0..<3 { p[i * 4 + c] = UInt8(clamping: grey + Int(z >> UInt64(8 * c) & 63) - 32) }
            p[i * 4 + 3] = 255
        }
    }
    return image
}

// The dust's costs around its row kernel: the layer split a render (and a frei0r instance) makes once,
// and straightening a frame that is translucent where the layers have gone.
for layers in [32, 255] {
    try measure("dust layer split 1920x1080, \(layers) layers") {
        _ = try DustLayerSplit(width: width, height: height, layers: layers, seed: 0)
    }
}
let translucent = (0..<width * height * 4).map { i in UInt8(truncatingIfNeeded: i % 4 == 3 ? i / 4 : i / 4 % (i / 4 % 256 + 1)) }
var straightened = translucent
measure("straighten a translucent 1920x1080 frame") {
    straightened.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: translucent, count: $0.count) }
    straightened.withUnsafeMutableBufferPointer { Alpha.straightenInPlace($0.baseAddress!, count: $0.count) }
}
if onlyDust { exit(0) }

// PNG encoding of the frames Shatter writes, at every compression level with its default filter.
let noisy = noisySnapshot()
let pngFrames: [(String, Image)] = [
    ("noisy snapshot", noisy), ("UI screen", screen.image),
    (
        "noisy mid-fall p1",
        try cpu.render(
            try ShatteredTransition(
                from: Texture(image: noisy), to: green, parameters: .init(width: width, height: height, pointSize: 1)
            )
            .displayList(at: 0.6))
    ),
    (
        "UI mid-fall p16",
        try cpu.render(
            try ShatteredTransition(from: screen, to: green, parameters: .init(width: width, height: height, pointSize: 16))
                .displayList(at: 0.6))
    ),
]
for (name, frame) in pngFrames {
    for level in 0...9 {
        let options = PNGWriteOptions(compressionLevel: level)
        let bytes = try PNGEncoder.encode(frame, options: options).count
        try measure("PNG \(name), level \(level): \(bytes / 1000) kB") { _ = try PNGEncoder.encode(frame, options: options) }
    }
}
if onlyPNG { exit(0) }

for pointSize in [1.0, 2.0, 16.0] {
    let effect = try ShatteredTransition(
        from: screen, to: green, parameters: .init(width: width, height: height, pointSize: pointSize))
    let list = effect.displayList(at: 0.5)
    try cpu.render(list, into: &frame)  // warm the per-point cache, as a frame after the first does
    try measure("CPU point-sprite frame 1920x1080, point \(Int(pointSize)), t 0.5") { try cpu.render(list, into: &frame) }
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
