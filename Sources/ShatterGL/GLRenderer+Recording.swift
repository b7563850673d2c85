import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// Starts recording every frame drawn from now on (``GLRecording``): the calls are still made, so
    /// the frames come back as before. Recording again starts a new recording.
    public func beginRecording() { recorder = GLDrawRecorder() }

    /// The frames drawn since ``beginRecording()``, and recording stops; empty when none was begun.
    public func endRecording() -> GLRecording {
        defer { recorder = nil }
        return recorder?.recording ?? GLDrawRecorder().recording
    }

    /// The bytes recorded so far (textures, vertex data, uniform blocks, each once): what bounds a page
    /// that carries the recording.
    public var recordedBytes: Int { recorder?.byteCount ?? 0 }

    /// `glUniform{1…4}f` on the current program, recorded with it: every float uniform goes through here.
    func setUniform(_ program: GLProgram, _ name: String, _ values: Float...) throws {
        let location = try program.location(name)
        switch values.count {
        case 1: glUniform1f(location, values[0])
        case 2: glUniform2f(location, values[0], values[1])
        case 3: glUniform3f(location, values[0], values[1], values[2])
        default: glUniform4f(location, values[0], values[1], values[2], values[3])
        }
        recorder?.uniform(name, type: "f", values.map(\.bitPattern))
    }

    /// `glUniform{1,2}i` on the current program, recorded with it: every integer uniform goes through here.
    func setUniform(_ program: GLProgram, _ name: String, ints values: GLint...) throws {
        let location = try program.location(name)
        switch values.count {
        case 1: glUniform1i(location, values[0])
        default: glUniform2i(location, values[0], values[1])
        }
        recorder?.uniform(name, type: "i", values.map { UInt32(bitPattern: $0) })
    }
}

/// Collects a ``GLRecording`` while a ``GLRenderer`` draws: the renderer tells it each piece of state
/// as it sets it, and each draw takes the state gathered since the last.
final class GLDrawRecorder {
    private(set) var recording = GLRecording(shaders: [:], programs: [:], blobs: [], frames: [])
    private(set) var byteCount = 0
    /// Blobs by content, so a buffer uploaded every frame with the same bytes is stored once.
    private var blobsByBytes: [[UInt8]: Int] = [:]
    /// Textures by identity, held so no other texture can take the identity while recording.
    private var textureBlobs: [ObjectIdentifier: (texture: Texture, blob: Int)] = [:]
    /// Static per-grid data (the pieces' texel origins) by grid and raster.
    private var gridBlobs: [(grid: PointGrid, raster: PointSpriteRaster, blob: Int)] = []
    private var uniforms: [GLRecording.Uniform] = []
    private var blocks: [GLRecording.Block] = []
    private var textures: [GLRecording.TextureBinding] = []
    private var attributes: [GLRecording.Attribute] = []
    /// While a ``GLRenderer/vertexOutputs(of:)`` runs: its draws go to the last capture, not a frame.
    private var capturing = false

    func blob(_ bytes: [UInt8]) -> Int {
        if let index = blobsByBytes[bytes] { return index }
        recording.blobs.append(bytes)
        byteCount += bytes.count
        blobsByBytes[bytes] = recording.blobs.count - 1
        return recording.blobs.count - 1
    }

    func blob<T>(of values: [T]) -> Int { blob(values.withUnsafeBytes { Array($0) }) }

    func beginFrame(_ guardBand: GuardBand, clear: [Float]) {
        recording.frames.append(
            .init(
                width: guardBand.width, height: guardBand.height, framebufferWidth: guardBand.framebufferWidth,
                framebufferHeight: guardBand.framebufferHeight, viewportSide: guardBand.viewportSide,
                guardPixels: guardBand.pixels, clear: clear.map(\.bitPattern), draws: []))
    }

    func uniform(_ name: String, type: String, _ values: [UInt32]) {
        uniforms.append(.init(name: name, type: type, values: values))
    }

    func block(_ name: String, binding: Int, bytes: [UInt8]) {
        blocks.append(.init(name: name, binding: binding, blob: blob(bytes)))
    }

    func texture(_ texture: Texture, unit: Int, filter: TextureFilter) {
        let key = ObjectIdentifier(texture)
        let index = textureBlobs[key]?.blob ?? blob(texture.image.pixels)
        textureBlobs[key] = (texture, index)
        textures.removeAll { $0.unit == unit }
        textures.append(
            .init(
                unit: unit, blob: index, width: texture.image.width, height: texture.image.height,
                filter: filter.rawValue, format: "rgba8"))
    }

    /// An integer texture made for one draw (``GLRenderer/integerTexture(_:format:width:height:unit:)``).
    func integerTexture(_ bytes: [UInt8], format: IntegerTextureFormat, unit: Int, width: Int, height: Int) {
        textures.removeAll { $0.unit == unit }
        textures.append(
            .init(unit: unit, blob: blob(bytes), width: width, height: height, filter: "nearest", format: format.rawValue))
    }

    /// The blob of a grid's static data for `raster`, made by `bytes` the first time.
    func gridBlob(_ grid: PointGrid, raster: PointSpriteRaster, bytes: () -> [UInt8]) -> Int {
        if let known = gridBlobs.first(where: { $0.grid === grid && $0.raster == raster }) { return known.blob }
        let index = blob(bytes())
        gridBlobs.append((grid, raster, index))
        return index
    }

    /// Draws from now until ``endCapture()`` are one capture of vertex outputs (``GLRecording/Capture``).
    func beginCapture() {
        recording.captures.append(.init(draws: []))
        capturing = true
    }

    func endCapture() { capturing = false }

    /// The vertex attributes the next draw reads (replacing any set before).
    func attributes(_ list: [GLRecording.Attribute]) { attributes = list }

    func draw(_ program: ShaderSource, blend: BlendMode, mode: String, count: Int, instances: Int) {
        for file in [program.vertexFile, program.fragmentFile] where recording.shaders[file] == nil {
            recording.shaders[file] = file == program.vertexFile ? program.vertex : program.fragment
        }
        recording.programs[program.rawValue] = .init(
            vertex: program.vertexFile, fragment: program.fragmentFile, outputs: program.vertexOutputs.map(\.name),
            components: program.vertexOutputs.map(\.components))
        let draw = GLRecording.Draw(
            program: program.rawValue, uniforms: uniforms, blocks: blocks, textures: textures,
            attributes: attributes, blend: blend.rawValue, mode: mode, count: count, instances: instances)
        if capturing {
            recording.captures[recording.captures.count - 1].draws.append(draw)
        } else if !recording.frames.isEmpty {
            recording.frames[recording.frames.count - 1].draws.append(draw)
        }
        uniforms = []
        blocks = []
        textures = []
        attributes = []
    }
}
