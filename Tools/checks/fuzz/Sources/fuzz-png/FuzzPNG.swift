import CFuzzer
import Glibc
import Shatter

/// Hands over to libFuzzer, which parses its own flags and calls ``fuzzPNG(_:_:)`` per input.
@main enum FuzzPNGMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzPNG))
    }
}

/// One fuzzer input: a would-be PNG file.
///
/// The limits are small so that a header claiming a large (but allowed) image cannot make each run
/// allocate hundreds of megabytes: the fuzzer looks for crashes and leaks, not for big pictures.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = PNGLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 20)
    do {
        let image = try PNGDecoder.decode(data: bytes, name: "fuzz.png", limits: limits)
        // A decoded image must be exactly what it claims, and premultiplied (no color above alpha).
        precondition(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = image.pixels[i + 3]
            precondition(image.pixels[i] <= a && image.pixels[i + 1] <= a && image.pixels[i + 2] <= a)
        }
        // Whatever decodes must encode and decode back to the same pixels.
        let again = try PNGDecoder.decode(data: try PNGEncoder.encode(image), name: "again.png", limits: limits)
        precondition(again.pixels == image.pixels)
    } catch {
        // Every refusal is one line that names the input.
        let text = error.description
        precondition(text.hasPrefix("fuzz.png") && !text.contains("\n"), "bad message: \(text)")
    }
    return 0
}
