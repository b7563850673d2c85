import Testing

@testable import Shatter
@testable import ShatterSoftware

/// Every vertex program is exact (docs/parity.md, "Clip coordinates"): its twin gives the same bits on
/// every probe scene whether each multiply-add is rounded once (contracted, as a GLSL compiler may) or
/// twice (as written). (Checked to fail with the viewport's scale 2/K replaced by 2/width: 4 scenes then
/// differ.)
@Suite struct VertexExactnessTests {
    @Test func everyVertexProgramGivesTheSameBitsFusedOrNot() throws {
        let written = VertexProgramTwin(threads: 2, fusingMultiplyAdds: false)
        let fused = VertexProgramTwin(threads: 2, fusingMultiplyAdds: true)
        var vertices = 0
        for scene in try VertexProbe.scenes() {
            let a = try written.outputs(of: scene.list)
            #expect(a == (try fused.outputs(of: scene.list)), "\(scene.name)")
            vertices += a.reduce(0) { $0 + $1.vertices.count }
        }
        #expect(vertices > 8000)
    }
}
