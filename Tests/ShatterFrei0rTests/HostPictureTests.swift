import ShatterCore
import ShatterEffects
import ShatterSoftware
import Testing

@testable import ShatterFrei0r

/// A frame draws from the host's own opaque pictures and premultiplies only translucent ones
/// (`HostPicture`), straight into the host's output: whatever the pictures' alpha, and wherever the
/// host's output lies, the bytes are the renderer's for the pictures premultiplied first.
@Suite struct HostPictureTests {
    static let (width, height) = (61, 37)  // 2257 pixels: a tail shorter than a group of eight

    /// Straight RGBA8 pictures: opaque; translucent everywhere (alpha 0 included); opaque but for the
    /// last pixel, or one pixel past the first groups (where the opaque start ends).
    enum PictureAlpha: CaseIterable { case opaque, translucent, lastPixel, middlePixel }

    static func picture(seed: UInt8, alpha: PictureAlpha) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var state = UInt32(seed) &* 2_654_435_761 &+ 1
        for i in 0..<(width * height) {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels[i * 4] = UInt8(i % width * 4 % 256)
            pixels[i * 4 + 1] = UInt8(truncatingIfNeeded: state >> 8)
            pixels[i * 4 + 2] = seed &* 90
            pixels[i * 4 + 3] = alpha == .translucent ? UInt8(state >> 24) : 255
        }
        if alpha == .lastPixel { pixels[pixels.count - 1] = 100 }
        if alpha == .middlePixel { pixels[163 * 4 + 3] = 7 }  // past an opaque start of five blocks of 32 pixels
        return pixels
    }

    /// The renderer's frame for straight `from` and `to`, premultiplied first (as `shatter` premultiplies
    /// a PNG's pixels), drawn at `progress`, straight again; `pointSize`, if any, the shattered
    /// transition's `point_size` value.
    static func reference(
        _ transition: PluginTransition, from: [UInt8], to: [UInt8], progress: Double, pointSize: Double? = nil
    ) throws -> [UInt8] {
        var values = transition.parameters.map(\.defaultValue)
        values[0] = progress
        if let pointSize { values[1] = pointSize }
        let settings = transition.settings(values, width: width, height: height)
        var a = from
        var b = to
        Alpha.premultiplyInPlace(&a)
        Alpha.premultiplyInPlace(&b)
        let effect = try settings.makeEffect(
            from: Texture(image: Image(width: width, height: height, pixels: a)),
            to: Texture(image: Image(width: width, height: height, pixels: b)))
        let frame = try SoftwareRenderer().render(effect.displayList(at: progress * settings.seconds))
        return Alpha.straightRGBA(frame)
    }

    @Test(arguments: [PluginTransition.shatter, .dust], PictureAlpha.allCases)
    func anyAlphaGivesTheRenderersBytes(_ transition: PluginTransition, _ alpha: PictureAlpha) throws {
        let instance = try #require(Frei0rInstance(transition: transition, width: Self.width, height: Self.height))
        let opaque = Self.picture(seed: 1, alpha: .opaque)
        let other = Self.picture(seed: 2, alpha: alpha)
        // Each picture in turn the unusual one, then both; one instance, so each frame reuses the last's buffers.
        for (from, to) in [(other, opaque), (opaque, other), (other, other)] {
            for progress in [0.5, 0.25] {
                instance.setValue(progress, at: 0)
                var output = [UInt8](repeating: 0, count: from.count)
                output.withUnsafeMutableBufferPointer { instance.update(from: from, to: to, output: $0.baseAddress!) }
                let expected = try Self.reference(transition, from: from, to: to, progress: progress)
                #expect(output == expected, "\(alpha) at \(progress)")
                #expect(output != from && output != to)
            }
        }
    }

    /// Pieces of 8 pixels, drawn by the binned kernel, which takes the host's pictures lent straight and
    /// unread (it checks the alpha of each texel it draws from; `to` is premultiplied as it is copied):
    /// one instance, a stream whose pictures turn translucent and opaque again, each frame the
    /// renderer's bytes for the pictures premultiplied first (a translucent `from` drawn again from its
    /// premultiplied copy, and the frames after it drawn from that copy until `from` is opaque again).
    @Test(arguments: [PictureAlpha.translucent, .lastPixel, .middlePixel])
    func picturesLentStraightGiveTheRenderersBytes(_ alpha: PictureAlpha) throws {
        let instance = try #require(Frei0rInstance(transition: .shatter, width: Self.width, height: Self.height))
        let pointSize = 8.0 / 64
        instance.setValue(pointSize, at: 1)
        let opaque = Self.picture(seed: 1, alpha: .opaque)
        let other = Self.picture(seed: 2, alpha: alpha)
        // A translucent `from` first comes at progress 0, where every texel is drawn.
        let stream = [
            (opaque, opaque, 0.3), (other, opaque, 0.0), (other, opaque, 0.3), (opaque, other, 0.6), (opaque, opaque, 0),
            (other, other, 0), (other, other, 0.9), (opaque, opaque, 0.5), (opaque, other, 1),
        ]
        for (index, (from, to, progress)) in stream.enumerated() {
            instance.setValue(progress, at: 0)
            var output = [UInt8](repeating: 0, count: from.count)
            output.withUnsafeMutableBufferPointer { instance.update(from: from, to: to, output: $0.baseAddress!) }
            let expected = try Self.reference(.shatter, from: from, to: to, progress: progress, pointSize: pointSize)
            #expect(output == expected, "frame \(index), \(alpha) at \(progress)")
            // `from` lent straight but where it is translucent (drawn again from its premultiplied copy)
            // or the frame before's was; `to` always.
            let straight = from == opaque && (index == 0 || stream[index - 1].0 == opaque)
            #expect(instance.lentStraight == (straight, true), "frame \(index)")
        }
    }

    /// A host may draw in place, passing its output as the first picture or the second: the frame is
    /// the same as into a buffer of its own (pieces too small for the binned kernel, and of 8 pixels).
    @Test(arguments: [PictureAlpha.opaque, .translucent], [true, false])
    func aHostDrawingInPlaceGetsTheSameFrame(_ alpha: PictureAlpha, outputIsFrom: Bool) throws {
        for pointSize in [nil, 8.0 / 64] {
            try Self.expectInPlace(alpha, outputIsFrom: outputIsFrom, pointSize: pointSize)
        }
    }

    static func expectInPlace(_ alpha: PictureAlpha, outputIsFrom: Bool, pointSize: Double?) throws {
        let instance = try #require(Frei0rInstance(transition: .shatter, width: Self.width, height: Self.height))
        instance.setValue(0.5, at: 0)
        if let pointSize { instance.setValue(pointSize, at: 1) }
        let from = Self.picture(seed: 3, alpha: alpha)
        let to = Self.picture(seed: 4, alpha: alpha)
        let expected = try Self.reference(.shatter, from: from, to: to, progress: 0.5, pointSize: pointSize)
        var shared = outputIsFrom ? from : to
        let other = outputIsFrom ? to : from
        shared.withUnsafeMutableBufferPointer { buffer in
            let output = buffer.baseAddress!
            if outputIsFrom {
                instance.update(from: output, to: other, output: output)
            } else {
                instance.update(from: other, to: output, output: output)
            }
        }
        #expect(shared == expected)
    }
}
