import Shatter
import ShatterTestSupport
import Testing

@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct GLRendererTests {
    @Test func bringsUpAGLES3ContextWithNoDisplay() throws {
        let gl = try GLRenderer()
        #expect(gl.info.version.hasPrefix("OpenGL ES 3"))
        #expect(!gl.info.renderer.isEmpty)
        #expect(
            ["surfaceless"].contains(gl.info.platform) || gl.info.platform.hasPrefix("device")
                || gl.info.platform.hasPrefix("gbm"))
        #expect(gl.info.pointSizeRange.upperBound >= 1)
        #expect(gl.info.maxTextureSize >= 2048)
    }

    @Test func aPointSizeBeyondTheGLRangeIsRefusedNotClamped() throws {
        let gl = try GLRenderer()
        let tooBig = gl.info.pointSizeRange.upperBound + 1
        let list = SpriteFixture.single(
            texture: Image(width: 1, height: 1, fill: .opaqueWhite), canvas: 8, size: tooBig,
            centre: SIMD2(0, 0))
        #expect {
            try gl.render(list)
        } throws: { error in
            let text = "\(error)"
            // The library names the value and the limit; only the CLI adds which flag to use.
            return text.contains("point size \(tooBig) px is outside this GL's point size range") && !text.contains("--")
        }
    }

    @Test func aMissingDeviceIndexIsAClearError() {
        #expect {
            try GLRenderer(options: .init(deviceIndex: 99))
        } throws: { error in
            "\(error)".hasPrefix("EGL device 99 does not exist")
        }
    }

    @Test func texturesAndGridsAreUploadedOnceAndFreedWhenNoLongerUsed() throws {
        let gl = try GLRenderer()
        let first = try ShatterFixture.effect(width: 60, height: 40, pointSize: 2)
        for t in [0.0, 0.1, 0.2] { _ = try gl.render(first.displayList(at: t)) }
        #expect(gl.liveObjectCount == 3)  // from, to, point grid
        let second = try ShatterFixture.effect(width: 50, height: 30, pointSize: 2)
        _ = try gl.render(second.displayList(at: 0))
        #expect(gl.liveObjectCount == 3)  // the first effect's objects were released
    }

    @Test func aClosedRendererSaysSoAndANewOneStillWorks() throws {
        let list = SpriteFixture.single(
            texture: Image(width: 1, height: 1, fill: .opaqueWhite), canvas: 8, size: 4, centre: SIMD2(0, 0))
        let gl = try GLRenderer()
        let before = try gl.render(list)
        gl.close()
        gl.close()  // twice is harmless
        #expect {
            try gl.render(list)
        } throws: { error in
            "\(error)" == "the GL renderer was closed"
        }
        // The display may have been terminated with the last user gone; the next renderer brings it back.
        let again = try GLRenderer()
        #expect(try again.render(list) == before)
    }
}
