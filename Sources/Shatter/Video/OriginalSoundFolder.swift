import Foundation
import Glibc

/// A folder holding the user's copies of the Thanos original's sounds, found by name: `thanos_snap_sound`,
/// `thanos_dust_1` … `thanos_dust_6` and `thanos_reverse_sound`, each with any extension, in any format
/// ffmpeg reads (`.mp3` as the original's, `.wav`, `.m4a`, …). Other files in the folder are ignored.
/// Shatter ships no sound: a video lays these files at the original's cues (``VideoRender/sounds``,
/// ``VideoJoin/sounds``).
///
/// Every file found is checked when the folder is opened: it must be a plain file (a link to one is
/// read through; a folder, FIFO, device or socket is refused, since ffmpeg would wait on it or read it
/// without end) in which ffprobe finds sound. Two files for one name (`thanos_snap_sound.mp3` and
/// `thanos_snap_sound.wav`) are refused rather than one picked.
///
/// ```swift
/// let sounds = try OriginalSoundFolder(path: "sounds")
/// sounds.files(for: .dust)   // ["sounds/thanos_dust_2.mp3", "sounds/thanos_dust_5.wav"]: the ones there
/// ```
public struct OriginalSoundFolder: Sendable, Equatable {
    public let path: String
    /// The files found, by name without extension (`thanos_dust_3` → `sounds/thanos_dust_3.mp3`).
    public let files: [String: String]
    /// The files, open since they were checked, while the folder value lives (``HeldFile``).
    private let held: [HeldFile]

    /// The names each sound's files go by: one for the snap and the reverse, six for the dust.
    public static func names(of sound: OriginalSound) -> [String] {
        switch sound {
        case .snap: return ["thanos_snap_sound"]
        case .dust: return (1...6).map { "thanos_dust_\($0)" }
        case .reverse: return ["thanos_reverse_sound"]
        }
    }

    /// Lists `path` and checks every file named as one of the original's sounds (ffprobe on `PATH`).
    public init(path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw OriginalSoundError.notAFolder(path: path)
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw OriginalSoundError.unreadableFolder(path: path, reason: error.localizedDescription)
        }
        let wanted = Set(OriginalSound.allCases.flatMap(Self.names))
        let found = Dictionary(grouping: entries.filter { wanted.contains(Self.stem(of: $0)) }, by: Self.stem)
        var files: [String: String] = [:]
        var held: [HeldFile] = []
        for (name, candidates) in found {
            guard candidates.count == 1 else {
                throw OriginalSoundError.twoFiles(folder: path, name: name, files: candidates.sorted())
            }
            files[name] = (path.hasSuffix("/") ? path : path + "/") + candidates[0]
        }
        let ffprobe = files.isEmpty ? "" : try ToolPath.find("ffprobe")
        for file in files.values.sorted() {
            // Held open from the check on: ffprobe and the encoding ffmpeg read the file checked, even
            // if its name is given to a FIFO meanwhile (``HeldFile``).
            guard let open = HeldFile.hold(file) else { throw OriginalSoundError.notAPlainFile(path: file) }
            held.append(open)
            let audio = try ToolPath.audioStream(in: file, ffprobe: ffprobe)
            guard audio.found else { throw OriginalSoundError.notASound(path: file, reason: audio.reason) }
        }
        self.path = path
        self.files = files
        self.held = held
    }

    /// A file's name up to its last dot (the whole name when it has none).
    private static func stem(of name: String) -> String {
        name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    }

    /// The files that can play `sound`, in the order of their names: for the dust, those of the six there.
    public func files(for sound: OriginalSound) -> [String] { Self.names(of: sound).compactMap { files[$0] } }

    /// The file that plays `cue` in part `part` of a video (a join's transition `part`; 0 for a render):
    /// for the dust, one of the numbered files there, picked by the cue's seed and the part, so a seed
    /// always picks the same and each transition of a join draws its own. Throws when none is there.
    public func file(for cue: SoundCue, part: Int) throws -> String {
        let candidates = files(for: cue.sound)
        guard !candidates.isEmpty else { throw OriginalSoundError.missing(folder: path, sound: cue.sound) }
        let bits = CounterRNG(seed: cue.seed, stream: .sound).bits(index: UInt64(part), draw: 0)
        return candidates[Int(bits % UInt64(candidates.count))]
    }

    /// An effect's cues and where its frames lie in a video: from video frame `start`, `frames` of
    /// them, played backwards when `backwards`.
    struct CuedPart {
        var cues: [SoundCue]
        var start: Int
        var frames: Int
        var backwards = false
    }

    /// The sounds of every part's cues, each laid where its instant is shown in `video`, a video of
    /// `totalFrames` frames; part `i` picks its dust sound as part `i`. A cue at the forward timeline's
    /// end sounds at a backwards part's first frame. Each sound plays from its cue to its own end or
    /// the video's, whichever comes first. Throws when the container has no sound, when no part has a
    /// cue (`what` names the video's effect), or when a cue's file is missing.
    func voices(for parts: [CuedPart], in video: VideoEncoder.Request, totalFrames: Int, what: String) throws
        -> [VideoAudio.Voice]
    {
        if (video.path as NSString).pathExtension.lowercased() == "gif" {
            throw OriginalSoundError.silentContainer(path: video.path)
        }
        guard parts.contains(where: { !$0.cues.isEmpty }) else { throw OriginalSoundError.noCues(what: what) }
        let total = Double(totalFrames) / video.fps
        return try parts.enumerated().flatMap { i, part in
            let last = Double(part.frames - 1) / video.fps
            return try part.cues.compactMap { cue in
                // The reversed timeline shows instant `last − t` at `t`; `max` keeps rounding from going below 0.
                let offset = max(0, part.backwards ? last - cue.time : cue.time)
                let start = Double(part.start) / video.fps + offset
                // A cue after the video's last instant is not heard (an effect stretched past its frames).
                return start < total ? VideoAudio.Voice(path: try file(for: cue, part: i), start: start, end: total) : nil
            }
        }
    }
}

/// Why the original's sounds cannot be laid into a video.
public enum OriginalSoundError: Error, CustomStringConvertible, Equatable {
    case notAFolder(path: String)
    case unreadableFolder(path: String, reason: String)
    /// Two files go by one sound's name, with different extensions.
    case twoFiles(folder: String, name: String, files: [String])
    /// A sound's name is taken by a folder, FIFO, device or socket.
    case notAPlainFile(path: String)
    /// ffprobe finds no sound in the file.
    case notASound(path: String, reason: String)
    /// A cue of the video has no file in the folder.
    case missing(folder: String, sound: OriginalSound)
    /// The effect (or every transition of the join) plays none of the original's sounds.
    case noCues(what: String)
    /// The video's container carries no sound (`.gif`).
    case silentContainer(path: String)

    public var description: String {
        switch self {
        case .notAFolder(let path): return "\(path) is not a folder of sound files"
        case .unreadableFolder(let path, let reason): return "cannot list \(path): \(reason)"
        case .twoFiles(let folder, let name, let files):
            // Two names in full, then a count: 2,000 same-named files still make one short line.
            let shown = files.prefix(2).map { PrintableText.of($0, limit: 80) }
            let list =
                files.count > 2
                ? shown.joined(separator: ", ") + " and \(files.count - 2) more" : shown.joined(separator: " and ")
            return "\(folder) holds \(files.count == 2 ? "two" : String(files.count)) files named "
                + "\(PrintableText.of(name, limit: 80)): \(list); keep one"
        case .notAPlainFile(let path):
            return "\(path) is not a plain file (a folder, FIFO, device or socket); put the sound there"
        case .notASound(let path, let reason): return "\(path) holds no sound ffmpeg can read (\(reason))"
        case .missing(let folder, let sound):
            let names = OriginalSoundFolder.names(of: sound)
            let named = names.count == 1 ? names[0] : "any of \(names[0]) … \(names[names.count - 1])"
            return "\(folder) has no \(named) (with any extension) for the \(sound.rawValue) sound; add it there"
        case .noCues(let what): return "\(what) plays none of the original's sounds (the sprite and the dust do)"
        case .silentContainer(let path): return "\(path): a .gif has no sound; use .mp4, .webm, .mov or .mkv for the sounds"
        }
    }
}
