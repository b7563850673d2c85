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
    /// Why a sheet cannot be played as asked.
    public struct SheetTooSmall: Error, CustomStringConvertible {
        public let description: String
    }

    public let sheet: Image
    public let frameWidth: Int
    public let frameHeight: Int
    public let frames: Int
    public let duration: Double
    public let scale: Double
    /// The layer whose `contentsRect.origin.x` the keyframes move.
    public let layer: Layer

    /// `frames` defaults to as many whole frames as the sheet holds (48 for the gauntlet's 3840 px sheet).
    public init(sheet: Image, frameWidth: Int, frameHeight: Int, frames: Int? = nil, duration: Double = 2,
                scale: Double = 1) throws {
        let available = frameWidth > 0 ? sheet.width / frameWidth : 0
        let frames = frames ?? available
        guard frameWidth > 0, frameHeight > 0, frameHeight <= sheet.height, frames >= 1, frames <= available else {
            throw SheetTooSmall(description: "a \(sheet.width)x\(sheet.height) px sheet holds \(available) frames of "
                + "\(frameWidth)x\(frameHeight) px; \(frames) asked for. Check --frame-size and --frames")
        }
        self.sheet = sheet
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.frames = frames
        self.duration = duration
        self.scale = scale
        var layer = Layer()
        layer.add(.property(\.contentsRect.origin.x, KeyframeAnimation(
            values: (0..<frames).map { Double($0) / Double(frames) }, timing: MediaTiming(duration: duration),
            timingFunction: .linear, calculationMode: .discrete)), forKey: "sprite")
        self.layer = layer
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
            image.pixels.replaceSubrange(row * rowBytes..<(row + 1) * rowBytes,
                                         with: sheet.pixels[from..<from + rowBytes])
        }
        return image
    }

    public func displayList(at time: Double) -> DisplayList {
        let width = pixelWidth, height = pixelHeight
        let quad = TexturedQuad(texture: Texture(image: frame(frameIndex(at: time))),
                                rect: PixelRect(x: 0, y: 0, width: Float(width), height: Float(height)))
        return DisplayList(width: width, height: height, clearColor: .transparent, commands: [.texturedQuad(quad)])
    }
}
