import Foundation
import Glibc

/// A video file made by the `ffmpeg` on `PATH` (or a given one), fed raw RGBA frames through a pipe:
/// no frame touches the disk. The container picks the codec (H.264 yuv420p for `.mp4`, VP9 with
/// alpha for `.webm`, ProRes 4444 with alpha for `.mov` (422 HQ when opaque), a palette pass for
/// `.gif`, lossless FFV1 for `.mkv`). `.mp4`, `.webm` and `.mov` are converted with the BT.709 matrix
/// into limited ("TV") range and tagged so (`colourFilter(pixelFormat:)`), as HD players expect;
/// ``Quality`` sets `.mp4`'s and `.webm`'s size. ffmpeg writes a temporary sibling that is renamed into place
/// when it succeeds, so a failed or interrupted encode leaves no half-written video; through a link, the
/// file the link names is the one replaced, and the link stays (``OutputFile/replacedFile(_:)``).
///
/// ```swift
/// let video = try VideoEncoder(VideoEncoder.Request(path: "out.mp4", width: 375, height: 667, fps: 60))
/// let session = try RenderSession(effect: effect, renderer: choice,
///                                 destination: .stream(fd: video.input, format: .rgba), options: options)
/// _ = try session.run()
/// try video.finish()
/// ```
public final class VideoEncoder {
    public struct Request: Sendable {
        public var path: String
        public var width: Int
        public var height: Int
        public var fps: Double
        /// Keep an alpha channel where the container can (`.webm`, `.mov`, `.gif`).
        public var alpha = true
        /// The ffmpeg to run; nil: the first `ffmpeg` on `PATH`.
        public var ffmpeg: String?
        /// More output options, placed before the output file (e.g. `-crf 28`).
        public var extraArguments: [String] = []
        /// Sound taken from video files and mixed in (not for `.gif`).
        public var audio: VideoAudio?
        /// How `.mp4` and `.webm` trade size for fidelity.
        public var quality: VideoEncoder.Quality = .medium

        public init(path: String, width: Int, height: Int, fps: Double) {
            self.path = path
            self.width = width
            self.height = height
            self.fps = fps
        }
    }

    public static let containers = ["mp4", "webm", "mov", "gif", "mkv"]

    public let request: Request
    private let process: Process
    private let stdin: Pipe
    private let stderr: Pipe
    private let errors: Locked<[UInt8]>
    /// Left when ffmpeg's stderr reaches its end (ffmpeg exited).
    private let errorsRead = DispatchGroup()
    private let temporary: String
    /// The folder the temporary and the video are in, opened once.
    private let folderHandle: FolderHandle
    private let temporaryName: String
    private let destinationName: String
    /// The file the finished video is renamed over: `request.path`, or the file a link there names.
    private let destination: String

    /// The file descriptor to write raw RGBA frames to.
    public var input: Int32 { stdin.fileHandleForWriting.fileDescriptor }

    /// Checks the output path and starts ffmpeg.
    public init(_ request: Request) throws {
        self.request = request
        let container = (request.path as NSString).pathExtension.lowercased()
        guard Self.containers.contains(container) else { throw VideoError.unknownContainer(path: request.path) }
        try OutputFile.check(request.path, option: "--video", regularOnly: true)
        let executable = try request.ffmpeg.map { try Self.checkExecutable($0) } ?? Self.findOnPath()
        // Through a link, the video replaces the file the link names, beside it; the link stays.
        destination = OutputFile.replacedFile(request.path)
        // A render killed outright (SIGKILL, a lost node) left its half-written video under a hidden name.
        let name = (destination as NSString).lastPathComponent
        let folder = (destination as NSString).deletingLastPathComponent
        OutputDirectory.removeStaleTemporaries(in: folder.isEmpty ? "." : folder) { $0 == Substring(name) }
        // The temporary is made here, exclusively and as a plain file (``FolderHandle``), and ffmpeg writes
        // it through Shatter's descriptor (``HeldFile``), never by name: nothing planted at that name can
        // turn ffmpeg's write toward another file, and an ffmpeg orphaned by a killed render cannot make
        // the file again once a later render has swept it.
        folderHandle = try FolderHandle(path: folder.isEmpty ? "." : folder)
        temporaryName = AtomicFile.temporaryName(for: name)
        destinationName = name
        temporary = folderHandle.filePath(temporaryName)
        HeldFile.adopt(try folderHandle.open(temporaryName, .new), as: temporary)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Self.arguments(request, container: container, output: temporary)
        stdin = Pipe()
        stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        let errors = Locked<[UInt8]>([])
        self.errors = errors
        do {
            try ToolPath.start(process, role: .output)
        } catch {
            discardTemporary()
            throw VideoError.cannotStart(ffmpeg: executable, reason: "\(error)")
        }
        // A thread of its own reads ffmpeg's complaints as they come, so a chatty ffmpeg never blocks on
        // a full pipe; only the last 4 KB are kept, the last words being the ones that matter.
        let handle = stderr.fileHandleForReading
        let group = errorsRead
        group.enter()
        Thread.detachNewThread {
            while case let data = handle.availableData, !data.isEmpty {
                errors.withLock { $0 = Array(($0 + data).suffix(4096)) }
            }
            group.leave()
        }
    }

    /// ffmpeg's arguments: raw RGBA in on standard input, the container's codec out.
    static func arguments(_ request: Request, container: String, output: String) -> [String] {
        let input =
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(request.width)x\(request.height)",
                "-framerate", Self.rate(request.fps), "-i", "pipe:0",
            ] + (container == "gif" ? [] : request.audio?.inputArguments() ?? [])
        // yuv420p needs even sides: pad an odd one with one transparent/black row or column.
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2,"
        let quality = request.quality
        let codec: [String]
        switch container {
        case "mp4":
            let rate = quality.h264
            let h264: [String] = [
                "-c:v", "libx264", "-preset", "fast", "-profile:v", "high", "-pix_fmt", "yuv420p", "-crf", String(rate.crf),
                "-maxrate", "\(rate.maxKbps)k", "-bufsize", "\(rate.bufferKbits)k", "-movflags", "+faststart", "-f", "mp4",
            ]
            codec = ["-vf", even + colourFilter(pixelFormat: "yuv420p")] + colourTags + h264
        case "webm":
            let format = request.alpha ? "yuva420p" : "yuv420p"
            let vp9: [String] = [
                "-c:v", "libvpx-vp9", "-pix_fmt", format, "-crf", String(quality.vp9CRF), "-b:v", "0", "-f", "webm",
            ]
            codec = ["-vf", even + colourFilter(pixelFormat: format)] + colourTags + vp9
        case "mov":
            let (profile, format) = request.alpha ? ("4444", "yuva444p10le") : ("3", "yuv422p10le")
            let prores: [String] = ["-c:v", "prores_ks", "-profile:v", profile, "-pix_fmt", format, "-f", "mov"]
            codec = ["-vf", colourFilter(pixelFormat: format)] + colourTags + prores
        case "gif":
            codec = [
                "-filter_complex",
                "[0:v]split[a][b];[a]palettegen=reserve_transparent=\(request.alpha ? 1 : 0)[p];[b][p]paletteuse",
                "-loop", "0", "-f", "gif",
            ]
        default: codec = ["-c:v", "ffv1", "-pix_fmt", request.alpha ? "bgra" : "bgr0", "-f", "matroska"]
        }
        let audio = container == "gif" ? [] : request.audio?.outputArguments(container: container) ?? []
        return input + codec + audio + request.extraArguments + [ToolPath.plainFile(output)]
    }

    /// RGB to YUV with the BT.709 matrix into limited range (16–235; what H.264/VP9/ProRes players
    /// assume when nothing says otherwise), the frames then marked BT.709 so every encoder (ProRes
    /// takes them from the frames, not the options) writes the tags. ffmpeg's default matrix is
    /// BT.601, which a player decoding HD as BT.709 shows shifted by up to 40 levels.
    static func colourFilter(pixelFormat: String) -> String {
        "scale=out_color_matrix=bt709:out_range=tv,format=\(pixelFormat),"
            + "setparams=range=tv:color_primaries=bt709:color_trc=bt709:colorspace=bt709"
    }

    /// The stream's colour tags: BT.709 primaries, transfer and matrix, limited range. The PNG's sRGB
    /// values are kept as they are and tagged with BT.709's transfer, as HD video made from
    /// computer graphics is.
    static let colourTags = [
        "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv",
    ]

    /// Closes ffmpeg's input, waits for it, and moves the finished video into place.
    public func finish() throws {
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        collectLastErrors()
        if let failure = exitError() {
            discardTemporary()
            throw failure
        }
        HeldFile.release(temporary)
        if let code = folderHandle.rename(temporaryName, to: destinationName) {
            discardTemporary()
            throw OutputFolderError.cannotWriteFile(path: request.path, reason: String(cString: strerror(code)))
        }
    }

    /// Removes the temporary and lets go of its descriptor.
    private func discardTemporary() {
        HeldFile.release(temporary)
        folderHandle.remove(temporaryName)
    }

    /// Stops ffmpeg and removes what it wrote (after a failed or interrupted render).
    public func abandon() {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        collectLastErrors()
        discardTemporary()
    }

    /// When ffmpeg closed its input before every frame was given: waits for it to exit (stopping it only
    /// after 30 s, so its own status is the one reported), removes what it wrote, and says why it stopped.
    public func stoppedReading() -> VideoError {
        try? stdin.fileHandleForWriting.close()
        // An ffmpeg that stopped reading is ending; one still running after 30 s is stopped.
        for _ in 0..<3000 where process.isRunning { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        collectLastErrors()
        discardTemporary()
        return exitError() ?? .ffmpegStoppedReading(message: lastWords())
    }

    /// ffmpeg's exit as an error: a signal, or a status other than 0; nil for 0.
    private func exitError() -> VideoError? {
        if process.terminationReason == .uncaughtSignal {
            return .ffmpegKilled(signal: process.terminationStatus, message: lastWords())
        }
        return process.terminationStatus == 0 ? nil : .ffmpegFailed(status: process.terminationStatus, message: lastWords())
    }

    /// After ffmpeg exits: waits until the reader has everything it wrote to stderr.
    private func collectLastErrors() {
        errorsRead.wait()
    }

    /// ffmpeg's last two lines of complaint, if it said anything.
    public func lastWords() -> String {
        let text = String(decoding: errors.withLock { $0 }, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.suffix(2).joined(separator: " | ")
    }

    private static func rate(_ fps: Double) -> String {
        fps == fps.rounded() && fps < 1e9 ? String(Int(fps)) : String(fps)
    }

    private static func findOnPath() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/ffmpeg", X_OK) == 0 {
            return "\(folder)/ffmpeg"
        }
        throw VideoError.ffmpegNotFound(searched: path)
    }

    private static func checkExecutable(_ path: String) throws -> String {
        var status = stat()
        // A folder passes access(X_OK) (it can be entered) but cannot be run.
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw VideoError.ffmpegIsAFolder(path: path) }
        guard access(path, X_OK) == 0 else { throw VideoError.ffmpegNotFound(searched: path) }
        return path
    }

}

/// Why a video could not be made.
public enum VideoError: Error, CustomStringConvertible, Equatable {
    case unknownContainer(path: String)
    /// No executable ffmpeg where it was looked for (the PATH, or the given path).
    case ffmpegNotFound(searched: String)
    case cannotStart(ffmpeg: String, reason: String)
    /// The ffmpeg given is a folder (the one holding ffmpeg, say), not the program.
    case ffmpegIsAFolder(path: String)
    /// ffmpeg exited with `status`; `message` is its last words.
    case ffmpegFailed(status: Int32, message: String)
    /// ffmpeg was killed by `signal`.
    case ffmpegKilled(signal: Int32, message: String)
    /// ffmpeg exited 0 but stopped reading frames before the last (its arguments limit the frames?).
    case ffmpegStoppedReading(message: String)
    /// The sound of the clip in `role` was asked for alone, but that clip is not a video with sound.
    case silentClip(role: String)
    /// A join's head or tail was asked for in a video of only some of the transition's frames.
    case partialJoin
    /// A video was asked of one shard of a render: a video holds a render's frames in order.
    case shardedVideo
    /// The video's clips and transitions make more frames than one render may draw.
    case tooManyFrames(count: Int, limit: Int)

    public var description: String {
        switch self {
        case .unknownContainer(let path):
            return "\(path): Shatter writes video as " + VideoEncoder.containers.map { "." + $0 }.joined(separator: ", ")
        case .ffmpegNotFound(let searched): return "no ffmpeg found (looked in \(searched))"
        case .cannotStart(let ffmpeg, let reason): return "cannot start \(ffmpeg): \(reason)"
        case .ffmpegIsAFolder(let path): return "\(path) is a folder, not the ffmpeg program"
        case .ffmpegFailed(let status, let message):
            return "ffmpeg failed (exit \(status))" + (message.isEmpty ? "" : ": \(message)")
        case .ffmpegKilled(let signal, let message):
            return "ffmpeg was killed by signal \(signal)" + (message.isEmpty ? "" : ": \(message)")
        case .ffmpegStoppedReading(let message):
            return "ffmpeg exited 0 but stopped reading before the last frame (do --ffmpeg-args limit the frames?); "
                + "no video was written" + (message.isEmpty ? "" : ": \(message)")
        case .silentClip(let role): return "the \(role) clip is not a video with sound"
        case .partialJoin: return "a join's head and tail make one whole video: render every frame of the transition"
        case .shardedVideo:
            return "a video holds every frame in order: render shards into folders, then join them (manifest merge --collect)"
        case .tooManyFrames(let count, let limit):
            return "the video's clips and transitions make \(count) frames; at most \(limit) can be rendered at once"
        }
    }
}
