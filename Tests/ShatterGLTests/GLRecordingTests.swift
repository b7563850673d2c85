import Shatter
import ShatterShaders
import ShatterTestSupport
import Testing

/// Recording what the GL backend issues (for the WebGL2 page) changes nothing it draws, and keeps what
/// every frame shares once: the page's size grows with what moves, not with the frame count.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct GLRecordingTests {
    @Test func recordingDrawsTheSameFramesAndStoresTheSnapshotOnce() throws {
        let effect = try ShatterFixture.effect(width: 97, height: 61, pointSize: 3.5, seed: 2)
        let lists = try (0..<6).map { try effect.displayList(at: Double($0) * 0.2) }
        let plain = try GLRenderer()
        let unrecorded = try lists.map { try plain.render($0) }
        plain.close()

        let gl = try GLRenderer()
        defer { gl.close() }
        gl.beginRecording()
        let recorded = try lists.map { try gl.render($0) }
        let recording = gl.endRecording()
        #expect(recorded == unrecorded)
        #expect(recording.frames.count == lists.count)
        #expect(recording.frames.allSatisfy { $0.width == 97 && $0.height == 61 && !$0.draws.isEmpty })
        // The snapshot and the pieces' texel origins are stored once, whatever the frame count.
        let snapshot = effect.from.image.pixels
        #expect(recording.blobs.filter { $0 == snapshot }.count == 1)
        let pieces = recording.frames.flatMap(\.draws).filter { $0.program == "point_sprite" }
        #expect(pieces.count == lists.count)
        #expect(Set(pieces.map { $0.attributes[1].blob }).count == 1)
        #expect(recording.shaders["point_sprite.vert"] == ShaderSource.pointSprite.vertex)
        // Recording stops: the next frames add nothing.
        _ = try gl.render(lists[0])
        #expect(gl.endRecording().frames.isEmpty)
    }

    /// The dust's draw carries its tile lists as integer textures with their formats (another GL
    /// uploads them as R8UI and RG32UI, not as pictures), the bytes `DustTileLists` made.
    @Test func theDustsTileListsAreRecordedWithTheirFormats() throws {
        let effect = try DustFixture.effect(width: 97, height: 61, layers: 16, seed: 5)
        let list = effect.displayList(at: 0.9)
        let stack = try #require(DustFixture.stack(of: list))
        let gl = try GLRenderer()
        defer { gl.close() }
        gl.beginRecording()
        _ = try gl.render(list)
        let recording = gl.endRecording()
        let draw = try #require(recording.frames.first?.draws.first { $0.program == "dust_layers" })
        let lists = DustTileLists(stack: stack, viewWidth: 97, viewHeight: 61, maximumRows: gl.info.maxTextureSize)
        let formats = Dictionary(uniqueKeysWithValues: draw.textures.map { ($0.unit, $0.format) })
        #expect(formats == [0: "rgba8", 1: "rgba8", 2: "rg32ui", 3: "r8ui", 4: "r8ui"])
        let tiles = try #require(draw.textures.first { $0.unit == 2 })
        #expect(tiles.width == lists.columns && tiles.height == lists.rows)
        #expect(
            recording.blobs[tiles.blob]
                == lists.tiles.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } })
        let entries = try #require(draw.textures.first { $0.unit == 3 })
        #expect(recording.blobs[entries.blob] == lists.entries && entries.width == DustTileLists.rowLength)
    }

    /// A vertex capture while recording is kept as one capture, not a frame: a draw per captured draw,
    /// with the program, counts and state another GL needs to capture the same outputs.
    @Test func aVertexCaptureIsRecordedAsACaptureNotAFrame() throws {
        let effect = try ShatterFixture.effect(width: 97, height: 61, pointSize: 3.5, seed: 2)
        let list = try effect.displayList(at: 0.4)
        let gl = try GLRenderer()
        defer { gl.close() }
        gl.beginRecording()
        let captured = try gl.vertexOutputs(of: list)
        _ = try gl.render(list)
        let recording = gl.endRecording()
        #expect(recording.frames.count == 1, "the capture drew no frame")
        #expect(recording.captures.count == 1)
        let draws = recording.captures.first?.draws ?? []
        #expect(draws.count == captured.count && !draws.isEmpty)
        for (draw, outputs) in zip(draws, captured) {
            let program = try #require(recording.programs[draw.program])
            #expect(program.vertex == outputs.program)
            #expect(program.outputs == outputs.outputs && program.components == outputs.components)
            #expect(draw.mode == "points" && draw.count * draw.instances == outputs.vertices.count)
            #expect(!draw.uniforms.isEmpty && !draw.attributes.isEmpty)
        }
        // The frame after it carries its own state, none of the capture's left over.
        #expect(recording.frames[0].draws.map(\.uniforms) == draws.map(\.uniforms))
    }
}
