import CShatterGL
import ShatterCore
import ShatterPointSprites
import ShatterShaders

/// The GPU backend: EGL with no display, OpenGL ES 3, an offscreen RGBA8 framebuffer with a guard
/// band, and readback. Textures and point grids are uploaded once and reused while later frames name
/// them.
///
/// An EGL context belongs to one thread: create and use a `GLRenderer` on the same thread.
///
/// ```swift
/// let gl = try GLRenderer()
/// print(gl.info.renderer)          // "llvmpipe (LLVM 15.0.6, 256 bits)" or "NVIDIA H100 …"
/// let image = try gl.render(list)
/// ```
public final class GLRenderer: Renderer {
    public struct Options: Sendable, Equatable {
        /// Index into the EGL device list (`shatter info`); nil tries every hardware device, the
        /// scheduler's GPU first (``DevicePlan``).
        public var deviceIndex: Int?
        /// Refuse a software rasteriser (llvmpipe) with ``GLError/softwareRasterizerOnly(renderer:platform:causes:)``.
        public var requireHardware: Bool
        /// The scheduler's GPU to prefer; nil reads it from this process's environment
        /// (``SchedulerGPU/from(environment:)``).
        public var schedulerGPU: SchedulerGPU?
        public init(deviceIndex: Int? = nil, requireHardware: Bool = false, schedulerGPU: SchedulerGPU? = nil) {
            self.deviceIndex = deviceIndex
            self.requireHardware = requireHardware
            self.schedulerGPU = schedulerGPU
        }
    }

    public let info: GLInfo
    let egl: HeadlessEGL
    /// Programs compiled on first use; those linked to capture their vertex outputs apart.
    private var programs: [ShaderSource: GLProgram] = [:]
    private var capturingPrograms: [ShaderSource: GLProgram] = [:]
    /// A unit square, (0,0) (1,0) (0,1) (1,1), as a triangle strip at attribute 0: every quad-shaped draw.
    let unitQuad: GLuint
    private let unitQuadBuffer: GLuint
    private var framebuffer: GLuint = 0
    private var colorBuffer: GLuint = 0
    private var framebufferSize = (width: 0, height: 0)
    private var textures: [ObjectIdentifier: (texture: Texture, name: GLuint)] = [:]
    var grids: [ObjectIdentifier: GLPointGrid] = [:]
    /// The pieces' motion, on the CPU (the CPU renderer's code), and the centres it gave last.
    let pointMotion = PointMotionStage()
    var pointCentres: [Int32] = []
    /// `GL_MAX_VIEWPORT_DIMS`, the smaller of the two.
    private let maxViewportSide: Int
    /// While ``vertexOutputs(of:)`` runs: the outputs captured so far (draws then rasterise nothing).
    var capturedOutputs: [VertexOutputs]?
    /// The program ``use(_:)`` made current last.
    private(set) var currentProgram: ShaderSource?
    /// The ring of pixel-pack buffers frames are read back into (`GLRenderer+Readback.swift`).
    var ring = ReadbackRing()
    /// While recording (``beginRecording()``): the calls made, for another GL to replay.
    var recorder: GLDrawRecorder?
    /// The blend state ``setBlend(_:)`` set last, which each draw runs under.
    private(set) var currentBlend = BlendMode.replace
    /// The unit square's corners, attribute 0 of ``unitQuad``.
    static let unitQuadCorners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]

    public var description: String { info.renderer }
    /// `GL_VERSION`: the same GPU under another driver may rasterise or round differently.
    public var driver: String? { info.version }

    public init(options: Options = Options()) throws {
        let scheduler = options.schedulerGPU ?? SchedulerGPU.from(environment: environment(SchedulerGPU.variables))
        egl = try HeadlessEGL(deviceIndex: options.deviceIndex, scheduler: scheduler)
        var major: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        let version = Self.string(GL_VERSION)
        guard major >= 3 else { throw GLError.glVersionTooOld(found: version) }

        var pointRange: [GLfloat] = [0, 0]
        glGetFloatv(GLenum(GL_ALIASED_POINT_SIZE_RANGE), &pointRange)
        var maxTexture: GLint = 0
        var maxRenderbuffer: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxTexture)
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxRenderbuffer)
        var maximumViewport: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &maximumViewport)
        maxViewportSide = Int(min(maximumViewport[0], maximumViewport[1]))
        info = GLInfo(
            clientExtensions: egl.clientExtensions.sorted(), devices: egl.devices, deviceNotes: egl.deviceNotes,
            schedulerGPU: egl.scheduler, failedAttempts: egl.failedAttempts, platform: egl.platform,
            eglVendor: egl.displayString(EGL_VENDOR), eglVersion: egl.displayString(EGL_VERSION),
            vendor: Self.string(GL_VENDOR), renderer: Self.string(GL_RENDERER), version: version,
            shadingLanguageVersion: Self.string(GL_SHADING_LANGUAGE_VERSION),
            pointSizeRange: pointRange[0]...pointRange[1], maxTextureSize: Int(maxTexture),
            maxRenderbufferSize: Int(maxRenderbuffer))
        if options.requireHardware && info.isSoftwareRasterizer {
            let facts = SoftwareGLDiagnosis.Facts.gather(deviceFailures: egl.failedAttempts.filter { $0.hasPrefix("device ") })
            throw GLError.softwareRasterizerOnly(
                renderer: info.renderer, platform: egl.platform,
                causes: SoftwareGLDiagnosis.likelyCauses(facts))
        }

        var vertexArray: GLuint = 0
        var buffer: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let corners = Self.unitQuadCorners
        glBufferData(GLenum(GL_ARRAY_BUFFER), corners.count * 4, corners, GLenum(GL_STATIC_DRAW))
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        glBindVertexArray(0)
        unitQuad = vertexArray
        unitQuadBuffer = buffer

        // State that would make GL differ from the CPU twin stays off.
        glDisable(GLenum(GL_DITHER))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        try checkError("GL set-up")
    }

    deinit { close() }

    /// Frees the GL objects, releases the context and this thread's EGL state, and terminates the
    /// display when no other renderer uses it. Later renders throw ``GLError/closed``. Runs at
    /// deinit too; calling it explicitly makes the moment certain (before exit, after a signal).
    public func close() {
        guard !egl.isClosed else { return }
        if (try? egl.makeCurrent()) != nil {
            for entry in textures.values {
                var name = entry.name
                glDeleteTextures(1, &name)
            }
            for entry in grids.values { deleteGrid(entry) }
            var buffers = [unitQuadBuffer]
            var arrays = [unitQuad]
            glDeleteBuffers(1, &buffers)
            glDeleteVertexArrays(1, &arrays)
            for program in programs.values { program.delete() }
            for program in capturingPrograms.values { program.delete() }
            ring.delete()
            if framebuffer != 0 {
                glDeleteFramebuffers(1, &framebuffer)
                glDeleteRenderbuffers(1, &colorBuffer)
            }
        }
        textures = [:]
        grids = [:]
        programs = [:]
        capturingPrograms = [:]
        ring = ReadbackRing()
        egl.close()
    }

    /// Live GL objects this renderer holds (textures, point buffers): a soak test checks it stays flat.
    public var liveObjectCount: Int { textures.count + grids.count }
    /// Texture storage allocated (`glTexImage2D`) and versions copied into existing storage
    /// (`glTexSubImage2D`) since the renderer was made: a clip's frames should only add updates.
    public private(set) var textureAllocations = 0
    public private(set) var textureUpdates = 0

    /// Draws `list` and reads it back before returning (``begin(_:)`` and ``finishOldest(into:)`` in
    /// one, with the drawing finished first so that draw and readback are timed apart).
    @discardableResult
    public func render(_ list: DisplayList, into image: inout Image) throws -> FrameTimings {
        precondition(framesBegun == 0, "GLRenderer.render(_:into:) between begin and finishOldest")
        let start = ContinuousClock.now
        let drawn = try drawAndQueueReadback(list, finishDrawing: true)
        try finishOldest(into: &image)
        return FrameTimings(draw: Self.seconds(drawn - start), readback: Self.seconds(ContinuousClock.now - drawn))
    }

    /// Makes the context current, draws `list` into the framebuffer and queues its readback into the
    /// ring (`GLRenderer+Readback.swift`). `finishDrawing` waits for the drawing first, so that the
    /// instant returned, when drawing was done, parts draw from readback.
    @discardableResult
    func drawAndQueueReadback(_ list: DisplayList, finishDrawing: Bool) throws -> ContinuousClock.Instant {
        try egl.makeCurrent()
        guard list.width > 0, list.height > 0 else {
            try queueReadback(nil, width: list.width, height: list.height)
            return ContinuousClock.now
        }
        let guardBand = GuardBand(width: list.width, height: list.height, largestPointSize: list.largestPointSize)
        // Checked against the image the user asked for, not the framebuffer behind it.
        let largest = largestFramebufferSide - 2 * guardBand.pixels
        guard max(list.width, list.height) <= largest else {
            throw GLError.frameTooLarge(width: list.width, height: list.height, guardBand: guardBand.pixels, largestSide: largest)
        }
        try prepareFramebuffer(guardBand)

        // The framebuffer is the lower-left part of a K × K viewport, K a power of two: window → NDC is a
        // product by 2/K in every vertex program, exact on any GL (docs/parity.md, "Clip coordinates").
        let side = guardBand.viewportSide
        guard side <= maxViewportSide else { throw GLError.viewportTooLarge(side: side, maximum: maxViewportSide) }
        glViewport(0, 0, GLsizei(side), GLsizei(side))
        let clear = list.clearColor
        let clearColor = [Float(clear.r) / 255, Float(clear.g) / 255, Float(clear.b) / 255, Float(clear.a) / 255]
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        if capturedOutputs == nil { recorder?.beginFrame(guardBand, clear: clearColor) }

        var used = Set<ObjectIdentifier>()
        for command in list.commands {
            switch command {
            case .texturedQuad(let quad):
                try draw(quad, guardBand: guardBand, used: &used)
            case .pointSprites(let batch):
                try draw(batch, guardBand: guardBand, used: &used)
            case .instancedCircles(let batch):
                try draw(batch, guardBand: guardBand)
            case .dustLayers(let stack):
                try draw(stack, guardBand: guardBand, used: &used)
            case .shape(let shape):
                try draw(shape, guardBand: guardBand)
            case .layerQuad(let quad):
                try draw(quad, guardBand: guardBand, used: &used)
            }
        }
        if finishDrawing { glFinish() }
        let drawn = ContinuousClock.now
        evictResources(notIn: used)
        try checkError("rendering a frame")
        try queueReadback(guardBand, width: list.width, height: list.height)
        return drawn
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    // MARK: Shared by the draws (one file per program: GLRenderer+<Program>.swift)

    /// The program for `source`, compiled and linked on first use, made current.
    func use(_ source: ShaderSource) throws -> GLProgram {
        let capturing = capturedOutputs != nil
        let program: GLProgram
        if let cached = capturing ? capturingPrograms[source] : programs[source] {
            program = cached
        } else {
            program = try GLProgram(source, capturingOutputs: capturing)
            if capturing { capturingPrograms[source] = program } else { programs[source] = program }
        }
        glUseProgram(program.name)
        currentProgram = source
        return program
    }

    func setBlend(_ blend: BlendMode) {
        currentBlend = blend
        switch blend {
        case .replace:
            glDisable(GLenum(GL_BLEND))
        case .sourceOver:
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .screen:
            glEnable(GLenum(GL_BLEND))
            glBlendFuncSeparate(
                GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_COLOR), GLenum(GL_ONE),
                GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
    }

    // MARK: Resources

    /// Binds `texture` to unit `unit`, uploading it the first time a frame names its slot. A new
    /// version of a slot already uploaded (a clip's next frame) is copied into the same GL texture with
    /// `glTexSubImage2D`; only a change of size allocates again.
    func bind(_ texture: Texture, filter: TextureFilter, unit: Int = 0, used: inout Set<ObjectIdentifier>) throws {
        let key = ObjectIdentifier(texture.slot)
        used.insert(key)
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        let image = texture.image
        if let cached = textures[key] {
            glBindTexture(GLenum(GL_TEXTURE_2D), cached.name)
            if cached.texture !== texture {
                let sameSize = cached.texture.image.width == image.width && cached.texture.image.height == image.height
                try upload(texture, allocate: !sameSize)
                textures[key] = (texture, cached.name)
                textureUpdates += 1
            }
        } else {
            var name: GLuint = 0
            glGenTextures(1, &name)
            glBindTexture(GLenum(GL_TEXTURE_2D), name)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
            do {
                try upload(texture, allocate: true)
            } catch {
                glDeleteTextures(1, &name)
                throw error
            }
            textures[key] = (texture, name)
        }
        recorder?.texture(texture, unit: unit, filter: filter)
        let mode = filter == .linear ? GL_LINEAR : GL_NEAREST
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), mode)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), mode)
    }

    /// Copies `texture`'s texels (lent or its image's) into the bound texture; `allocate` gives it
    /// storage of the image's size first.
    private func upload(_ texture: Texture, allocate: Bool) throws {
        let image = texture.image
        guard image.width <= info.maxTextureSize, image.height <= info.maxTextureSize else {
            throw GLError.textureTooLarge(width: image.width, height: image.height, maximum: info.maxTextureSize)
        }
        // Rows go up top first: texture v = 0 is the image's top row.
        if allocate {
            texture.withTexels { texels in
                glTexImage2D(
                    GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                    GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), texels.baseAddress)
            }
            textureAllocations += 1
            try checkError("glTexImage2D (\(image.width)x\(image.height))")
        } else {
            texture.withTexels { texels in
                glTexSubImage2D(
                    GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(image.width), GLsizei(image.height),
                    GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), texels.baseAddress)
            }
            try checkError("glTexSubImage2D (\(image.width)x\(image.height))")
        }
    }

    /// `grid`'s vertex array: attribute 0 the centres (uploaded per frame), 1 each piece's texel origin
    /// and extent for `raster` (uploaded when the grid or the raster is new).
    func pointGrid(for grid: PointGrid, raster: PointSpriteRaster, used: inout Set<ObjectIdentifier>) -> GLPointGrid {
        let key = ObjectIdentifier(grid)
        used.insert(key)
        var entry: GLPointGrid
        if let cached = grids[key] {
            entry = cached
        } else {
            var names: [GLuint] = [0, 0]
            var vertexArray: GLuint = 0
            glGenVertexArrays(1, &vertexArray)
            glGenBuffers(2, &names)
            glBindVertexArray(vertexArray)
            for (location, buffer, components) in [(0, names[0], 2), (1, names[1], 4)] {
                glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
                glEnableVertexAttribArray(GLuint(location))
                glVertexAttribIPointer(GLuint(location), GLint(components), GLenum(GL_INT), GLsizei(4 * components), nil)
            }
            glBindVertexArray(0)
            entry = GLPointGrid(grid: grid, vertexArray: vertexArray, centres: names[0], origins: names[1], raster: nil)
        }
        if entry.raster != raster {
            let origins = Self.texelOrigins(of: grid, raster: raster)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), entry.origins)
            glBufferData(GLenum(GL_ARRAY_BUFFER), origins.count * 4, origins, GLenum(GL_STATIC_DRAW))
            entry.raster = raster
        }
        grids[key] = entry
        return entry
    }

    /// Attribute 1 of a point grid: each piece's texel origin and extent for `raster`, as `ivec4`s.
    static func texelOrigins(of grid: PointGrid, raster: PointSpriteRaster) -> [Int32] {
        var origins = [Int32](repeating: 0, count: 4 * grid.count)
        grid.attributes.withUnsafeBufferPointer { a in
            for point in 0..<grid.count {
                let origin = raster.origin(ofPoint: point, attributes: a)
                let extent = raster.extents(ofPoint: point)
                (origins[4 * point], origins[4 * point + 1]) = (origin.x, origin.y)
                (origins[4 * point + 2], origins[4 * point + 3]) = (extent.x, extent.y)
            }
        }
        return origins
    }

    private func deleteGrid(_ entry: GLPointGrid) {
        var array = entry.vertexArray
        var buffers = [entry.centres, entry.origins]
        glDeleteVertexArrays(1, &array)
        glDeleteBuffers(2, &buffers)
    }

    /// Frees what the last frame did not use: an effect reuses its textures and grid every frame, so
    /// only what belonged to an earlier effect goes.
    private func evictResources(notIn used: Set<ObjectIdentifier>) {
        for (key, entry) in textures where !used.contains(key) {
            var name = entry.name
            glDeleteTextures(1, &name)
            textures[key] = nil
        }
        for (key, entry) in grids where !used.contains(key) {
            deleteGrid(entry)
            grids[key] = nil
        }
    }

    // MARK: Framebuffer

    /// The largest framebuffer side this GL draws: within its renderbuffer size, and with the power of
    /// two above it (the viewport) within its viewport.
    private var largestFramebufferSide: Int {
        var viewport = 1
        while viewport * 2 <= maxViewportSide { viewport *= 2 }
        return min(info.maxRenderbufferSize, viewport)
    }

    private func prepareFramebuffer(_ guardBand: GuardBand) throws {
        let width = guardBand.framebufferWidth
        let height = guardBand.framebufferHeight
        if framebuffer != 0 && framebufferSize == (width, height) { return }
        guard width <= info.maxRenderbufferSize, height <= info.maxRenderbufferSize else {
            throw GLError.textureTooLarge(width: width, height: height, maximum: info.maxRenderbufferSize)
        }
        if framebuffer == 0 {
            glGenFramebuffers(1, &framebuffer)
            glGenRenderbuffers(1, &colorBuffer)
        }
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorBuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER),
            colorBuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw GLError.framebufferIncomplete(status: status) }
        framebufferSize = (width, height)
    }

    func checkError(_ what: String) throws {
        let code = glGetError()
        if code != GLenum(GL_NO_ERROR) { throw GLError.call(what, code: code) }
    }

    private static func string(_ name: Int32) -> String {
        glGetString(GLenum(name)).map { String(cString: $0) } ?? "?"
    }
}

/// A point grid's GL objects: its vertex array, the buffer of centres (one `ivec2` per point, each
/// frame) and of texel origins (static, for ``raster``).
struct GLPointGrid {
    let grid: PointGrid  // held, so its identity cannot be reused by another grid
    let vertexArray: GLuint
    let centres: GLuint
    let origins: GLuint
    var raster: PointSpriteRaster?
}
