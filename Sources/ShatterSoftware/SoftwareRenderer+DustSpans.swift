import CLanes
import ShatterCore

extension SoftwareRenderer {
    /// `DustLayersProgram` over the covering quad as the row kernel runs it (`dust_layers.h`): row by
    /// row, each layer only over the span of the row its column band can reach (the layers that have
    /// not moved yet only where they own the pixel's texel), composited in float in layer order, then
    /// blended once. A layer left out at a pixel adds exactly nothing there, so every pixel is the
    /// literal program's bit for bit (`DustSpanTests`). With `clear` (not while blends are counted) the
    /// frame is not cleared yet: each row of it is, as the rows are drawn (the words under the quad
    /// are blended onto the clear color without being read), and so is every row the quad misses.
    func drawByLayerSpans(
        _ program: DustLayersProgram, textures: DustTextures, layers: UnsafeBufferPointer<DustLayerUniform>,
        bounds: PixelRect, into target: Framebuffer, clearing clear: RGBA8? = nil
    ) {
        precondition(clear == nil || target.blendCounts == nil, "a frame whose blends are counted is cleared first")
        let (columns, rows) = CoveringQuad.pixels(bounds, width: target.width, height: target.height)
        // An empty snapshot has no texel: every layer's color is 0 everywhere, and nothing changes.
        guard !columns.isEmpty, !rows.isEmpty, textures.width > 0, textures.height > 0 else {
            if let clear { Image.fill(UnsafeMutableRawBufferPointer(target.bytes), with: clear) }
            return
        }
        var frame = shatter_dust_frame()
        frame.layers = UnsafeRawPointer(layers.baseAddress!).assumingMemoryBound(to: shatter_dust_layer.self)
        frame.layerCount = Int32(program.u_layerCount)
        (frame.anchorX, frame.anchorY) = (program.u_anchor.x, program.u_anchor.y)
        (frame.texelScaleX, frame.texelScaleY) = (program.u_texelScale.x, program.u_texelScale.y)
        frame.snapshot = UnsafeRawPointer(textures.snapshot.baseAddress!).assumingMemoryBound(to: UInt32.self)
        frame.assignment = UnsafeRawPointer(textures.assignment.baseAddress!).assumingMemoryBound(to: UInt32.self)
        (frame.width, frame.height) = (Int32(textures.width), Int32(textures.height))
        shatter_dust_plan(&frame)
        let kernel = DustRowKernel.tiers[tier]
        let plane = shatter_dust_plane(columns.count)
        // Cleared as drawn, every row of the frame is a row of the loop.
        let drawn = clear == nil ? rows : 0..<target.height
        let bandCount = bands(for: drawn.count)
        let clearWord: UnsafeMutablePointer<UInt32>? = clear.map { color in
            let word = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
            word.initialize(to: UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24)
            return word
        }
        defer { clearWord?.deallocate() }
        let words = UnsafeMutableRawPointer(target.bytes.baseAddress!).assumingMemoryBound(to: UInt32.self)
        /// Pixels `range` of row `y` cleared.
        func clearPixels(_ range: Range<Int>, row y: Int) {
            guard let clear, !range.isEmpty else { return }
            let start = UnsafeMutableRawPointer(words + y * target.width + range.lowerBound)
            Image.fill(UnsafeMutableRawBufferPointer(start: start, count: range.count * 4), with: clear)
        }
        withUnsafePointer(to: &frame) { frame in
            parallelChunks(bandCount) { band in
                // Zeroed once: the blend leaves them zeroed after each row it blends, and a row no
                // layer reached leaves them as they were.
                let planes = UnsafeMutablePointer<Float>.allocate(capacity: 4 * plane)
                planes.initialize(repeating: 0, count: 4 * plane)
                defer { planes.deallocate() }
                for local in chunkRange(band, of: bandCount, total: drawn.count) {
                    let y = drawn.lowerBound + local
                    guard rows.contains(y) else {
                        clearPixels(0..<target.width, row: y)
                        continue
                    }
                    clearPixels(0..<columns.lowerBound, row: y)
                    clearPixels(columns.upperBound..<target.width, row: y)
                    let x0 = Int32(columns.lowerBound)
                    let x1 = Int32(columns.upperBound)
                    guard kernel.layers.row(frame, Int32(y), x0, x1, planes) != 0 else {
                        clearPixels(columns, row: y)
                        continue
                    }
                    let first = (y * target.width + columns.lowerBound) * 4
                    guard target.blendCounts != nil else {
                        kernel.blend.row(
                            planes, Int32(columns.count), words + y * target.width + columns.lowerBound, clearWord)
                        continue
                    }
                    // Counting blends per pixel (the overdraw view) goes through the framebuffer's own store.
                    for k in 0..<columns.count {
                        let color = SIMD4(planes[k], planes[plane + k], planes[2 * plane + k], planes[3 * plane + k])
                        if color != .zero { target.store(color, at: first + k * 4, blend: .sourceOver) }
                    }
                    planes.update(repeating: 0, count: 4 * plane)
                }
            }
        }
    }
}
