import ShatterCore

extension SoftwareRenderer {
    /// Runs `TexturedQuadProgram` over the pixels the rectangle covers, in bands of rows: texture taps
    /// once per column and once per row, the fragment per pixel (or, without the exact shortcuts, the
    /// program as written at every pixel).
    func draw(_ quad: TexturedQuad, into target: Framebuffer) throws {
        let program = TexturedQuadProgram(quad: quad)
        let (columns, rows) = program.clipped(width: target.width, height: target.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let hoisted = shortcuts.contains(.exact)
        if hoisted, Self.isPixelExactCopy(quad) {
            copy(quad.texture, at: (Int(quad.rect.x), Int(quad.rect.y)), columns: columns, rows: rows, into: target)
            return
        }
        guard hoisted else {
            drawLiterally(
                program, texture: quad.texture, filter: quad.filter, blend: quad.blend, columns: columns, rows: rows,
                into: target)
            return
        }
        quad.texture.withSampler(filter: quad.filter) { sampler in
            let columnTaps = columns.map { x in
                sampler.fixedTap(program.raster.filterPosition(x: x, y: rows.lowerBound).x, size: sampler.width)
            }
            let bandCount = bands(for: rows.count)
            parallelChunks(bandCount) { band in
                for local in chunkRange(band, of: bandCount, total: rows.count) {
                    let y = rows.lowerBound + local
                    let rowTap = sampler.fixedTap(
                        program.raster.filterPosition(x: columns.lowerBound, y: y).y, size: sampler.height)
                    var offset = (y * target.width + columns.lowerBound) * 4
                    for columnTap in columnTaps {
                        target.store(program.fragment(columnTap, rowTap, texture: sampler), at: offset, blend: quad.blend)
                        offset += 4
                    }
                }
            }
        }
    }

    /// The program as written: the fragment at every pixel.
    private func drawLiterally(
        _ program: TexturedQuadProgram, texture: Texture, filter: TextureFilter, blend: BlendMode,
        columns: Range<Int>, rows: Range<Int>, into target: Framebuffer
    ) {
        texture.withSampler(filter: filter) { sampler in
            let bandCount = bands(for: rows.count)
            parallelChunks(bandCount) { band in
                for local in chunkRange(band, of: bandCount, total: rows.count) {
                    let y = rows.lowerBound + local
                    for x in columns {
                        target.store(
                            program.fragment(x: x, y: y, texture: sampler), at: (y * target.width + x) * 4, blend: blend)
                    }
                }
            }
        }
    }

    /// A texture drawn 1:1 on whole pixels, opaque, replacing: every pixel centre lands on a texel
    /// centre, where both filters give the texel itself, so the program's output is the texture.
    /// (`SoftwareRendererFastPathTests` checks this against the program, byte for byte.)
    static func isPixelExactCopy(_ quad: TexturedQuad) -> Bool {
        let r = quad.rect
        return quad.blend == .replace && quad.opacity == 1 && r.x == r.x.rounded() && r.y == r.y.rounded()
            && r.width == Float(quad.texture.image.width) && r.height == Float(quad.texture.image.height)
    }

    private func copy(
        _ texture: Texture, at origin: (x: Int, y: Int), columns: Range<Int>, rows: Range<Int>,
        into target: Framebuffer
    ) {
        let bandCount = min(rows.count, threads * 2)
        parallelChunks(bandCount) { band in
            let local = chunkRange(band, of: bandCount, total: rows.count)
            Self.copy(
                texture, at: origin, columns: columns,
                rows: (rows.lowerBound + local.lowerBound)..<(rows.lowerBound + local.upperBound),
                into: target)
        }
    }

    /// Copies target rows `rows` of `texture` placed at `origin`, columns `columns`, on this thread.
    /// Texels lent straight are premultiplied as they are copied (the bytes of the premultiplied
    /// picture's copy), and the texture told if any was translucent.
    static func copy(
        _ texture: Texture, at origin: (x: Int, y: Int), columns: Range<Int>, rows: Range<Int>, into target: Framebuffer
    ) {
        let width = texture.image.width
        texture.withTexels { source in
            let rowBytes = columns.count * 4
            var opaque = true
            for y in rows {
                let from = ((y - origin.y) * width + (columns.lowerBound - origin.x)) * 4
                let to = (y * target.width + columns.lowerBound) * 4
                if texture.lentStraight {
                    let row = Alpha.premultiply(source.baseAddress! + from, into: target.bytes.baseAddress! + to, count: rowBytes)
                    opaque = opaque && row
                } else {
                    UnsafeMutableRawPointer(target.bytes.baseAddress! + to)
                        .copyMemory(from: source.baseAddress! + from, byteCount: rowBytes)
                }
            }
            if !opaque { texture.noteTranslucent() }
        }
    }

    /// The rows `rows` (clipped to it) of `background`, a texture drawn 1:1 over the whole frame
    /// (``background(of:at:)``), on this thread: a band of the frame, copied just before the
    /// band's sprites are drawn over it.
    static func copy(_ background: TexturedQuad, rows: Range<Int>, into target: Framebuffer) {
        let rect = background.rect
        let pixels = TexturedQuadRaster.coveredPixels(of: rect)
        let columns = pixels.columns.clamped(to: 0..<target.width)
        let covered = pixels.rows.clamped(to: 0..<target.height)
        copy(
            background.texture, at: (Int(background.rect.x), Int(background.rect.y)), columns: columns,
            rows: rows.clamped(to: covered), into: target)
    }
}
