import ShatterAnimation
import ShatterCore

/// A horizontal sprite sheet played with discrete keyframes, as the Thanos gauntlet's
/// `AnimatableSpriteLayer`: `contentsRect.origin.x` steps through `k/N` for k = 0…N−1 over the
/// duration (linear, `calculationMode = .discrete`, no key times), so frame k shows for
/// `t ∈ [k·d/N, (k+1)·d/N)`. Removed on completion, as the original: from `t = duration` on, the
/// layer shows its model frame, 0, again.
///
/// Frame k is the `frameWidth × frameHeight` pixel block starting at column `k·frameWidth`,
/// vertically centred in the sheet (contents gravity `left`). Output pixels are sheet pixels × scale.
///
/// ```swift
/// let player = try SpriteSheetPlayer(sheet: SnapSpriteSheet.drawn(), frameWidth: 80, frameHeight: 80)
/// player.frameIndex(at: 1.0)   // 24
/// ```
public struct SpriteSheetPlayer: Sendable {
    public struct Parameters: Sendable, Equatable, Codable {
        /// Size of one frame in sheet pixels.
        public var frameWidth: Int
        public var frameHeight: Int
        /// Frames played; nil means every whole frame the sheet holds.
        public var frames: Int?
        /// Seconds the frames take (the original: 2).
        public var duration: Double
        /// Output pixels per sheet pixel.
        public var scale: Double
        /// Play backwards: the snap undone, as the original's time stone undoes it (with its reverse sound).
        public var reverse: Bool

        public init(
            frameWidth: Int, frameHeight: Int, frames: Int? = nil, duration: Double = 2, scale: Double = 1,
            reverse: Bool = false
        ) {
            self.frameWidth = frameWidth
            self.frameHeight = frameHeight
            self.frames = frames
            self.duration = duration
            self.scale = scale
            self.reverse = reverse
        }
    }

    /// Why a sheet cannot be played as asked.
    public enum SheetError: Error, CustomStringConvertible, Equatable {
        /// The sheet holds `available` whole frames of the asked size, fewer than `requested` (or none).
        case tooSmall(sheetWidth: Int, sheetHeight: Int, frameWidth: Int, frameHeight: Int, available: Int, requested: Int)

        public var description: String {
            switch self {
            case .tooSmall(let sheetWidth, let sheetHeight, let frameWidth, let frameHeight, let available, let requested):
                return "a \(sheetWidth)x\(sheetHeight) px sheet holds \(available) frames of \(frameWidth)x\(frameHeight) px; "
                    + "\(requested) asked for"
            }
        }
    }

    /// The resolved parameters: `frames` is never nil.
    public let parameters: Parameters
    public let sheet: Image
    /// The sheet as a texture, recorded as the player's input.
    public let sheetTexture: Texture
    public var frameWidth: Int { parameters.frameWidth }
    public var frameHeight: Int { parameters.frameHeight }
    public var frames: Int { parameters.frames ?? 0 }
    public var duration: Double { parameters.duration }
    public var scale: Double { parameters.scale }
    /// The layer whose `contentsRect.origin.x` the keyframes move.
    public let layer: Layer

    /// `frames` defaults to as many whole frames as the sheet holds (48 for the gauntlet's 3840 px sheet).
    public init(sheet: Image, parameters: Parameters) throws {
        try ParameterError.check(parameters.scale, in: ParameterError.scales, "scale", of: Self.name)
        try ParameterError.check(parameters.duration, in: ParameterError.durations, "duration", of: Self.name)
        let side = 0...Double(ParameterError.maxPixelSide)
        try ParameterError.check(
            (Double(parameters.frameWidth) * parameters.scale).rounded(), in: side, "frameWidth × scale (pixels)", of: Self.name)
        try ParameterError.check(
            (Double(parameters.frameHeight) * parameters.scale).rounded(), in: side, "frameHeight × scale (pixels)", of: Self.name
        )
        let frameWidth = parameters.frameWidth
        let frameHeight = parameters.frameHeight
        let available = frameWidth > 0 ? sheet.width / frameWidth : 0
        let frames = parameters.frames ?? available
        guard frameWidth > 0, frameHeight > 0, frameHeight <= sheet.height, frames >= 1, frames <= available else {
            throw SheetError.tooSmall(
                sheetWidth: sheet.width, sheetHeight: sheet.height, frameWidth: frameWidth,
                frameHeight: frameHeight, available: available, requested: frames)
        }
        var resolved = parameters
        resolved.frames = frames
        self.parameters = resolved
        self.sheet = sheet
        self.sheetTexture = Texture(image: sheet)
        var layer = Layer()
        layer.add(
            .property(
                \.contentsRect.origin.x,
                KeyframeAnimation(
                    values: (0..<frames).map { Double($0) / Double(frames) }, timing: MediaTiming(duration: parameters.duration),
                    timingFunction: .linear, calculationMode: .discrete)), forKey: "sprite")
        self.layer = layer
    }

    public init(
        sheet: Image, frameWidth: Int, frameHeight: Int, frames: Int? = nil, duration: Double = 2,
        scale: Double = 1
    ) throws {
        try self.init(
            sheet: sheet,
            parameters: Parameters(
                frameWidth: frameWidth, frameHeight: frameHeight, frames: frames,
                duration: duration, scale: scale))
    }

    /// Output size in pixels.
    public var pixelWidth: Int { max(1, Int((Double(frameWidth) * scale).rounded())) }
    public var pixelHeight: Int { max(1, Int((Double(frameHeight) * scale).rounded())) }

    /// The frame shown at `time`.
    public func frameIndex(at time: Double) -> Int {
        let x = layer.presentation(at: time).contentsRect.origin.x
        return min(max(Int((x * Double(frames)).rounded()), 0), frames - 1)
    }

    /// Frame `index` cut out of the sheet.
    public func frame(_ index: Int) -> Image {
        var image = Image(width: frameWidth, height: frameHeight)
        let top = (sheet.height - frameHeight) / 2
        let rowBytes = frameWidth * 4
        for row in 0..<frameHeight {
            let from = ((top + row) * sheet.width + index * frameWidth) * 4
            image.pixels.replaceSubrange(
                row * rowBytes..<(row + 1) * rowBytes,
                with: sheet.pixels[from..<from + rowBytes])
        }
        return image
    }

    public func displayList(at time: Double) -> DisplayList {
        let width = pixelWidth
        let height = pixelHeight
        let quad = TexturedQuad(
            texture: Texture(image: frame(frameIndex(at: time))),
            rect: PixelRect(x: 0, y: 0, width: Float(width), height: Float(height)))
        return DisplayList(width: width, height: height, clearColor: .transparent, commands: [.texturedQuad(quad)])
    }
}
