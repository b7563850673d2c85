import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// Frames read back through the ring of pixel-pack buffers are the frames a synchronous render gives,
/// in order, whatever the mix of sizes, and the pipeline that drives the ring writes them unchanged.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct GLReadbackRingTests {
    /// Seven frames through a ring of three (it wraps twice), one of them another size and one empty.
    @Test func begunFramesComeBackInOrderAsTheSynchronousRenderGivesThem() throws {
        let large = try ShatterFixture.effect(width: 60, height: 40, pointSize: 2)
        let small = try ShatterFixture.effect(width: 24, height: 18, pointSize: 3)
        var lists = [0.0, 0.1, 0.2, 0.3, 0.5, 0.7].map { large.displayList(at: $0) }
        lists.insert(small.displayList(at: 0.4), at: 3)
        lists.insert(DisplayList(width: 0, height: 5, commands: []), at: 5)
        let reference = try GLRenderer()
        let expected = try lists.map { try reference.render($0) }

        let gl = try GLRenderer()
        #expect(gl.pipelineDepth >= 2)
        var image = Image(width: 0, height: 0)
        var got: [Image] = []
        for list in lists {
            if gl.framesBegun == gl.pipelineDepth {
                try gl.finishOldest(into: &image)
                got.append(image)
            }
            try gl.begin(list)
        }
        while gl.framesBegun > 0 {
            try gl.finishOldest(into: &image)
            got.append(image)
        }
        #expect(got.count == expected.count)
        for (k, pair) in zip(got, expected).enumerated() {
            #expect(pair.0 == pair.1, "frame \(k) differs from the synchronous render")
        }
        #expect(expected[1] != expected[2])  // the frames differ, so order matters
    }

    @Test func abandonedFramesLeaveTheRendererReadyForSynchronousRenders() throws {
        let effect = try ShatterFixture.effect(width: 40, height: 30, pointSize: 2)
        let gl = try GLRenderer()
        try gl.begin(effect.displayList(at: 0.1))
        try gl.begin(effect.displayList(at: 0.2))
        gl.abandonBegunFrames()
        #expect(gl.framesBegun == 0)
        #expect(try gl.render(effect.displayList(at: 0.3)) == (try GLRenderer().render(effect.displayList(at: 0.3))))
    }

    @Test func thePipelineWritesTheGLFramesUnchanged() throws {
        let effect = try ShatterFixture.effect(width: 48, height: 32, pointSize: 2)
        let scratch = try TemporaryFolder()
        let out = try OutputDirectory(scratch.file("frames"))
        let gl = try GLRenderer()
        let summary = try FramePipeline(output: out, framesInFlight: 2).run(frames: Array(0..<8), renderer: gl) {
            effect.displayList(at: Double($0) / 10)
        }
        #expect(summary.frames == 8 && gl.framesBegun == 0)
        let reference = try GLRenderer()
        for i in 0..<8 {
            #expect(try PNGDecoder.read(path: out.framePath(i)) == (try reference.render(effect.displayList(at: Double(i) / 10))))
        }
    }
}
