import ShatterShaders

/// Every GL call that decides a frame's pixels, as the GL backend issued it, in a form that another GL
/// can replay: the programs (the files of `Shaders/`, verbatim), and per frame the framebuffer, the clear
/// and each draw's program, uniforms, uniform blocks, textures, vertex attributes, blend state and
/// primitive. A WebGL2 page replays it (`WebGLPage`, `player.js`), so the motion stays in one home:
/// the effects and the GL backend, never re-derived in JavaScript. What ``GLRenderer/vertexOutputs(of:)``
/// runs while recording is kept too (``captures``), so another GL can capture the same vertex outputs.
///
/// Recorded by ``GLRenderer/beginRecording()`` and ``GLRenderer/endRecording()``. Bytes (texture
/// pixels, vertex data, uniform blocks) live once in ``blobs`` and are named by index, so a texture or
/// a static vertex buffer that every frame uses is stored once. Floats are kept as their IEEE-754 bits,
/// so no decimal round trip can move a uniform by an ulp.
public struct GLRecording: Encodable, Sendable, Equatable {
    /// Shader file name → its GLSL ES 3.00 text, exactly as `Shaders/` holds it.
    public var shaders: [String: String]
    /// Program name (`ShaderSource`'s raw value) → its vertex and fragment files.
    public var programs: [String: Program]
    /// Byte arrays (encoded as base64).
    public var blobs: [[UInt8]]
    public var frames: [Frame]
    /// One per ``GLRenderer/vertexOutputs(of:)`` recorded: its draws, in order.
    public var captures: [Capture] = []

    private enum CodingKeys: String, CodingKey { case shaders, programs, blobs, frames, captures }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shaders, forKey: .shaders)
        try container.encode(programs, forKey: .programs)
        try container.encode(blobs.map(Self.base64), forKey: .blobs)
        try container.encode(frames, forKey: .frames)
        try container.encode(captures, forKey: .captures)
    }

    /// RFC 4648 base64 with padding (ShatterGL has no Foundation), what `atob` reads.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let word = UInt32(bytes[i]) << 16 | (n > 1 ? UInt32(bytes[i + 1]) << 8 : 0) | (n > 2 ? UInt32(bytes[i + 2]) : 0)
            for k in 0..<4 {
                out.append(k <= n ? alphabet[Int((word >> (18 - 6 * UInt32(k))) & 63)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    public struct Program: Codable, Sendable, Equatable {
        public var vertex: String
        public var fragment: String
        /// The vertex program's outputs in the order transform feedback captures them, interleaved
        /// (`ShaderSource.vertexOutputs`), and each one's 32-bit components.
        public var outputs: [String]
        public var components: [Int]
    }

    /// One ``GLRenderer/vertexOutputs(of:)``: each draw run through its program linked with
    /// ``Program/outputs`` as transform feedback varyings, interleaved into one buffer, with the
    /// rasteriser off, as `count` points `instances` times (`mode` is `points`): per vertex, instances
    /// one after the other, every output's words.
    public struct Capture: Codable, Sendable, Equatable {
        public var draws: [Draw]
    }

    /// One frame: an RGBA8 framebuffer of `framebufferWidth` × `framebufferHeight` (the image and its
    /// guard band), the `viewportSide` × `viewportSide` viewport at the origin, a clear, the draws in
    /// order, then the image read back from (`guard`, `guard`), `width` × `height`, rows bottom first.
    public struct Frame: Codable, Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var framebufferWidth: Int
        public var framebufferHeight: Int
        public var viewportSide: Int
        public var guardPixels: Int
        /// `glClearColor`'s four floats, as bits.
        public var clear: [UInt32]
        public var draws: [Draw]
    }

    /// One `glDrawArraysInstanced`, with the state it ran under.
    public struct Draw: Codable, Sendable, Equatable {
        public var program: String
        public var uniforms: [Uniform]
        public var blocks: [Block]
        public var textures: [TextureBinding]
        public var attributes: [Attribute]
        /// `replace` (blending off), `sourceOver` or `screen` (`BlendMode`; the factors are the GL
        /// backend's `setBlend`, which the player copies).
        public var blend: String
        /// `points` or `triangleStrip`.
        public var mode: String
        public var count: Int
        public var instances: Int
    }

    /// `glUniform{1,2,3,4}{i,f}`: `type` is `i` or `f`, `values` the integers or the floats' bits.
    public struct Uniform: Codable, Sendable, Equatable {
        public var name: String
        public var type: String
        public var values: [UInt32]
    }

    /// A uniform block's bytes (std140, so the same on every GL), bound at `binding`.
    public struct Block: Codable, Sendable, Equatable {
        public var name: String
        public var binding: Int
        public var blob: Int
    }

    /// A texture on unit `unit`, clamped to its edges, row 0 first (texture v = 0, the image's top);
    /// `filter` `nearest` or `linear`. `format` `rgba8`: premultiplied RGBA8 (a picture); `r8ui` or
    /// `rg32ui`: unsigned integers, one byte or two little-endian 32-bit words a texel, read with
    /// `texelFetch` (the dust's tile lists).
    public struct TextureBinding: Codable, Sendable, Equatable {
        public var unit: Int
        public var blob: Int
        public var width: Int
        public var height: Int
        public var filter: String
        public var format: String
    }

    /// A vertex attribute from its own buffer: `type` `float` (`glVertexAttribPointer`, not normalised)
    /// or `int` (`glVertexAttribIPointer`), `stride` and `offset` in bytes.
    public struct Attribute: Codable, Sendable, Equatable {
        public var location: Int
        public var size: Int
        public var type: String
        public var stride: Int
        public var offset: Int
        public var divisor: Int
        public var blob: Int
    }
}
