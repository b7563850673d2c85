import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/dust_layers.frag` over the shared covering quad: the Thanos dust's layers, composited
    /// in the program, blended once source-over. The per-layer poses go in a uniform buffer made for
    /// this draw (8 KiB), each tile's list of the moving layers that reach it in two integer textures
    /// (`DustTileLists`: some 160 KB at 1080p), so that a pixel runs its tile's layers, not all of them,
    /// and the resting layers' places by assignment index in a third (256 bytes).
    func draw(_ stack: DustLayerStack, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let lists = DustTileLists(
            stack: stack, viewWidth: guardBand.width, viewHeight: guardBand.height, maximumRows: info.maxTextureSize)
        // No pixel of the image in the covering quad: nothing to draw that is read back.
        guard lists.columns > 0, lists.rows > 0 else { return }
        let program = try use(.dustLayers)
        // Both are read with texelFetch (exact texels; the program filters by hand).
        try bind(stack.snapshot, filter: .nearest, unit: 0, used: &used)
        try bind(stack.assignment, filter: .nearest, unit: 1, used: &used)
        try setUniform(program, "u_snapshot", ints: 0)
        try setUniform(program, "u_assignment", ints: 1)
        try setUniform(program, "u_anchor", stack.anchor.x, stack.anchor.y)
        let texelScale = stack.texelScale(viewWidth: guardBand.width, viewHeight: guardBand.height)
        try setUniform(program, "u_texelScale", texelScale.x, texelScale.y)
        var listTextures: [GLuint] = []
        defer { glDeleteTextures(GLsizei(listTextures.count), &listTextures) }
        listTextures.append(
            try integerTexture(lists.tiles, format: .rg32ui, width: lists.columns, height: lists.rows, unit: 2))
        listTextures.append(
            try integerTexture(
                lists.entries, format: .r8ui, width: DustTileLists.rowLength,
                height: lists.entries.count / DustTileLists.rowLength, unit: 3))
        try setUniform(program, "u_tiles", ints: 2)
        try setUniform(program, "u_tileLayers", ints: 3)
        try setUniform(program, "u_tileOrigin", ints: GLint(lists.origin.x), GLint(lists.origin.y))
        try setUniform(program, "u_tileSize", ints: GLint(lists.tileSize))
        // The resting layers (`DustRestingLayers`), in no list: the program takes each pixel's texel's owners.
        listTextures.append(try integerTexture(lists.resting.slotTexels, format: .r8ui, width: 256, height: 1, unit: 4))
        try setUniform(program, "u_restingSlots", ints: 4)
        try setUniform(program, "u_restingFrom", ints: GLint(lists.resting.from < stack.layers.count ? lists.resting.from : 255))

        // The block is always backed whole (every element the GLSL declares), whatever the layer count.
        var layers = [DustLayerUniform](repeating: DustLayerUniform(), count: DustLayerStack.maximumLayers)
        for (i, pose) in stack.layers.enumerated() { layers[i] = pose.uniform }
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        defer { glDeleteBuffers(1, &buffer) }
        glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer)
        layers.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_UNIFORM_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
            recorder?.block("DustLayers", binding: 0, bytes: Array(bytes))
        }
        glUniformBlockBinding(program.name, glGetUniformBlockIndex(program.name, "DustLayers"), 0)
        glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), 0, buffer)

        setBlend(.sourceOver)
        try drawCoveringQuad(program, bounds: stack.bounds, guardBand: guardBand)
        glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), 0, 0)
    }
}
