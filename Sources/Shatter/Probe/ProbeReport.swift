/// `shatter probe`: the rules the CPU renderer assumes, measured on a GL and on the CPU renderer
/// itself, side by side. Where they agree the twin can match that GL exactly; where they differ the
/// report says by how much, which decides the parity a user can expect there.
public struct ProbeReport: Codable, Sendable {
    public var renderer: String
    public var platform: String
    public var version: String
    public var facts: GLRasterFacts
    /// What the CPU renderer's code assumes of the same queries.
    public var twinFacts: GLRasterFacts
    public var gl: RasterProbe.Measurements
    public var twin: RasterProbe.Measurements
    /// One finding per rule, in the order of the summary.
    public var findings: [Finding]

    /// The rules the probe checks, named as the summary prints them.
    public enum Rule: String, Codable, Sendable, CaseIterable {
        case subpixelBits = "GL_SUBPIXEL_BITS"
        case pointSnapping = "point snapping (1-px point, 1/1024-px sweep)"
        case spriteEdges = "sprite edge coverage"
        case colorStore = "color store at (k + 0.5)/255"
        case sourceOverBlend = "source-over blend rounding"
        case screenBlend = "screen blend rounding"
        case filterWeights = "textured-quad filter weights"
        case fragmentHighp = "fragment highp float"
        case readFormat = "read format"
        case pointCoord = "sprite pixel floor(gl_PointCoord · size)"
        case pointSpriteVertex = "point_sprite.vert outputs"
        case coveringQuadVertex = "covering_quad.vert outputs"
        case instancedCircleVertex = "instanced_circle.vert outputs"

        /// The vertex program a transform-feedback rule compares.
        var vertexProgram: String? {
            switch self {
            case .pointSpriteVertex: "point_sprite.vert"
            case .coveringQuadVertex: "covering_quad.vert"
            case .instancedCircleVertex: "instanced_circle.vert"
            default: nil
            }
        }
    }

    /// The rules that hold on this GL as the CPU renderer assumes them.
    public var agreeingRules: Set<Rule> { Set(findings.filter(\.agrees).map(\.rule)) }

    public struct Finding: Codable, Sendable, Equatable {
        public var rule: Rule
        /// What this GL does, in words.
        public var gl: String
        /// What the CPU renderer assumes.
        public var twin: String
        public var agrees: Bool
    }

    public var disagreements: [Finding] { findings.filter { !$0.agrees } }

    public static let twinAssumptions = GLRasterFacts(
        subpixelBits: SoftwareRenderer.subpixelBits, fragmentHighpRange: [127, 127],
        fragmentHighpPrecision: SoftwareRenderer.floatPrecisionBits, readFormat: SoftwareRenderer.pixelFormat)

    /// Runs ``RasterProbe`` on `gl` (any ``ProbeSubject``: the GL renderer, or a stand-in in tests) and
    /// on the CPU renderer.
    public static func run(gl: any ProbeSubject, threads: Int? = nil) throws -> ProbeReport {
        let probe = RasterProbe()
        let measured = try probe.measure(gl)
        let twin = try probe.measure(SoftwareRenderer(threads: threads))
        let facts = try gl.rasterFacts()
        let names = gl.probeNames
        return ProbeReport(
            renderer: names.renderer, platform: names.platform, version: names.version, facts: facts,
            twinFacts: twinAssumptions, gl: measured, twin: twin,
            findings: findings(facts: facts, twinFacts: twinAssumptions, gl: measured, twin: twin))
    }

    static func findings(
        facts: GLRasterFacts, twinFacts: GLRasterFacts, gl: RasterProbe.Measurements,
        twin: RasterProbe.Measurements
    ) -> [Finding] {
        func finding(_ rule: Rule, _ gl: String, _ twin: String, _ agrees: Bool) -> Finding {
            Finding(rule: rule, gl: gl, twin: twin, agrees: agrees)
        }
        let edgesAgree = zip(gl.spriteEdges, twin.spriteEdges).filter { $0 == $1 }.count
        return [
            finding(
                .subpixelBits, "\(facts.subpixelBits)", "\(twinFacts.subpixelBits)", facts.subpixelBits >= twinFacts.subpixelBits),
            finding(
                .pointSnapping,
                describeSnap(gl.pointSnapX, gl.pointSnapY), describeSnap(twin.pointSnapX, twin.pointSnapY),
                gl.pointSnapX == twin.pointSnapX && gl.pointSnapY == twin.pointSnapY),
            finding(
                .spriteEdges, "\(edgesAgree) of \(gl.spriteEdges.count) sprites cover the twin's pixels",
                "left and bottom edges inclusive", gl.spriteEdges == twin.spriteEdges),
            finding(
                .colorStore, describeStore(gl.colorStore), describeStore(twin.colorStore),
                gl.colorStore == twin.colorStore),
            finding(
                .sourceOverBlend, describeBlend(gl.blendSourceOver, twin.blendSourceOver),
                "exact s + d·(1 − s.a), rounded to nearest; a GL may land 1 either side",
                withinBlendSlack(gl.blendSourceOver, twin.blendSourceOver)),
            finding(
                .screenBlend, describeBlend(gl.blendScreen, twin.blendScreen),
                "exact s + d·(1 − s), rounded to nearest; a GL may land 1 either side",
                withinBlendSlack(gl.blendScreen, twin.blendScreen)),
            finding(
                .filterWeights, describeWeights(gl.filterRamp), describeWeights(twin.filterRamp),
                gl.filterRamp == twin.filterRamp),
            finding(
                .fragmentHighp, "range 2^±\(facts.fragmentHighpRange.first ?? 0), \(facts.fragmentHighpPrecision) bits",
                "range 2^±127, \(twinFacts.fragmentHighpPrecision) bits",
                facts.fragmentHighpPrecision >= twinFacts.fragmentHighpPrecision),
            finding(.readFormat, facts.readFormat, twinFacts.readFormat, facts.readFormat == twinFacts.readFormat),
            finding(
                .pointCoord, describePointCoord(gl.pointCoordTexels, twin.pointCoordTexels),
                "the pixel whose centre is k + 1/2 from the sprite's covered left (top) edge is k",
                gl.pointCoordTexels == twin.pointCoordTexels),
        ]
            + Rule.allCases.compactMap { rule in
                rule.vertexProgram.map { program in
                    let compared = VertexProbe.compare(program: program, gl: gl.vertexScenes, twin: twin.vertexScenes)
                    return finding(rule, compared.gl, "VertexProgramTwin's bits", compared.agrees)
                }
            }
    }

    static func describePointCoord(_ gl: [[Int]], _ twin: [[Int]]) -> String {
        let agree = zip(gl, twin).filter { $0 == $1 }.count
        let pixels = gl.reduce(0) { $0 + $1.count / 4 }
        return "\(agree) of \(twin.count) sprites (\(pixels) pixels) show the twin's texels"
    }

    /// A sweep's threshold step t as a grid and tie rule: positions snapped to 1/(512/t) px with ties
    /// rounded up when t is a power of two; t + 1 means ties went down (or to even).
    static func describeSnap(_ x: Int?, _ y: Int?) -> String {
        // Any value a GL gives must read as words, never trap: 0 (the boundary itself already covers
        // the next pixel, as softpipe does) and values that are not powers of two included.
        func one(_ t: Int?) -> String {
            guard let t else { return "never reached the next pixel" }
            if t <= 0 { return "the next pixel covered at the boundary itself" }
            if t == 1 { return "finer than 1/512 px" }
            if t & (t - 1) == 0 { return "1/\(512 / t) px, ties up" }
            if (t - 1) & (t - 2) == 0 { return "1/\(512 / (t - 1)) px, ties down or to even" }
            return "threshold at \(t)/1024 px"
        }
        return x == y ? "\(one(x)) (x and y)" : "x: \(one(x)); y: \(one(y))"
    }

    static func describeStore(_ stored: [Int]) -> String {
        let up = stored.enumerated().filter { $0.element == $0.offset + 1 }.count
        let down = stored.enumerated().filter { $0.element == $0.offset }.count
        return "\(up) of \(stored.count) rounded up, \(down) down"
    }

    /// Whether one blend on a GL lands within the level either side of the exact result that GLES
    /// allows it (docs/parity.md, "Blending"): the parity rule's allowance per blended fragment.
    public static func withinBlendSlack(_ gl: [[Int]], _ twin: [[Int]]) -> Bool {
        gl.count == twin.count
            && zip(gl, twin).allSatisfy { $0.count == $1.count && zip($0, $1).allSatisfy { abs($0 - $1) <= 1 } }
    }

    static func describeBlend(_ gl: [[Int]], _ twin: [[Int]]) -> String {
        let pairs = zip(gl.joined(), twin.joined())
        let differ = pairs.filter { $0 != $1 }.count
        let largest = pairs.map { abs($0 - $1) }.max() ?? 0
        return differ == 0 ? "as the twin" : "\(differ) of \(gl.joined().count) bytes differ from the twin, by up to \(largest)"
    }

    /// The coarsest weight grid the ramp is constant on: b bits when the output only changes where
    /// k·2^b/1024 crosses a whole number (floor) or a half (nearest).
    static func describeWeights(_ ramp: [Int]) -> String {
        for bits in 1...9 {
            let step = 1024 >> bits
            if ramp.indices.allSatisfy({ ramp[$0] == ramp[$0 - $0 % step] }) { return "\(bits)-bit weights, truncated" }
            if ramp.indices.allSatisfy({ k in ramp[k] == ramp[min(ramp.count - 1, (k + step / 2) / step * step)] }) {
                return "\(bits)-bit weights, rounded to nearest"
            }
        }
        return "finer than 9 bits (float)"
    }
}
