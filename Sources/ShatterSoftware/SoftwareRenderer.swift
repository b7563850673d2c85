import Dispatch
import ShatterCore
import ShatterPointSprites

/// The pure-Swift renderer: every GLSL program run by its Swift twin with GLES's rasterisation rules,
/// on all cores. It is the reference the GL backend is compared with, and the fallback wherever no
/// EGL works.
///
/// ```swift
/// let image = try SoftwareRenderer().render(effect.displayList(at: 0.3))
/// ```
public struct SoftwareRenderer: Renderer, Sendable {
    /// Worker threads; defaults to the machine's active cores.
    public var threads: Int
    /// The shortcuts the raster loops take: all of them, but in the tests that compare them with the
    /// programs run literally.
    var shortcuts: Shortcuts = .all
    /// The widest instruction-set tier the C twins behind the shortcuts may use: the processor's own
    /// (`CPUTier.native`), but in the tests that run the narrower twins (every tier gives the same
    /// bytes). Which algorithm runs is the shortcuts' business; this only says with which instructions.
    var tier: CPUTier = .native
    /// Per-point values the point-sprite program would recompute every frame (shared by copies).
    let pointInvariants = PointInvariantCache()
    /// The point-sprite draw's working memory, reused from frame to frame (shared by copies).
    let pointScratch = PointScratchPool()

    public init(threads: Int? = nil) {
        self.threads = max(1, threads ?? AvailableCores.count)
    }

    public var description: String {
        let build = BuildTarget.name == "baseline" ? "" : ", built for \(BuildTarget.name)"
        return "Shatter CPU renderer (\(threads) thread\(threads == 1 ? "" : "s")\(build))"
    }

    @discardableResult
    public func render(_ list: DisplayList, into image: inout Image) throws -> FrameTimings {
        try render(list, into: &image, blendCounts: nil)
    }

    /// Renders `list` and counts, per pixel, the blended fragments it received (what the parity rule
    /// scales its blending allowance with).
    public func renderCountingBlends(_ list: DisplayList) throws -> (image: Image, blends: BlendCounts?) {
        var image = Image(width: 0, height: 0)
        var blends = BlendCounts(width: list.width, height: list.height)
        try blends.counts.withUnsafeMutableBufferPointer { counts in
            _ = try render(list, into: &image, blendCounts: counts.baseAddress)
        }
        return (image, blends)
    }

    private func render(_ list: DisplayList, into image: inout Image, blendCounts: UnsafeMutablePointer<UInt8>?) throws
        -> FrameTimings
    {
        let start = ContinuousClock.now
        if image.width == list.width && image.height == list.height && coversEveryPixel(list.commands.first, list) {
            // The first command overwrites every byte, so the clear would be written over unseen.
        } else {
            image.reset(width: list.width, height: list.height, fill: list.clearColor)
        }
        try image.pixels.withUnsafeMutableBufferPointer { bytes in
            try draw(list, into: bytes, blendCounts: blendCounts)
        }
        return FrameTimings(draw: Self.seconds(since: start))
    }

    /// Renders `list` into `bytes`, premultiplied RGBA8 of the list's size that the caller owns (a
    /// host's output buffer), as ``render(_:into:)`` renders into an image of that size: what a host
    /// would otherwise get by a copy of the rendered image.
    package func render(_ list: DisplayList, into bytes: UnsafeMutableBufferPointer<UInt8>) throws {
        precondition(bytes.count == list.width * list.height * 4, "render: \(bytes.count) bytes for \(list.width)x\(list.height)")
        if !coversEveryPixel(list.commands.first, list) {
            Image.fill(UnsafeMutableRawBufferPointer(bytes), with: list.clearColor)
        }
        try draw(list, into: bytes, blendCounts: nil)
    }

    /// Every command of `list`, in order, into the frame `bytes` already cleared (or to be covered).
    private func draw(
        _ list: DisplayList, into bytes: UnsafeMutableBufferPointer<UInt8>, blendCounts: UnsafeMutablePointer<UInt8>?
    ) throws {
        let guardBand = GuardBand(width: list.width, height: list.height, largestPointSize: list.largestPointSize)
        let target = Framebuffer(bytes: bytes, width: list.width, height: list.height, blendCounts: blendCounts)
        try refuseUnreadableStraightTexels(list, into: target, guardBand: guardBand)
        for (index, command) in list.commands.enumerated() {
            switch command {
            // One draw per command, in SoftwareRenderer+<Program>.swift, beside the program's twin.
            case .texturedQuad(let quad):
                // A background the next command's sprites are drawn over is copied by that draw, band
                // by band, so each band's rows are still in cache when its sprites land.
                if background(of: list, at: index) == nil { try draw(quad, into: target) }
            case .pointSprites(let batch):
                try draw(
                    batch, into: target, guardBand: guardBand,
                    background: index > 0 ? background(of: list, at: index - 1) : nil)
            case .instancedCircles(let batch):
                draw(batch, into: target)
            case .dustLayers(let stack):
                try draw(stack, into: target)
            case .shape(let shape):
                draw(shape, into: target)
            case .layerQuad(let quad):
                draw(quad, into: target)
            }
        }
    }

    /// Throws ``StraightTexelsRefused``, before anything is drawn, for a texture lent straight that a
    /// command would read other than by a 1:1 copy (which premultiplies as it copies) or by the binned
    /// sprite kernel (which checks the alpha of every texel it reads).
    private func refuseUnreadableStraightTexels(_ list: DisplayList, into target: Framebuffer, guardBand: GuardBand) throws {
        for command in list.commands {
            switch command {
            case .texturedQuad(let quad):
                if quad.texture.lentStraight && !(shortcuts.contains(.exact) && Self.isPixelExactCopy(quad)) {
                    throw StraightTexelsRefused(texture: quad.texture)
                }
            case .pointSprites(let batch):
                if batch.texture.lentStraight, try !checksTexelAlpha(batch, into: target, guardBand: guardBand) {
                    throw StraightTexelsRefused(texture: batch.texture)
                }
            case .dustLayers(let stack):
                for texture in [stack.snapshot, stack.assignment] where texture.lentStraight {
                    throw StraightTexelsRefused(texture: texture)
                }
            case .layerQuad(let quad):
                if quad.texture.lentStraight { throw StraightTexelsRefused(texture: quad.texture) }
            case .instancedCircles, .shape:
                break
            }
        }
    }

    /// Command `index` of `list` if it is a 1:1 copy covering the whole frame followed by point sprites:
    /// a background the sprite draw copies band by band.
    func background(of list: DisplayList, at index: Int) -> TexturedQuad? {
        guard shortcuts.contains(.exact), index + 1 < list.commands.count, case .pointSprites = list.commands[index + 1],
            case .texturedQuad(let quad) = list.commands[index], Self.covers(quad, list)
        else { return nil }
        return quad
    }

    /// Whether `quad` is drawn 1:1 over every pixel of `list`'s frame.
    static func covers(_ quad: TexturedQuad, _ list: DisplayList) -> Bool {
        isPixelExactCopy(quad) && quad.rect.x <= 0 && quad.rect.y <= 0 && quad.rect.x + quad.rect.width >= Float(list.width)
            && quad.rect.y + quad.rect.height >= Float(list.height)
    }

    /// Whether `command` replaces every pixel of `list`'s frame whatever was there: a texture copied
    /// 1:1 over the whole frame (the shattered transition's destination screen).
    func coversEveryPixel(_ command: DrawCommand?, _ list: DisplayList) -> Bool {
        guard shortcuts.contains(.exact), case .texturedQuad(let quad) = command else { return false }
        return Self.covers(quad, list)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// Ways of running the programs faster than pixel by pixel as their GLSL is written (which
    /// algorithm; ``tier`` says which instruction set the C ones use). Without any, every twin runs
    /// literally: the point-sprite vertex program in full for every point, each
    /// fragment program at every pixel from its own inputs.
    struct Shortcuts: OptionSet, Sendable {
        let rawValue: Int
        /// Work hoisted out of the pixel loops with the same float operations in the same order, so
        /// the same bytes (`TwinEquivalenceTests`, `CPUGoldenTests`): texture taps once per column and
        /// once per row, the point-sprite program's per-point quotients once per grid, and a texture
        /// drawn 1:1 copied.
        static let exact = Shortcuts(rawValue: 1 << 0)
        /// With `exact`: replacing point sprites eight at a time, through the small-sprite kernel or
        /// binned (``PointSpritePath``), byte for byte what the reference gives point by point
        /// (`PointLanesTests`). Without it every point sprite takes the reference.
        static let pointLanes = Shortcuts(rawValue: 1 << 1)
        /// With `pointLanes`: sprites of 3 × 3 pixels and more drawn by the binned fragment stage in C
        /// (``BinnedSpriteKernel``); without it by ``PointFrame/drawSprites(_:band:points:)``, its Swift
        /// reference (`BinnedSpriteKernelTests`).
        static let binnedKernel = Shortcuts(rawValue: 1 << 2)
        static let all: Shortcuts = [.exact, .pointLanes, .binnedKernel]
    }

    /// Bands of rows, several per thread so uneven bands still keep every core busy.
    func bands(for height: Int) -> Int { min(height, threads * 16) }
}
