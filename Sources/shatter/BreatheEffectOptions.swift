import ArgumentParser
import Shatter

/// The breathing flower's options: `shatter render breathe …`, `shatter compare breathe …`.
struct BreatheEffectOptions: EffectOptions {
    static let abstract = "The Apple Watch breathing flower: screen-blended petals that open, turn and close every 10.5 s."
    static let discussion = """
        Frame i is the state at t = i / fps for i = 0 … ceil(duration · fps); the default is one \
        10.5 s cycle. The animation repeats forever, so --cycles N (or any --duration) shows N cycles.
        """

    @OptionGroup var screen: ScreenOptions<WatchScreen>

    @Option(parsing: .unconditional, help: ArgumentHelp("Petals, 1…64 (the original has 6).", valueName: "N"))
    var petals: Int = 6

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds of animation (default: --cycles × 10.5).",
            valueName: "SECONDS"))
    var duration: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Whole 10.5 s cycles to render, when no --duration is given.",
            valueName: "N"))
    var cycles: Int?

    func validate() throws {
        guard (1...64).contains(petals) else { throw ValidationError("--petals must be 1…64, not \(petals)") }
        if let duration { try OptionLimits.check(duration: duration) }
        if let cycles, !(1...1000).contains(cycles) {
            throw ValidationError("--cycles must be 1…1000, not \(cycles)")
        }
        if duration != nil, cycles != nil {
            throw ValidationError("give --duration or --cycles, not both")
        }
    }

    func makeEffect() throws -> Breathe {
        let size = screen.points
        return try Breathe(
            parameters: Breathe.Parameters(
                width: size.width, height: size.height, scale: screen.scale, petals: petals,
                duration: duration ?? Double(cycles ?? 1) * Breathe.cycleDuration))
    }
}
