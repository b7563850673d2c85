/// One draw's vertex-program outputs: captured from a GL with transform feedback, or computed by the
/// CPU twin from the same command, so that `shatter probe` can compare them bit for bit.
public struct VertexOutputs: Codable, Sendable, Equatable {
    /// The vertex program's file (`point_sprite.vert`).
    public var program: String
    /// Its outputs in capture order, each with its 32-bit component count (`gl_Position` 4, `v_base` 2).
    public var outputs: [String]
    public var components: [Int]
    /// Per vertex (instances one after the other), every output's components as 32-bit patterns: a
    /// float's bits, an int's two's complement.
    public var vertices: [[UInt32]]

    public init(program: String, outputs: [(name: String, components: Int)], vertices: [[UInt32]]) {
        self.program = program
        self.outputs = outputs.map(\.name)
        self.components = outputs.map(\.components)
        self.vertices = vertices
    }

    /// The name of component `index` of a vertex's words (`gl_Position.y`, `v_base.x`).
    public func componentName(_ index: Int) -> String {
        var start = 0
        for (name, count) in zip(outputs, components) {
            if index < start + count { return count == 1 ? name : name + "." + ["x", "y", "z", "w"][min(index - start, 3)] }
            start += max(count, 0)
        }
        return "word \(index)"
    }
}

extension Float {
    /// The pattern transform feedback captures.
    @inline(__always)
    public var captured: UInt32 { bitPattern }
}

extension Int32 {
    @inline(__always)
    public var captured: UInt32 { UInt32(bitPattern: self) }
}

/// A renderer that can say what its vertex programs write for a display list: the GL renderer
/// captures it with transform feedback, the CPU renderer computes it with the programs' Swift twins.
public protocol VertexCapturing {
    func vertexOutputs(of list: DisplayList) throws -> [VertexOutputs]
}
