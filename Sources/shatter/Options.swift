import ArgumentParser
import Glibc
import Shatter

/// `--device auto|N`, or `SHATTER_EGL_DEVICE`: which EGL device the GL backend uses.
struct DeviceOption: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "EGL device for the GL backend: auto (every hardware device in turn, the scheduler's GPU first: "
                + "CUDA_VISIBLE_DEVICES, NVIDIA_VISIBLE_DEVICES, SLURM_STEP_GPUS) or an index from `shatter info`; "
                + "default: $SHATTER_EGL_DEVICE, else auto.",
            valueName: "auto|N"))
    var device: String?

    func validate() throws {
        if let device, DeviceChoice(argument: device) == nil {
            throw ValidationError("--device must be 0 or more (or auto), not \(device)")
        }
    }

    /// The index asked for, or nil for auto.
    func resolvedIndex() throws -> Int? {
        if let device { return DeviceChoice(argument: device)?.index }
        guard let value = getenv("SHATTER_EGL_DEVICE").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        guard let choice = DeviceChoice(argument: value) else {
            throw ValidationError("SHATTER_EGL_DEVICE must be auto or a device index such as 0, not '\(value)'")
        }
        return choice.index
    }
}

/// `auto` or a device index of 0 or more.
struct DeviceChoice {
    let index: Int?

    init?(argument: String) {
        if argument == "auto" {
            index = nil
        } else if let index = Int(argument), index >= 0 {
            self.index = index
        } else {
            return nil
        }
    }
}

/// Where and how frames are written, and which backend draws them.
struct OutputOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Folder for frame-00000.png, frame-00001.png, … and manifest.json; created if missing "
                + "(default: frames, or none with only --contact-sheet). - streams PNGs to standard output.",
            valueName: "DIR"))
    var out: String?

    @Option(
        help:
            "auto (GL on a GPU; the CPU renderer where GL is missing or a software rasteriser), gl (any GL, llvmpipe too), gpu (hardware GL only), or cpu."
    )
    var backend: Backend = .auto

    @OptionGroup var device: DeviceOption

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "PNG compression, 0 (stored) … 9 (smallest, slowest). 1: Shatter's fast encoder; 2 … 9: libdeflate, "
                + "smaller on flat screens, several times slower.", valueName: "LEVEL"))
    var compression: Int = PNGWriteOptions.fastCompressionLevel

    @Option(help: ArgumentHelp("Composite frames over this opaque color and write RGB PNGs.", valueName: "RRGGBB"))
    var background: HexColor?

    @Flag(
        name: .customLong("keep-alpha"),
        help: ArgumentHelp(
            "Write every frame as RGBA. By default a frame whose every pixel is opaque is written as RGB: "
                + "the same pixels, smaller and sooner."))
    var keepAlpha = false

    @Option(
        name: .customLong("contact-sheet"),
        help: ArgumentHelp("Also write a contact sheet of evenly spaced frames to this PNG.", valueName: "PNG"))
    var contactSheet: String?

    @Option(
        name: .customLong("sheet-frames"), parsing: .unconditional,
        help: ArgumentHelp("Frames on the contact sheet.", valueName: "N"))
    var sheetFrames: Int = 8

    func validate() throws {
        guard (1...64).contains(sheetFrames) else {
            throw ValidationError("--sheet-frames must be 1…64, not \(sheetFrames)")
        }
        guard (0...9).contains(compression) else {
            throw ValidationError("--compression must be 0…9, not \(compression)")
        }
        if keepAlpha, background != nil {
            throw ValidationError("--keep-alpha and --background disagree: --background writes RGB PNGs; drop one of them")
        }
    }
}

/// `--fps`: how densely time is sampled.
struct FPSOption: ParsableArguments {
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Frames per second; frame i is the state at t = i / fps.", valueName: "N"))
    var fps: Double = 60

    func validate() throws { try Self.check(fps) }

    static func check(_ fps: Double) throws {
        guard fps.isFinite, fps > 0 else { throw ValidationError("--fps must be a number above 0, not \(fps)") }
        guard fps <= 10_000 else { throw ValidationError("--fps must be at most 10000, not \(fps)") }
    }
}

/// `--fps` and `--frames`: which instants are rendered.
struct TimingOptions: ParsableArguments {
    @OptionGroup var rate: FPSOption

    @Option(parsing: .unconditional, help: ArgumentHelp("Only these frames: A-B (inclusive) or one index N.", valueName: "A-B"))
    var frames: FrameRange?

    /// The `--frames` range; nil for every frame. Checked against the effect's timeline by the library.
    var range: ClosedRange<Int>? { frames.map { $0.first...$0.last } }
}

/// `A-B` (inclusive, A ≤ B) or a single frame index `N`.
struct FrameRange: ExpressibleByArgument {
    let first: Int
    let last: Int

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = Int(parts[0]), let last = Int(parts[parts.count - 1]),
            first >= 0, first <= last
        else { return nil }
        self.first = first
        self.last = last
    }
}

/// An opaque color written `RRGGBB` (a leading `#` is allowed), e.g. `000000`.
struct HexColor: ExpressibleByArgument {
    let color: RGBA8

    init?(argument: String) {
        let digits = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        color = RGBA8(r: UInt8(value >> 16), g: UInt8((value >> 8) & 0xFF), b: UInt8(value & 0xFF), a: 255)
    }
}

/// `WIDTHxHEIGHT`, e.g. `375x667`.
struct Dimensions: ExpressibleByArgument, Equatable {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            return nil
        }
        self.init(width: width, height: height)
    }

    static var defaultValueDescription: String { "WIDTHxHEIGHT" }

    /// How `--help` shows a default size: `368x448`.
    var defaultValueDescription: String { "\(width)x\(height)" }
}

extension Backend: ExpressibleByArgument {}
extension TextureFilter: ExpressibleByArgument {}
extension DustPath: ExpressibleByArgument {}

/// Output size limits, checked before anything is drawn or decoded.
enum SizeLimits {
    static let maxSide = 16384
    static let maxPixels = 64 * 1024 * 1024

    static func check(width: Int, height: Int, what: String) throws {
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw ValidationError("\(what) \(width)x\(height) px is too large: at most \(maxSide) px a side and 64 megapixels")
        }
        guard width >= 1, height >= 1 else {
            throw ValidationError("\(what) \(width)x\(height) px is empty: raise --size or --scale")
        }
    }
}

extension SizeLimits {
    /// `--scale` above 0 and `--size` × `--scale` within the limits: what every command with a picture
    /// size in points checks.
    static func check(size: Dimensions?, scale: Double) throws {
        try OptionLimits.check(scale: scale)
        if let size { try OptionLimits.check(size: size, scale: scale) }
    }
}

extension Dimensions: CustomStringConvertible {
    var description: String { "\(width)x\(height)" }
}
