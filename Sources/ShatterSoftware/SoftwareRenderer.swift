import Dispatch
import ShatterCore

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

    public init(threads: Int? = nil) {
        self.threads = max(1, threads ?? ProcessInfoCores.active)
    }

    public var description: String { "Shatter CPU renderer (\(threads) thread\(threads == 1 ? "" : "s"))" }

    public func render(_ list: DisplayList) throws -> Image {
        var image = Image(width: list.width, height: list.height, fill: list.clearColor)
        let guardBand = GuardBand(width: list.width, height: list.height, largestPointSize: list.largestPointSize)
        image.pixels.withUnsafeMutableBufferPointer { bytes in
            let target = Framebuffer(bytes: bytes, width: list.width, height: list.height)
            for command in list.commands {
                switch command {
                case .texturedQuad(let quad):
                    draw(quad, into: target)
                case .pointSprites(let batch):
                    draw(batch, into: target, guardBand: guardBand)
                }
            }
        }
        return image
    }

    /// Bands of rows, several per thread so uneven bands still keep every core busy.
    private func bands(for height: Int) -> Int { min(height, threads * 4) }

    private func draw(_ quad: TexturedQuad, into target: Framebuffer) {
        let program = TexturedQuadProgram(quad: quad)
        let columns = TexturedQuadProgram.coveredPixels(start: quad.rect.x, length: quad.rect.width, limit: target.width)
        let rows = TexturedQuadProgram.coveredPixels(start: quad.rect.y, length: quad.rect.height, limit: target.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        quad.texture.withSampler(filter: quad.filter) { sampler in
            let bandCount = bands(for: rows.count)
            parallelChunks(bandCount) { band in
                for local in chunkRange(band, of: bandCount, total: rows.count) {
                    let y = rows.lowerBound + local
                    for x in columns {
                        let color = program.fragment(uv: program.uv(x: x, y: y), texture: sampler)
                        target.store(color, at: (y * target.width + x) * 4, blend: quad.blend)
                    }
                }
            }
        }
    }

    private func draw(_ batch: PointSpriteBatch, into target: Framebuffer, guardBand: GuardBand) {
        let program = PointSpriteProgram(batch: batch, clipScale: guardBand.clipScale)
        let setup = PointSetup(framebufferWidth: guardBand.framebufferWidth,
                               framebufferHeight: guardBand.framebufferHeight, pointSize: batch.pointSize)
        let count = batch.grid.count
        // Vertex stage once per point, in parallel; Int32.min marks a discarded point.
        var centres = [SIMD2<Int32>](repeating: SIMD2(.min, .min), count: count)
        batch.grid.attributes.withUnsafeBufferPointer { attributes in
            centres.withUnsafeMutableBufferPointer { out in
                let shared = SharedMutableBuffer(base: out)
                let chunks = min(count, threads * 4)
                parallelChunks(chunks) { chunk in
                    for i in chunkRange(chunk, of: chunks, total: count) {
                        let a = i * PointGrid.stride
                        let clip = program.vertex(centre: SIMD2(attributes[a], attributes[a + 1]),
                                                  motion: SIMD2(attributes[a + 4], attributes[a + 5]))
                        if let centre = setup.snappedCentre(clip: clip) { shared.base[i] = centre }
                    }
                }
            }
        }
        // Fragment stage in bands of image rows; inside a band points go in draw order, so later
        // points overwrite earlier ones exactly as the GPU's in-order blending does.
        let g = guardBand.pixels, width = target.width, height = target.height
        let topRow = guardBand.framebufferHeight - 1 - g  // framebuffer row (y up) of image row 0
        batch.texture.withSampler(filter: batch.filter) { sampler in
            batch.grid.attributes.withUnsafeBufferPointer { attributes in
                centres.withUnsafeBufferPointer { centres in
                    let bandCount = bands(for: height)
                    parallelChunks(bandCount) { band in
                        let rows = chunkRange(band, of: bandCount, total: height)
                        for i in 0..<count {
                            let centre = centres[i]
                            if centre.x == .min { continue }
                            let js = setup.coveredPixels(centre.y)
                            // Image rows covered, clipped to this band.
                            let firstRow = max(topRow - (js.upperBound - 1), rows.lowerBound)
                            let endRow = min(topRow - js.lowerBound + 1, rows.upperBound)
                            if firstRow >= endRow { continue }
                            let ic = setup.coveredPixels(centre.x)
                            let firstColumn = max(ic.lowerBound - g, 0), endColumn = min(ic.upperBound - g, width)
                            if firstColumn >= endColumn { continue }
                            let a = i * PointGrid.stride
                            let uvOrigin = SIMD2(attributes[a + 2], attributes[a + 3])
                            for row in firstRow..<endRow {
                                let j = topRow - row
                                for column in firstColumn..<endColumn {
                                    let pc = setup.pointCoord(i: column + g, j: j, centre: centre)
                                    let color = program.fragment(pc: pc, uvOrigin: uvOrigin, snapshot: sampler)
                                    target.store(color, at: (row * width + column) * 4, blend: batch.blend)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The number of cores this process may use.
enum ProcessInfoCores {
    static var active: Int {
        #if canImport(Glibc)
        let n = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return n > 0 ? n : 1
        #else
        return 1
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#endif
