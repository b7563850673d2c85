import Foundation
import ShatterDigest

/// `manifest.json`: what a render folder holds and how it was made, so frames can be checked,
/// resumed and merged across shards.
///
/// The header (effect, parameters, seed, backend, fps, frame range) says which job made the
/// frames; `frames` lists each frame written, with a digest of its raw RGBA pixels as rendered
/// (premultiplied, the same whatever the PNG settings) and one of its PNG file: XXH3-128 since format 3,
/// SHA-256 before (``digestAlgorithm``).
public struct FrameManifest: Codable, Sendable, Equatable {
    public static let fileName = "manifest.json"
    /// The parameter that records `--keep-alpha` (every frame RGBA): `"true"`, or absent.
    public static let keepAlphaKey = "keepAlpha"

    /// 3: frames' digests are XXH3-128 (`"pixels"` and `"png"`, each `xxh3-128:` and 32 hex digits);
    /// 2: parameters are the effect's own (``FlatParameters``), inputs are hashed, and frames' digests are
    /// SHA-256 (`"sha256"` of the pixels, `"pngSHA256"` of the file, bare hex), as in 1, whose parameters
    /// were the command-line options as given. Every format is still read and its frames checked.
    public static let currentFormat = 3
    /// What frames are digested with in ``currentFormat``.
    public static let currentDigestAlgorithm = DigestAlgorithm.xxh3_128
    public var format = FrameManifest.currentFormat
    /// The Shatter that wrote it (`ShatterVersion.current`); compared only by a resume
    /// (``makerDifference(from:)``), never by a comparison or a merge.
    public var shatterVersion: String?
    public var effect: String
    /// The effect's parameters (``FlatParameters``), defaults included, plus the PNG background and
    /// ``keepAlphaKey`` when frames were written as RGBA whatever their alpha: both change the files, so a
    /// resume or a merge treats another setting as another render.
    public var parameters: [String: String]
    /// SHA-256 of each input picture's pixels by role (`from`, `to`, `sheet`), so a changed input is
    /// recognised as another render; nil for effects that draw their own.
    public var inputs: [String: String]?
    public var seed: UInt64?
    /// `gl` or `cpu`: frames of different backends may differ by a little, so they never mix.
    public var backend: String
    /// The renderer's own words (GL renderer string, CPU thread count); informative only.
    public var renderer: String
    /// The GL driver's version (`GL_VERSION`) beside the renderer; nil for the CPU renderer and for
    /// manifests written before it was recorded. Frames of two drivers count as two renderers.
    public var driver: String?
    public var fps: Double
    /// Frames in the whole animation.
    public var frameCount: Int
    /// The frames the whole job renders, over all shards: a range of frames, or every frame.
    public var range: Span
    /// Which shard this folder holds; nil for an unsharded render or a merged manifest.
    public var shard: FrameShard?
    /// Written frames, by index.
    public var frames: [Entry]

    /// What this manifest's format records frames' digests with: XXH3-128 from format 3, SHA-256 before.
    public var digestAlgorithm: DigestAlgorithm { format >= 3 ? .xxh3_128 : .sha256 }

    public struct Span: Codable, Sendable, Equatable {
        public var first: Int
        public var last: Int
        public init(first: Int, last: Int) {
            self.first = first
            self.last = last
        }
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var index: Int
        /// The PNG's name, relative to the manifest's folder.
        public var file: String
        /// The raw RGBA pixels as rendered (premultiplied), whatever the PNG settings: frames of two
        /// renders with equal pixel digests (by one algorithm) are the same picture.
        public var pixels: Digest
        /// The PNG file's bytes: what confirms that the file on disk is the one rendered.
        public var png: Digest

        public init(index: Int, file: String, pixels: Digest, png: Digest) {
            self.index = index
            self.file = file
            self.pixels = pixels
            self.png = png
        }

        /// The digests as the manifest's JSON holds them, keys sorted: SHA-256 as formats 1 and 2 wrote
        /// them (`pngSHA256`, `sha256`, bare hex), any other as format 3 does (`pixels`, `png`, each
        /// `Digest.text`). The encoder, the journal and the streamed manifest all write these.
        var digestFields: [(key: String, value: String)] {
            pixels.algorithm == .sha256 && png.algorithm == .sha256
                ? [("pngSHA256", png.hex), ("sha256", pixels.hex)] : [("pixels", pixels.text), ("png", png.text)]
        }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            index = try c.decode(Int.self, forKey: Key("index"))
            file = try c.decode(String.self, forKey: Key("file"))
            if c.contains(Key("sha256")) || c.contains(Key("pngSHA256")) {
                pixels = Digest(.sha256, hex: try c.decode(String.self, forKey: Key("sha256")))
                png = Digest(.sha256, hex: try c.decode(String.self, forKey: Key("pngSHA256")))
            } else {
                func digest(_ name: String) throws -> Digest {
                    let text = try c.decode(String.self, forKey: Key(name))
                    guard let digest = Digest(text: text) else {
                        throw DecodingError.dataCorruptedError(
                            forKey: Key(name), in: c, debugDescription: "not a digest (algorithm:hex)")
                    }
                    return digest
                }
                (pixels, png) = (try digest("pixels"), try digest("png"))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(index, forKey: Key("index"))
            try c.encode(file, forKey: Key("file"))
            for (key, value) in digestFields { try c.encode(value, forKey: Key(key)) }
        }
    }

    public init(
        effect: String, parameters: [String: String], inputs: [String: String]? = nil, seed: UInt64?, backend: String,
        renderer: String,
        fps: Double, frameCount: Int, range: Span, shard: FrameShard?, frames: [Entry] = []
    ) {
        self.effect = effect
        self.parameters = parameters
        self.inputs = inputs
        self.seed = seed
        self.backend = backend
        self.renderer = renderer
        self.fps = fps
        self.frameCount = frameCount
        self.range = range
        self.shard = shard
        self.frames = frames
    }

    /// The frames this manifest's job is meant to hold: its range, thinned to its shard. Never more
    /// than ``FrameSelection/maximumFrames``: a manifest that selects more is refused by ``read(path:)``,
    /// and one built in memory is cut short rather than allowed to exhaust memory.
    public var expectedFrames: [Int] {
        let (first, step, count) = expectedProgression
        // Every listed frame is at most range.last, so first + i · step cannot overflow.
        return (0..<count).map { first + $0 * step }
    }

    /// How many ``expectedFrames`` there are, without listing them.
    public var expectedFrameCount: Int { expectedProgression.count }

    /// ``expectedFrames`` as the first, the step between them and how many.
    private var expectedProgression: (first: Int, step: Int, count: Int) {
        guard range.first <= range.last else { return (0, 1, 0) }
        let span = range.first...range.last
        let first: Int
        let step: Int
        let count: Int
        if let shard {
            guard let start = shard.firstFrame(in: span) else { return (0, 1, 0) }
            (first, step, count) = (start, shard.count, shard.frameCount(in: span))
        } else {
            let (extent, overflow) = range.last.subtractingReportingOverflow(range.first)
            (first, step, count) = (range.first, 1, overflow || extent == Int.max ? Int.max : extent + 1)
        }
        return (first, step, min(max(count, 0), FrameSelection.maximumFrames))
    }

    /// Where two manifests' jobs differ (effect, parameters, seed, backend, fps, frames), as one
    /// phrase; nil when frames of one may stand in for frames of the other. A merge leaves the
    /// backend out (`ignoringBackend`): it judges renderers itself.
    public func jobDifference(from other: FrameManifest, ignoringBackend: Bool = false) -> String? {
        if format != other.format { return "manifest format \(other.format) vs \(format), from another Shatter version" }
        if effect != other.effect { return "effect \(other.effect) vs \(effect)" }
        if parameters != other.parameters {
            let keys = Set(parameters.keys).union(other.parameters.keys).sorted()
            let key = keys.first { parameters[$0] != other.parameters[$0] } ?? "?"
            if key == Self.keepAlphaKey {
                func frames(_ manifest: FrameManifest) -> String {
                    manifest.parameters[key] == nil ? "RGB frames where opaque" : "RGBA frames (--keep-alpha)"
                }
                return "\(frames(other)) vs \(frames(self))"
            }
            return "\(key) \(other.parameters[key] ?? "unset") vs \(parameters[key] ?? "unset")"
        }
        if inputs != other.inputs {
            let roles = Set((inputs ?? [:]).keys).union((other.inputs ?? [:]).keys).sorted()
            let role = roles.first { inputs?[$0] != other.inputs?[$0] } ?? "?"
            return "input \(role) has other pixels"
        }
        if seed != other.seed { return "seed \(other.seed.map(String.init) ?? "none") vs \(seed.map(String.init) ?? "none")" }
        if backend != other.backend && !ignoringBackend { return "backend \(other.backend) vs \(backend)" }
        if fps != other.fps { return "fps \(other.fps) vs \(fps)" }
        if frameCount != other.frameCount || range != other.range {
            return
                "frames \(other.range.first)-\(other.range.last) of \(other.frameCount) vs \(range.first)-\(range.last) of \(frameCount)"
        }
        return nil
    }

    /// Where the Shatter or renderer that wrote `other` differs from this one's, as one phrase; nil when
    /// both are the same version on the same renderer (the CPU renderer is one whatever its thread count:
    /// its pixels do not depend on it). A resume keeps frames only from the same maker.
    public func makerDifference(from other: FrameManifest) -> String? {
        if shatterVersion != other.shatterVersion {
            return "written by Shatter \(other.shatterVersion ?? "of an unknown version"), this is \(shatterVersion ?? "unknown")"
        }
        if !sameRenderer(as: other) {
            return
                "rendered by \(other.backend): \(Self.printable(other.rendererAndDriver)), this is \(backend): \(rendererAndDriver)"
        }
        return nil
    }

    /// Same backend, and for GL the same renderer string and driver version.
    func sameRenderer(as other: FrameManifest) -> Bool {
        backend == other.backend && (backend == "cpu" || (renderer == other.renderer && driver == other.driver))
    }

    /// The renderer, with the driver's version where one is recorded.
    public var rendererAndDriver: String { driver.map { "\(renderer), \($0)" } ?? renderer }

    /// Pretty, key-sorted JSON: the same manifest always gives the same bytes.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Replaces `path` atomically, so a reader (or a killed run) only ever sees a whole manifest.
    public func write(to path: String) throws {
        try AtomicFile.write(try encoded(), to: path)
    }

    /// Reads and validates a manifest; nil when `path` does not exist. At most ``maximumBytes`` are
    /// read (a pipe or device too), and what is decoded must describe a render that could exist
    /// (``ManifestError/invalid(path:detail:)`` otherwise), so no field of a crafted file can make a
    /// reader allocate or count beyond ``FrameSelection/maximumFrames``.
    public static func read(path: String) throws -> FrameManifest? {
        try streamed(path: path)
    }

    /// Decodes and validates a manifest's bytes; `path` is what errors call them.
    public static func decode(_ data: [UInt8], path: String) throws -> FrameManifest {
        try decode(data, path: path, validating: true)
    }

    /// ``decode(_:path:)``, validating the values only when asked (the streamed reader validates once
    /// it has the frames).
    static func decode(_ data: [UInt8], path: String, validating: Bool) throws -> FrameManifest {
        let manifest: FrameManifest
        do {
            manifest = try JSONDecoder().decode(FrameManifest.self, from: Data(data))
        } catch {
            throw ManifestError.notAManifest(path: path, detail: Self.describe(error))
        }
        if validating, let problem = manifest.problem { throw ManifestError.invalid(path: path, detail: problem) }
        return manifest
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "bad \"\(printable(context.codingPath.map(\.stringValue).joined(separator: ".")))\""
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not valid JSON" : "bad \"\(printable(context.codingPath.map(\.stringValue).joined(separator: ".")))\""
        default: return "\(error)"
        }
    }
}

/// Why a manifest cannot be used.
public enum ManifestError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String)
    /// The file is not JSON of a manifest's shape; `detail` names the first bad field.
    case notAManifest(path: String, detail: String)
    /// The file is a manifest's shape, but its values describe no possible render (a frame range outside
    /// the animation, more frames than one render may have); `detail` names the first one.
    case invalid(path: String, detail: String)
    /// A folder that should hold a render has no manifest.
    case missing(folder: String)
    /// Resuming into a folder whose manifest describes another render; `difference` names the first
    /// thing that differs.
    case differentRender(folder: String, difference: String)
    /// Resuming into a folder of the same job written by another Shatter version or renderer.
    case otherMaker(folder: String, difference: String)

    public var description: String {
        switch self {
        case .unreadable(let path): return "cannot read \(path)"
        case .notAManifest(let path, let detail): return "\(path) is not a Shatter manifest (\(detail))"
        case .invalid(let path, let detail):
            return "\(path) describes no possible render (\(detail)); it was edited or damaged, so render that folder again"
        case .missing(let folder): return "\(folder) has no \(FrameManifest.fileName); it does not hold a Shatter render"
        case .differentRender(let folder, let difference):
            return "\(folder) holds another render (\(difference)), so its frames cannot be resumed"
        case .otherMaker(let folder, let difference):
            return "\(folder) holds frames \(difference), so they cannot be resumed"
        }
    }
}
