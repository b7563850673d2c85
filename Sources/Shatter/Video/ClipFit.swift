/// How a clip whose size differs from the output is made to fit it.
public enum ClipFit: String, Sendable, Codable, CaseIterable {
    /// Scaled to the output's size in both directions; proportions change.
    case stretch
    /// Scaled whole into the output, centered; the bands left over are the background color.
    case contain
    /// Scaled to cover the output, centered; what overhangs is cut off.
    case cover
}

/// A clip frame brought to the output's size: unchanged when the sizes match, refused when they do
/// not and no ``ClipFit`` is given, else resampled bilinearly (premultiplied, pixel centers).
///
/// ```swift
/// let fitting = ClipFitting(fit: .contain, width: 1280, height: 720, background: .opaqueBlack)
/// let frame = try fitting.fitted(portraitFrame, role: "from")
/// ```
public struct ClipFitting: Sendable, Equatable {
    public var fit: ClipFit?
    public var width: Int
    public var height: Int
    /// What `contain` leaves around the picture (premultiplied).
    public var background: RGBA8

    public init(fit: ClipFit?, width: Int, height: Int, background: RGBA8 = .transparent) {
        self.fit = fit
        self.width = width
        self.height = height
        self.background = background
    }

    /// Throws ``ClipError/sizeMismatch(role:width:height:outputWidth:outputHeight:)`` when a `role` clip of this size cannot be used.
    public func check(width clipWidth: Int, height clipHeight: Int, role: String) throws {
        guard fit != nil || (clipWidth == width && clipHeight == height) else {
            throw ClipError.sizeMismatch(
                role: role, width: clipWidth, height: clipHeight, outputWidth: width, outputHeight: height)
        }
    }

    public func fitted(_ image: Image, role: String) throws -> Image {
        try check(width: image.width, height: image.height, role: role)
        guard let fit, image.width != width || image.height != height else { return image }
        let sw = Double(image.width)
        let sh = Double(image.height)
        var scale = (x: Double(width) / sw, y: Double(height) / sh)
        switch fit {
        case .stretch: break
        case .contain:
            scale.x = min(scale.x, scale.y)
            scale.y = scale.x
        case .cover:
            scale.x = max(scale.x, scale.y)
            scale.y = scale.x
        }
        let offset = (x: (Double(width) - sw * scale.x) / 2, y: (Double(height) - sh * scale.y) / 2)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let cy = Double(y) + 0.5
                    let insideY = cy >= offset.y && cy < offset.y + sh * scale.y
                    let v = min(max((cy - offset.y) / scale.y - 0.5, 0), sh - 1)
                    let y0 = Int(v)
                    let y1 = min(y0 + 1, image.height - 1)
                    let fy = v - Double(y0)
                    for x in 0..<width {
                        let o = (y * width + x) * 4
                        let cx = Double(x) + 0.5
                        guard insideY, cx >= offset.x, cx < offset.x + sw * scale.x else {
                            dst[o] = background.r
                            dst[o + 1] = background.g
                            dst[o + 2] = background.b
                            dst[o + 3] = background.a
                            continue
                        }
                        let u = min(max((cx - offset.x) / scale.x - 0.5, 0), sw - 1)
                        let x0 = Int(u)
                        let x1 = min(x0 + 1, image.width - 1)
                        let fx = u - Double(x0)
                        let a = (y0 * image.width + x0) * 4
                        let b = (y0 * image.width + x1) * 4
                        let c = (y1 * image.width + x0) * 4
                        let d = (y1 * image.width + x1) * 4
                        for k in 0..<4 {
                            let top = Double(src[a + k]) * (1 - fx) + Double(src[b + k]) * fx
                            let bottom = Double(src[c + k]) * (1 - fx) + Double(src[d + k]) * fx
                            dst[o + k] = UInt8(min(255, (top * (1 - fy) + bottom * fy).rounded()))
                        }
                    }
                }
            }
        }
        return Image(width: width, height: height, pixels: out)
    }
}
