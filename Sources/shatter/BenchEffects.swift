import ArgumentParser
import Shatter

/// What `shatter bench --effect E` measures for an effect without point sizes: the effect as
/// `shatter render E --size WxH` makes it with its defaults (the demo's own pictures), so a bench row
/// and a render of the same size draw the same frames. The sprite has no --size: its 80x80 snap is
/// scaled to fit the screen (1080x1080 at 1920x1080), and the report records the size drawn.
enum BenchEffects {
    /// `--effect`'s choices, as `render` names its subcommands.
    static var names: [String] { EffectRegistry.all.map { name(of: $0) } }
    private static func name<E: EffectOptions>(of _: E.Type) -> String { E.Made.name }

    /// `name` at `size` (points, scale 1), built by its `render` options from these arguments.
    static func make(_ name: String, size: Dimensions) throws -> any Effect {
        let screen = ["--size", "\(size.width)x\(size.height)"]
        switch name {
        case BreatheEffectOptions.Made.name: return try BreatheEffectOptions.parse(screen).makeEffect()
        case DustEffectOptions.Made.name: return try DustEffectOptions.parse(screen).makeEffect()
        case SplashEffectOptions.Made.name: return try SplashEffectOptions.parse(screen).makeEffect()
        case SpriteEffectOptions.Made.name:
            let fit = Double(min(size.width, size.height)) / Double(SnapSpriteSheet.frameSide)
            return try SpriteEffectOptions.parse(["--scale", "\(fit)"]).makeEffect()
        default: throw ValidationError("--effect must be one of \(names.joined(separator: ", ")), not \(name)")
        }
    }
}
