import CLanes
import ShatterCore

extension SoftwareRenderer {
    /// `DustLayersProgram` over the covering quad as the row kernel runs it (`dust_layers.h`): row by
    /// row, each layer only over the span of the row its column band can reach (the layers that have
    /// not moved yet only where they own the pixel's texel), composited in float in layer order, then
    /// blended once. A layer left out at a pixel adds exactly nothing there, so every pixel is the
    /// literal program's bit for bit (`DustSpanTests`).
    func drawByLayerSpans(
        _ program: DustLayersProgram, textures: DustTextures, layers: UnsafeBufferPointer<DustLayerUniform>,
        bounds: PixelRect, into target: Framebuffer
    ) {
        let (columns, rows) = CoveringQuad.pixels(bounds, width: target.width, height: target.height)
        // An empty snapshot has no texel: every layer's color is 0 everywhere, and nothing changes.
        guard !columns.isEmpty, !rows.isEmpty, textures.width > 0, textures.height > 0 else { return }
        var frame = shatter_dust_frame()
        frame.layers = UnsafeRawPointer(layers.baseAddress!).assumingMemoryBound(to: shatter_dust_layer.self)
        frame.layerCount = Int32(program.u_layerCount)
        (frame.anchorX, frame.anchorY) = (program.u_anchor.x, program.u_anchor.y)
        (frame.texelScaleX, frame.texelScaleY) = (program.u_texelScale.x, program.u_texelScale.y)
        frame.snapshot = UnsafeRawPointer(textures.snapshot.baseAddress!).assumingMemoryBound(to: UInt32.self)
        frame.assignment = UnsafeRawPointer(textures.assignment.baseAddress!).assumingMemoryBound(to: UInt32.self)
        (frame.width, frame.height) = (Int32(textures.width), Int32(textures.height))
        let resting = DustRestingLayers(layers: program.u_layers, anchor: program.u_anchor, texelScale: program.u_texelScale)
        frame.restingFrom = Int32(resting.from)
        resting.slots.withUnsafeBytes { slots in withUnsafeMutableBytes(of: &frame.slot) { $0.copyMemory(from: slots) } }
        shatter_dust_plan(&frame)
        let kernel = DustRowKernel.tiers[tier]
        let plane = shatter_dust_plane(columns.count)
        let bandCount = bands(for: rows.count)
        withUnsafePointer(to: &frame) { frame in
            parallelChunks(bandCount) { band in
                // Zeroed once: the blend leaves them zeroed after each row it blends, and a row no
                // layer reached leaves them as they were.
                let planes = UnsafeMutablePointer<Float>.allocate(capacity: 4 * plane)
                planes.initialize(repeating: 0, count: 4 * plane)
                defer { planes.deallocate() }
                for local in chunkRange(band, of: bandCount, total: rows.count) {
                    let y = rows.lowerBound + local
                    let x0 = Int32(columns.lowerBound)
                    let x1 = Int32(columns.upperBound)
                    guard kernel.layers.row(frame, Int32(y), x0, x1, planes) != 0 else { continue }
                    let first = (y * target.width + columns.lowerBound) * 4
                    guard target.blendCounts != nil else {
                        let words = UnsafeMutableRawPointer(target.bytes.baseAddress! + first).assumingMemoryBound(
                            to: UInt32.self)
                        kernel.blend.row(planes, Int32(columns.count), words)
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
