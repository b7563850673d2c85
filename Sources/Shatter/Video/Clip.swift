import Foundation

/// A moving picture an effect draws from: a still PNG (a one-frame clip), a folder of PNG frames in
/// name order, a printf-style pattern (`clip/%05d.png`), or a video file read through ffmpeg.
///
/// Frames are read when asked for, never all at once: ``frame(at:)`` gives the frame shown at a time,
/// which is frame `⌊t · frameRate⌋` (a sequence's rate is given, a video's is probed), and the last
/// frame for any time after the clip ends. A frame depends only on its time, so any frame of a render
/// can be drawn alone (shards, resume).
///
/// ```swift
/// let clip = try Clip(path: "shots/a/%04d.png", frameRate: 30)
/// let image = try clip.frame(at: 0.5)     // frame 15
/// ```
public final class Clip: Sendable {
    public let path: String
    public let width: Int
    public let height: Int
    public let frameCount: Int
    /// Frames per second of the clip's own timeline.
    public let frameRate: Double
    /// The rates a video clip may declare: a frame each 100 seconds to 10,000 a second (the most
    /// `--fps` allows). A video declaring another is refused when opened.
    public static let frameRates: ClosedRange<Double> = 0.01...10_000
    /// Changes whenever the clip's frames do; what a manifest records: a video's or a sequence's files
    /// hashed whole (`ClipBytes`), a still PNG's pixels. Worked out when first asked for, as the render
    /// starts: a still shown as it is records its pixels' hash instead (``ClipDriven/inputDigests``), so a
    /// render of still PNGs never hashes their pixels twice, and what records no manifest (a join, a
    /// render to `--video` alone) never reads a clip's files for it.
    public var digest: String {
        digestMemo.withLock { memo in
            if let memo { return memo }
            let digest = makeDigest()
            memo = digest
            return digest
        }
    }
    /// The clip is a video file (which may carry sound).
    public var isVideo: Bool { if case .video = source { true } else { false } }
    /// The clip is a video file with an audio stream.
    public var hasAudio: Bool { if case .video(let reader) = source { reader.hasAudio } else { false } }

    enum Source: Sendable {
        case still(Image)
        case sequence([String])
        case video(VideoClipReader)
    }

    let source: Source
    private let limits: PNGLimits
    private let lastRead = Locked<(index: Int, image: Image)?>(nil)
    private let makeDigest: @Sendable () -> String
    private let digestMemo = Locked<String?>(nil)

    /// Opens the clip at `path`; `frameRate` is how many PNG frames make a second (a video's own rate
    /// is used for videos). Reads the first frame (and, for videos, ffprobe's answers) only.
    public init(path: String, frameRate: Double, limits: PNGLimits = .default) throws {
        self.path = path
        self.limits = limits
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if let frames = try ClipSequence.paths(pattern: path) ?? (isFolder.boolValue ? ClipSequence.paths(folder: path) : nil) {
            let first = try PNGDecoder.read(path: frames[0], limits: limits)
            (width, height, frameCount, self.frameRate) = (first.width, first.height, frames.count, frameRate)
            source = frames.count == 1 ? .still(first) : .sequence(frames)
            makeDigest = { ClipBytes.digest(of: frames) }
            lastRead.withLock { $0 = (0, first) }
        } else if !exists {
            throw ClipError.notFound(path: path)
        } else if path.lowercased().hasSuffix(".png") || !Self.isRegularFile(path) || PNGDecoder.hasSignature(path: path) {
            // A pipe, FIFO or device (`/dev/stdin`, `/dev/zero`) can be read once only, and ffprobe and
            // ffmpeg would each read it from the start (ffprobe would wait forever on a FIFO with no
            // writer): it is taken as one PNG, read once and bounded, refused at once if not a PNG. A
            // file whose bytes are a PNG is one whatever its name (`/dev/stdin` given a file, `< p.png`).
            let image = try PNGDecoder.read(path: path, limits: limits)
            (width, height, frameCount, self.frameRate) = (image.width, image.height, 1, frameRate)
            source = .still(image)
            makeDigest = { SHA256Hex.of(image.pixels) }
        } else {
            let reader = try VideoClipReader(path: path, limits: limits)
            (width, height, frameCount, self.frameRate) = (reader.width, reader.height, reader.frameCount, reader.frameRate)
            source = .video(reader)
            makeDigest = { ClipBytes.digest(of: [path]) }
        }
    }

    /// A still picture's clip shown for `frames` frames instead of one (`join --still`); any other clip
    /// as it is.
    public func held(forFrames frames: Int) -> Clip {
        guard isStill, frames > 1 else { return self }
        return Clip(holding: self, frames: frames)
    }

    /// The clip is one still picture (a PNG alone, or a folder or pattern of one frame).
    public var isStill: Bool { if case .still = source { true } else { false } }

    private init(holding still: Clip, frames: Int) {
        (path, width, height, frameCount, frameRate) = (still.path, still.width, still.height, frames, still.frameRate)
        (source, limits, makeDigest) = (still.source, still.limits, still.makeDigest)
        lastRead.withLock { $0 = still.lastRead.withLock { $0 } }
    }

    /// Whether `path` (symbolic links followed) is a regular file, which can be read more than once.
    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The frame index shown at `time` seconds: clamped to the clip, so a short clip holds its last frame.
    public func frameIndex(at time: Double) -> Int {
        // The small nudge keeps i / fps · fps from landing just below i.
        let index = Int((max(0, time) * frameRate + 1e-6).rounded(.down))
        return min(index, frameCount - 1)
    }

    /// The frame shown at `time` seconds (premultiplied, the clip's size).
    public func frame(at time: Double) throws -> Image {
        try frame(index: frameIndex(at: time))
    }

    /// Lets go of the frame last read and of a video's decoder (a later read starts it again): what a
    /// join does with a clip it has shown for the last time.
    func rest() {
        if case .video(let reader) = source { reader.rest() }
        if case .still = source { return }
        lastRead.withLock { $0 = nil }
    }

    /// Frame `index` (0-based, at most `frameCount − 1`).
    public func frame(index: Int) throws -> Image {
        if let last = lastRead.withLock({ $0 }), last.index == index { return last.image }
        let image: Image
        switch source {
        case .still(let still): image = still
        case .sequence(let frames):
            image = try PNGDecoder.read(path: frames[index], limits: limits)
            guard image.width == width, image.height == height else {
                throw ClipError.frameSizeChanged(
                    path: frames[index], width: image.width, height: image.height,
                    expected: (width, height))
            }
        case .video(let reader): image = try reader.frame(index)
        }
        lastRead.withLock { $0 = (index, image) }
        return image
    }
}
