import Foundation
import Glibc

/// Finding and running the ffmpeg tools on `PATH`.
enum ToolPath {
    /// The first executable `name` on `PATH`.
    static func find(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
            return "\(folder)/\(name)"
        }
        throw ClipError.toolNotFound(tool: name, searched: path)
    }

    /// `path` as ffmpeg and ffprobe must see a user's file: the descriptor Shatter holds it by
    /// (``HeldFile``), else `file:` and the absolute path. A bare name starting with `-` would be read
    /// as an option (`-report` writes a log), and one with a colon as a protocol (`concat:a.mp4|b.mp4`
    /// reads other files); `file:` names the file itself, whatever its name.
    static func plainFile(_ path: String) -> String {
        if let held = HeldFile.named(path) { return held.argument }
        return "file:" + (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// The demuxers ffmpeg and ffprobe may read a user's clip or sound with (`-format_whitelist`): formats
    /// of one self-contained file. ffmpeg picks a demuxer by the bytes, not the name, so without this an
    /// ffconcat script or an HLS playlist named `clip.mp4` would make it read the other files it lists.
    static let demuxers = [
        "mov", "matroska", "avi", "flv", "mpegts", "mpeg", "yuv4mpegpipe", "gif", "apng", "ivf", "mxf", "nut", "dv",
        "asf", "m4v", "h264", "hevc", "mjpeg", "ogg", "wav", "w64", "mp3", "aac", "flac", "aiff", "caf", "wv", "ape",
        "amr", "au",
    ].joined(separator: ",")

    /// ffmpeg's options to read a user's file at `path`: the whitelist of ``demuxers``, then `-i` and
    /// ``plainFile(_:)``.
    static func input(_ path: String) -> [String] {
        ["-format_whitelist", demuxers, "-i", plainFile(path)]
    }

    /// Why ffmpeg or ffprobe could not read the user's file at `path`, from what it said on standard
    /// error (`fallback` when it said nothing): its last line, with the descriptor it was given put back
    /// as the user's path, or, for a format outside ``demuxers``, what that means.
    static func reason(_ errors: String, about path: String, fallback: String) -> String {
        if errors.contains("not on whitelist") {
            return "its bytes are a playlist or script that lists other files, which Shatter does not follow; "
                + "give the video or sound itself"
        }
        let last = errors.split(whereSeparator: \.isNewline).last.map(String.init) ?? fallback
        return last.replacingOccurrences(of: plainFile(path), with: path)
    }

    /// Starts `process` (ffmpeg, ffprobe) once there is room for it (``DescriptorRoom``), known to
    /// ``ChildProcesses`` so a stop reaches it.
    static func start(_ process: Process, role: ChildProcesses.Role = .input) throws {
        try DescriptorRoom.make()
        try process.run()
        ChildProcesses.add(process, role: role)
    }

    /// Whether ffprobe finds an audio stream in `path`; when it does not, why (ffprobe's last words).
    static func audioStream(in path: String, ffprobe: String) throws -> (found: Bool, reason: String) {
        let probe = try run(
            ffprobe,
            [
                "-v", "error", "-format_whitelist", demuxers, "-select_streams", "a:0", "-show_entries", "stream=index",
                "-of", "csv=p=0", plainFile(path),
            ])
        let found = probe.status == 0 && !probe.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        return (found, reason(probe.errors, about: path, fallback: "no audio stream"))
    }

    /// Runs `executable` to the end; its standard output, and its exit status and standard error.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try start(process)
        // Read both to the end before waiting, so a chatty tool cannot fill a pipe and stall.
        let errorData = Locked(Data())
        let reader = Thread { errorData.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() } }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while reader.isExecuting || !reader.isFinished { usleep(1000) }
        return (
            process.terminationStatus, String(decoding: data, as: UTF8.self),
            String(decoding: errorData.withLock { $0 }, as: UTF8.self)
        )
    }
}
