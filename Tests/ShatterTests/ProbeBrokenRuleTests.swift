import Testing

@testable import Shatter

/// The probe's teeth, without a GL: a stand-in "GL" that is the CPU renderer with one rule broken on
/// purpose. The report must name exactly that rule (and, unbroken, none).
@Suite struct ProbeBrokenRuleTests {
    enum Break: String, CaseIterable, CustomStringConvertible {
        case nothing
        /// One vertex of one point draw with gl_Position.x one ulp off, as a fused multiply-add or a
        /// reordered sum could leave it in a program that is not exact.
        case pointPositionLastBit
        /// v_circleCentre of one petal rounded the other way.
        case circleCentreLastBit
        /// Sprites that count gl_PointCoord from the right: each pixel shows its mirror's texel.
        case pointCoordMirrored
        var description: String { rawValue }

        var rule: ProbeReport.Rule? {
            switch self {
            case .nothing: nil
            case .pointPositionLastBit: .pointSpriteVertex
            case .circleCentreLastBit: .instancedCircleVertex
            case .pointCoordMirrored: .pointCoord
            }
        }
    }

    struct StandIn: ProbeSubject {
        let cpu = SoftwareRenderer(threads: 2)
        let broken: Break
        var description: String { "the CPU renderer, \(broken)" }
        var probeNames: (renderer: String, platform: String, version: String) { ("stand-in", "none", "1") }
        func rasterFacts() throws -> GLRasterFacts { ProbeReport.twinAssumptions }

        func render(_ list: DisplayList, into target: inout Image) throws -> FrameTimings {
            guard broken == .pointCoordMirrored else { return try cpu.render(list, into: &target) }
            var mirrored = list
            mirrored.commands = list.commands.map { command in
                guard case .pointSprites(var batch) = command else { return command }
                let texels = batch.texture.image
                var flipped = Image(width: texels.width, height: texels.height)
                for y in 0..<texels.height {
                    for x in 0..<texels.width { flipped[x, y] = texels[texels.width - 1 - x, y] }
                }
                batch.texture = Texture(image: flipped)
                // The mirrored cell: u from 1 − (u + span).
                var attributes = batch.grid.attributes
                for point in 0..<batch.grid.count {
                    attributes[point * PointGrid.stride + 2] =
                        1 - attributes[point * PointGrid.stride + 2] - batch.texcoordScale.x
                }
                batch.grid = PointGrid(attributes: attributes)
                return .pointSprites(batch)
            }
            return try cpu.render(mirrored, into: &target)
        }

        func vertexOutputs(of list: DisplayList) throws -> [VertexOutputs] {
            var draws = try cpu.vertexOutputs(of: list)
            let (program, word) =
                switch broken {
                case .pointPositionLastBit: ("point_sprite.vert", 0)
                case .circleCentreLastBit: ("instanced_circle.vert", 4)
                default: ("", 0)
                }
            if let draw = draws.firstIndex(where: { $0.program == program && !$0.vertices.isEmpty }) {
                draws[draw].vertices[0][word] ^= 1
            }
            return draws
        }
    }

    @Test(arguments: Break.allCases)
    func theReportNamesExactlyTheBrokenRule(broken: Break) throws {
        let report = try ProbeReport.run(gl: StandIn(broken: broken), threads: 2)
        #expect(report.disagreements.map(\.rule) == (broken.rule.map { [$0] } ?? []), "\(report.disagreements)")
        if let finding = report.disagreements.first, broken != .pointCoordMirrored {
            // One vertex per scene is broken; the first is named, with both values as floats and bits.
            #expect(finding.gl.contains("vertices differ from the twin's; first: "), "\(finding.gl)")
            #expect(finding.gl.contains(broken == .pointPositionLastBit ? "gl_Position.x" : "v_circleCentre.x"), "\(finding.gl)")
        }
    }

    /// A recorded report is held to, rule by rule: an edited measurement is named, nothing else.
    @Test func aReportDiffersFromARecordOnlyInTheEditedRule() throws {
        let report = try ProbeReport.run(gl: StandIn(broken: .nothing), threads: 2)
        #expect(report.findings(against: report).filter { !$0.agrees }.isEmpty)
        var recorded = report
        let draw = try #require(recorded.gl.vertexScenes[0].draws.firstIndex { $0.program == "point_sprite.vert" })
        recorded.gl.vertexScenes[0].draws[draw].vertices[0][1] ^= 1
        #expect(report.findings(against: recorded).filter { !$0.agrees }.map(\.rule) == [.pointSpriteVertex])
    }
}
