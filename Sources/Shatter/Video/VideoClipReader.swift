import Foundation
import Glibc

/// A video file's frames, decoded by ffmpeg into raw RGBA and read from a pipe one frame at a time:
/// only the current frame is ever in memory. Frames asked for in order stream from one ffmpeg;
/// a jump backwards or far ahead (a shard's first frame, a resume) starts ffmpeg again at that time.
///
/// The frame rate is ffprobe's average rate and frame k is presented at k / rate from the start,
/// which is exact for constant-rate video (what cameras and editors export).
final class VideoClipReader: Sendable {
    let path: String
    let width: Int
    let height: Int
    let frameCount: Int
    let frameRate: Double
    /// The file has an audio stream.
    let hasAudio: Bool
    private let ffmpeg: String
    /// The file, open since the reader was made (nil where it is not a plain file: ffprobe then says why).
    private let held: HeldFile?
    private let decoder = Locked<Decoder?>(nil)

    /// Forward gaps shorter than this many frames are decoded through rather than sought.
    private static let seekDistance = 48

    /// Reads ffprobe's answers about `path`; a video whose frames are larger than `limits` allow a PNG
    /// clip's (16384 a side, 64 Mi pixels by default) is refused before any frame is decoded.
    init(path: String, limits: PNGLimits = .default) throws {
        self.path = path
        // Held while the reader lives: ffprobe and every decoder read the file opened now (``HeldFile``).
        held = HeldFile.hold(path)
        let ffprobe = try ToolPath.find("ffprobe")
        ffmpeg = try ToolPath.find("ffmpeg")
        let probe = try ToolPath.run(
            ffprobe,
            [
                "-v", "error", "-format_whitelist", ToolPath.demuxers, "-select_streams", "v:0", "-count_packets",
                "-show_entries",
                "stream=width,height,avg_frame_rate,r_frame_rate,nb_read_packets:stream_tags=rotate"
                    + ":stream_side_data=rotation",
                "-of", "default=noprint_wrappers=1", ToolPath.plainFile(path),
            ])
        let lines = probe.output.split(whereSeparator: \.isNewline)
        var fields: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        let reason = ToolPath.reason(probe.errors, about: path, fallback: "no video stream")
        guard probe.status == 0, let width = fields["width"].flatMap({ Int($0) }),
            let height = fields["height"].flatMap({ Int($0) }),
            width > 0, height > 0, let count = fields["nb_read_packets"].flatMap({ Int($0) }), count > 0,
            let rate = Self.rate(fields["avg_frame_rate"]) ?? Self.rate(fields["r_frame_rate"])
        else {
            throw ClipError.notAVideo(path: path, reason: reason)
        }
        // ffmpeg turns the frames of a rotated video (a phone's display matrix) upright as it decodes
        // them, so a quarter turn swaps the size the frames arrive at.
        let turn = try Self.quarterTurns(fields["rotation"] ?? fields["TAG:rotate"], path: path)
        (self.width, self.height) = turn % 2 == 0 ? (width, height) : (height, width)
        // A declared rate (a Y4M's `F1:2147483647`) turns the clip's length into frames at the video's
        // rate: outside what a video plays at, that count is beyond any render, or beyond `Int`.
        guard Clip.frameRates.contains(rate) else {
            throw ClipError.badFrameRate(path: path, rate: rate, allowed: Clip.frameRates)
        }
        (frameCount, frameRate) = (count, rate)
        guard limits.allows(width: self.width, height: self.height) else {
            throw ClipError.tooLarge(
                path: path, width: self.width, height: self.height, maxWidth: limits.maxWidth, maxHeight: limits.maxHeight,
                maxPixels: limits.maxPixels)
        }
        hasAudio = try ToolPath.audioStream(in: path, ffprobe: ffprobe).found
    }

    deinit { decoder.withLock { $0?.stop() } }

    /// Stops the decoder (a later frame starts a new one), so a clip no longer shown holds nothing.
    func rest() {
        decoder.withLock {
            $0?.stop()
            $0 = nil
        }
    }

    /// Frame `index`; past the frames ffmpeg actually delivers, the last one it delivered.
    func frame(_ index: Int) throws -> Image {
        try decoder.withLock { decoder in
            if let current = decoder, current.next <= index + 1, index - current.next < Self.seekDistance {
                // Streaming on from here.
            } else {
                decoder?.stop()
                decoder = try Decoder(reader: self, start: index)
            }
            return try decoder!.read(upTo: index)
        }
    }

    /// Quarter turns (0…3) of a display rotation in degrees as ffprobe reports it ("-90", "270"); 0 when
    /// there is none. An angle between quarter turns is refused: ffmpeg would not turn those frames.
    static func quarterTurns(_ degrees: String?, path: String) throws -> Int {
        guard let degrees, let value = Double(degrees.trimmingCharacters(in: .whitespaces)) else { return 0 }
        let turns = value / 90
        guard value.isFinite, turns == turns.rounded() else {
            throw ClipError.notAVideo(
                path: path, reason: "it is rotated by \(degrees)°; Shatter reads videos turned by quarter turns only")
        }
        return ((Int(turns) % 4) + 4) % 4
    }

    /// "30000/1001" → 29.97; nil for 0/0 and the like.
    static func rate(_ text: String?) -> Double? {
        guard let parts = text?.split(separator: "/"), let numerator = parts.first.flatMap({ Double($0) }) else { return nil }
        let denominator = parts.count > 1 ? Double(parts[1]) ?? 0 : 1
        guard denominator > 0, numerator > 0 else { return nil }
        return numerator / denominator
    }

    /// One running ffmpeg, positioned at frame `next`.
    final class Decoder {
        let process: Process
        let pipe: Pipe
        let errors: Pipe
        let path: String
        let frameBytes: Int
        let width: Int, height: Int
        private(set) var next: Int
        private var last: (index: Int, image: Image)?
        private var ended = false

        init(reader: VideoClipReader, start: Int) throws {
            (path, width, height) = (reader.path, reader.width, reader.height)
            frameBytes = reader.width * reader.height * 4
            next = start
            process = Process()
            process.executableURL = URL(fileURLWithPath: reader.ffmpeg)
            // Seek half a frame early: ffmpeg then drops every frame before the one wanted, exactly.
            let seek = start > 0 ? ["-ss", String(format: "%.6f", (Double(start) - 0.5) / reader.frameRate)] : []
            process.arguments =
                ["-v", "error", "-nostdin"] + seek + ToolPath.input(reader.path)
                + ["-map", "0:v:0", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"]
            pipe = Pipe()
            errors = Pipe()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = pipe
            process.standardError = errors
            do {
                try ToolPath.start(process)
            } catch {
                throw ClipError.decodeFailed(path: reader.path, reason: "cannot start \(reader.ffmpeg): \(error)")
            }
        }

        /// Reads frames until `index` (or the end) and returns it (or the last one there was).
        func read(upTo index: Int) throws -> Image {
            if let last, last.index == index { return last.image }
            while next <= index, !ended {
                if let bytes = try readFrame() {
                    last = (next, RawRGBA.image(straight: bytes, width: width, height: height))
                    next += 1
                } else {
                    ended = true
                }
            }
            guard let last else {
                throw ClipError.decodeFailed(path: path, reason: "no frame at or after frame \(index)")
            }
            return last.image
        }

        /// One whole frame, or nil at the end of the video.
        private func readFrame() throws -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: frameBytes)
            var filled = 0
            let fd = pipe.fileHandleForReading.fileDescriptor
            while filled < frameBytes {
                let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, frameBytes - filled) }
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                filled += got
            }
            if filled == frameBytes { return bytes }
            process.waitUntilExit()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if process.terminationStatus != 0 || filled != 0 {
                let reason = ToolPath.reason(said, about: path, fallback: "exit \(process.terminationStatus)")
                throw ClipError.decodeFailed(path: path, reason: reason)
            }
            return nil
        }

        func stop() {
            if process.isRunning { process.terminate() }
            try? pipe.fileHandleForReading.close()
            process.waitUntilExit()
        }
    }
}
