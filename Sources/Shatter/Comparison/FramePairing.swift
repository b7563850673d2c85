/// Which frame of one folder stands against which of the other: by frame index when both folders
/// are renders with manifests, else by file name. Frames on one side only stay as unpaired pairs.
public struct FramePairing: Sendable {
    public struct Pair: Sendable {
        public let label: CompareReport.Frame.Label
        public let expected: FrameFolder.Frame?
        public let actual: FrameFolder.Frame?

        /// Both frames' digests agree, raw pixels and file, by one algorithm (a format 2 manifest's
        /// SHA-256 never equals a format 3 one's XXH3-128): the frames are identical, no decoding needed.
        /// Both, because only the file digest is confirmed against the file (``FrameFolder/confirmingFiles()``):
        /// a pixel digest left as it was when an edited frame's file digest was updated would otherwise
        /// pass the edit as identical. Frames whose files differ are decoded and judged by their pixels.
        public var identicalByHash: Bool {
            guard let a = expected?.pixels, let b = actual?.pixels, let x = expected?.png, let y = actual?.png else {
                return false
            }
            return a == b && x == y
        }
    }

    /// True when frames were paired by index (both folders have manifests).
    public let byIndex: Bool
    /// In frame order (index, or name where there is none).
    public let pairs: [Pair]

    public init(expected: FrameFolder, actual: FrameFolder) {
        byIndex = expected.manifest != nil && actual.manifest != nil
        enum Key: Hashable {
            case index(Int)
            case name(String)
        }
        let key: (FrameFolder.Frame) -> Key = { [byIndex] frame in
            byIndex ? .index(frame.index ?? -1) : .name(frame.file)
        }
        let left = Dictionary(expected.frames.map { (key($0), $0) }, uniquingKeysWith: { $1 })
        let right = Dictionary(actual.frames.map { (key($0), $0) }, uniquingKeysWith: { $1 })
        let pairs = Set(left.keys).union(right.keys).map { k in
            let e = left[k]
            let a = right[k]
            return Pair(label: .init(index: (a ?? e)?.index, name: (a ?? e)?.file), expected: e, actual: a)
        }
        self.pairs = pairs.sorted { x, y in
            switch (x.label.index, y.label.index) {
            case (let i?, let j?) where i != j: return i < j
            case (_?, nil): return true
            case (nil, _?): return false
            default: return (x.label.name ?? "") < (y.label.name ?? "")
            }
        }
    }
}
