import ArgumentParser
import Glibc
import Shatter

extension ClipFit: ExpressibleByArgument {}

/// Opening the `--from` / `--to` clips of an effect, and fitting them to the output.
enum ClipOpening {
    static let help = "A PNG, a folder of PNG frames, a pattern like frames/%05d.png, or a video file."
    static let fitHelp = ArgumentHelp(
        "Fit clips of another size: stretch, contain (letterboxed with --background) or cover. Without it a "
            + "moving clip must be the output's size; a still PNG is stretched.", valueName: "MODE")

    /// The clip at `path`, its PNG frames playing at the render's rate.
    static func open(_ path: String?, context: EffectContext) throws -> Clip? {
        try path.map { try Clip(path: $0, frameRate: context.fps) }
    }

    /// The `--from` and `--to` clips, opened at once on two cores when both can be read more than once
    /// (decoding a 1080p PNG is most of a short render's start-up). The errors are those of opening
    /// them one after the other: `from`'s first.
    static func open(from: String?, to: String?, context: EffectContext) throws -> (from: Clip?, to: Clip?) {
        guard let from, let to, rereadable(from), rereadable(to) else {
            return (try open(from, context: context), try open(to, context: context))
        }
        let paths = [from, to]
        let opened = concurrentMap(2) { i in Result { try Clip(path: paths[i], frameRate: context.fps) } }
        return (try opened[0].get(), try opened[1].get())
    }

    /// A regular file, a folder or a path that is no file (a pattern, a missing file): not a pipe or
    /// device, which is read once, so two clips reading the same one must take turns as before.
    private static func rereadable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFDIR
    }

    /// The screen size in points: `size` when given, else the clip's pixels ÷ `scale`, else the
    /// original's 375×667.
    static func size(_ size: (Int, Int)?, clip: Clip?, scale: Double) -> (Int, Int) {
        size ?? clip.map { clip in
            (max(1, Int((Double(clip.width) / scale).rounded())), max(1, Int((Double(clip.height) / scale).rounded())))
        } ?? (375, 667)
    }

    /// `clip` in `role`, fitted to a `width`×`height` output. A still PNG without a fit keeps its own
    /// size (the renderer stretches it, as for any still input); a moving one must match.
    static func input(
        _ clip: Clip, role: String, fit: ClipFit?, width: Int, height: Int,
        context: EffectContext, timeOffset: Double = 0
    ) throws -> ClipInput {
        try ClipInput(
            role: role, clip: clip, fitting: fitting(clip, fit: fit, width: width, height: height, context: context),
            timeOffset: timeOffset)
    }

    /// How `clip` is fitted to a `width`×`height` output: a still PNG without a fit keeps its own size.
    static func fitting(_ clip: Clip, fit: ClipFit?, width: Int, height: Int, context: EffectContext) -> ClipFitting {
        let stillAsIs = fit == nil && clip.frameCount == 1
        return ClipFitting(
            fit: fit, width: stillAsIs ? clip.width : width, height: stillAsIs ? clip.height : height,
            background: context.background ?? .transparent)
    }
}
extension VideoAudio.Mix: ExpressibleByArgument {}
