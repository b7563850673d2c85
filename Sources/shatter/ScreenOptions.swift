import ArgumentParser

/// `--size` and `--scale`, alike for every effect: the picture's size in points and the output pixels
/// per point, refused (one line naming the option) when the output would be empty or too large.
struct ScreenOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Size in points (default: the --from clip's size ÷ scale where the effect takes one, else the effect's own: "
                + "375x667, breathe 368x448).", valueName: "WxH"))
    var size: Dimensions?

    @Option(parsing: .unconditional, help: "Output pixels per point.")
    var scale: Double = 1

    func validate() throws {
        try SizeLimits.check(size: size, scale: scale)
    }

    /// `--size`, else the effect's own `fallback`.
    func size(or fallback: Dimensions) -> Dimensions { size ?? fallback }
}
