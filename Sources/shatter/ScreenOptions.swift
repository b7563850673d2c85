import ArgumentParser

/// `--size` and `--scale`, alike for every effect: the picture's size in points and the output pixels
/// per point, refused (one line naming the option) when the output would be empty or too large.
/// `Default` is the effect's size when `--size` is not given, as help shows it.
struct ScreenOptions<Default: DefaultScreen>: ParsableArguments {
    @Option(help: ArgumentHelp("Size in points (default: \(Default.help)).", valueName: "WxH"))
    var size: Dimensions?

    @Option(parsing: .unconditional, help: "Output pixels per point.")
    var scale: Double = 1

    func validate() throws {
        try SizeLimits.check(size: size, scale: scale)
    }

    /// `--size`, else the effect's own.
    var points: Dimensions { size ?? Default.size }
}

/// An effect's size in points when `--size` is not given.
protocol DefaultScreen {
    static var size: Dimensions { get }
    /// How help says it.
    static var help: String { get }
}

/// The iPhone screen of the original demos.
enum PhoneScreen: DefaultScreen {
    static let size = Dimensions(width: 375, height: 667)
    static let help = "375x667"
}

/// The 44 mm watch's screen.
enum WatchScreen: DefaultScreen {
    static let size = Dimensions(width: 368, height: 448)
    static let help = "368x448"
}

/// A `--from` clip's size ÷ `--scale`, else the iPhone screen.
enum ClipOrPhoneScreen: DefaultScreen {
    static let size = PhoneScreen.size
    static let help = "the --from clip's size ÷ scale, else 375x667"
}
