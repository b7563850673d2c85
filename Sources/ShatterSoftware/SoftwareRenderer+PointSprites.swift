import ShatterCore
import ShatterPointSprites

/// How a point-sprite draw runs, chosen once per draw in one place,
/// ``SoftwareRenderer/pointSpritePath(for:program:setup:target:)`` (as tiny-skia picks its pipeline
/// once, with a switch that forces the reference). One path per sprite size; all give the same bytes.
enum PointSpritePath {
    /// `PointSpriteProgram` as its GLSL states it, point by point and pixel by pixel
    /// (``SoftwareRenderer/drawPointByPoint(_:program:setup:into:guardBand:)``): the reference. Taken
    /// by sprites that blend, and by every sprite when the shortcuts leave out `.pointLanes`.
    case reference
    /// Pieces of one pixel or 2 × 2 (a whole size) in closed-form motion, shaded in the vertex stage by the
    /// small-sprite kernel in C (`small_sprites.c`) and stored from pages.
    case smallSprites
    /// Every other replacing sprite: eight points at a time, binned into bands of rows, then shaded
    /// eight columns at a time (``PointFrame/drawSprites(_:band:points:)``).
    case binned
}

extension SoftwareRenderer {
    /// Draws `batch` on the path ``pointSpritePath(for:program:setup:target:)`` picks. `background`, a
    /// 1:1 copy under the sprites, is drawn first (by the lanes, band by band).
    func draw(_ batch: PointSpriteBatch, into target: Framebuffer, guardBand: GuardBand, background: TexturedQuad? = nil)
        throws
    {
        try batch.motion.validate()
        let (program, setup) = try programAndSetup(batch, guardBand: guardBand)
        switch pointSpritePath(for: batch, program: program, setup: setup, target: target) {
        case .reference:
            if let background { try draw(background, into: target) }
            drawPointByPoint(batch, program: program, setup: setup, into: target, guardBand: guardBand)
        case .smallSprites:
            drawInLanes(
                batch, program: program, setup: setup, small: true, into: target, guardBand: guardBand,
                background: background)
        case .binned:
            drawInLanes(
                batch, program: program, setup: setup, small: false, into: target, guardBand: guardBand,
                background: background)
        }
    }

    /// The batch's program, and the point set-up for its sprite size in the guard-banded framebuffer.
    func programAndSetup(_ batch: PointSpriteBatch, guardBand: GuardBand) throws -> (PointSpriteProgram, PointSetup) {
        let program = PointSpriteProgram(batch: batch, clipScale: guardBand.clipScale)
        let setup = PointSetup(
            framebufferWidth: guardBand.framebufferWidth, framebufferHeight: guardBand.framebufferHeight,
            raster: try PointSpriteRaster(batch))
        return (program, setup)
    }

    /// Whether the draw of `batch` checks the alpha of every texel it reads (the binned kernel in C),
    /// so that it may read texels lent straight (`Texture.init(image:lendingStraight:replacing:)`).
    func checksTexelAlpha(_ batch: PointSpriteBatch, into target: Framebuffer, guardBand: GuardBand) throws -> Bool {
        let (program, setup) = try programAndSetup(batch, guardBand: guardBand)
        return shortcuts.contains(.binnedKernel)
            && pointSpritePath(for: batch, program: program, setup: setup, target: target) == .binned
    }

    /// The one place a point-sprite draw's path is chosen (``PointSpritePath``).
    func pointSpritePath(for batch: PointSpriteBatch, program: PointSpriteProgram, setup: PointSetup, target: Framebuffer)
        -> PointSpritePath
    {
        // The lanes store the fragment's word as it is: replacing sprites only.
        guard shortcuts.isSuperset(of: [.exact, .pointLanes]), batch.blend == .replace else { return .reference }
        // Small sprites in closed form only (the kernel runs no steps), with a pixel's row and column
        // packed in one Int32, every piece the same whole size (the kernel knows no extents).
        let small = setup.raster.tiling.isWhole && (setup.coverage == 1 || setup.coverage == 2)
        guard small, program.u_steps < 0, target.width < 1 << 15, target.height < 1 << 15 else { return .binned }
        return .smallSprites
    }
}
