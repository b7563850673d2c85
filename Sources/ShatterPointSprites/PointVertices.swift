import CLanes

/// What the vertex stage reads, for both backends: the grid's points eight at a time, per block the
/// time after which all of its points are out of sight, the program, and the same for the C kernel
/// (`small_sprites.h`, which runs the vertex program and the set-up) with the kernel's twin to run.
/// The CPU renderer's draw holds it beside the snapshot it samples (`PointFrame.Points`).
package struct PointVertices {
    /// Eight centres in eighths of a pixel, and the lanes drawn (bit k for lane k).
    package typealias Centres = (x: SIMD8<Int32>, y: SIMD8<Int32>, visible: UInt32)

    package let lanes: UnsafeBufferPointer<PointLanes>
    package let goneAfter: UnsafeBufferPointer<Float>
    package let program: PointSpriteProgram
    package let kernelFrame: shatter_small_sprite_frame
    package let kernel: SmallSpriteKernel

    package init(
        lanes: UnsafeBufferPointer<PointLanes>, goneAfter: UnsafeBufferPointer<Float>, program: PointSpriteProgram,
        kernelFrame: shatter_small_sprite_frame, kernel: SmallSpriteKernel
    ) {
        self.lanes = lanes
        self.goneAfter = goneAfter
        self.program = program
        self.kernelFrame = kernelFrame
        self.kernel = kernel
    }

    /// Block `block`'s centres (eighths of a pixel) and drawn lanes, or nil when all of its points have
    /// fallen out of sight (closed form only). Closed-form motion runs the kernel's vertex program;
    /// stepped motion (`u_steps >= 0`, which has no closed form to skip blocks by) the program's, point by
    /// point (padding lanes, whose centre is NaN, are never drawn).
    @inline(__always)
    package func centres(
        ofBlock block: Int, setup: PointSetup, frame: UnsafePointer<shatter_small_sprite_frame>,
        scratch: inout shatter_point_centres
    ) -> Centres? {
        if program.u_steps >= 0 {
            let point = lanes[block]
            var centres: Centres = (.zero, .zero, 0)
            for lane in 0..<8 {
                let clip = program.steppedVertex(
                    centre: SIMD2(point.centreX[lane], point.centreY[lane]),
                    motion: SIMD2(point.speed[lane], point.acceleration[lane]))
                guard let centre = setup.centre(clip: clip) else { continue }
                centres.x[lane] = centre.x
                centres.y[lane] = centre.y
                centres.visible |= 1 << lane
            }
            return centres
        }
        if program.u_time > goneAfter[block] { return nil }
        kernel.centres(frame, block, &scratch)
        let centres = withUnsafeBytes(of: &scratch) { bytes in
            (x: bytes.load(as: SIMD8<Int32>.self), y: bytes.load(fromByteOffset: 32, as: SIMD8<Int32>.self))
        }
        return (centres.x, centres.y, scratch.visible)
    }
}

extension PointInvariantCache.Lanes {
    /// The one place a draw builds its ``PointVertices`` from the cached lanes, for the GL renderer's
    /// motion stage and the CPU renderer alike: `frame` makes the C kernel's frame from the lanes' and
    /// exit times' storage (the motion stage's with the set-up alone, the CPU renderer's with its target
    /// too), and `body` runs while that storage, and the separable grid the frame points into, live.
    package func withVertices<Result>(
        program: PointSpriteProgram, kernel: SmallSpriteKernel,
        frame: (UnsafePointer<PointLanes>?, UnsafePointer<Float>?) -> shatter_small_sprite_frame,
        _ body: (PointVertices) throws -> Result
    ) rethrows -> Result {
        try lanes.withUnsafeBufferPointer { lanes in
            try goneAfter.withUnsafeBufferPointer { goneAfter in
                let vertices = PointVertices(
                    lanes: lanes, goneAfter: goneAfter, program: program,
                    kernelFrame: frame(lanes.baseAddress, goneAfter.baseAddress), kernel: kernel)
                return try withExtendedLifetime(separable) { try body(vertices) }
            }
        }
    }
}
