import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// The user's folder of the original's sounds: found by name with any extension, each checked to be a
/// plain file with sound, and the dust's six picked by the seed.
@Suite(.enabled(if: ClipFixtures.ffmpegAvailable, "needs ffmpeg and ffprobe on PATH"))
struct OriginalSoundFolderTests {
    @Test func soundsAreFoundByNameWithAnyExtensionAndOtherFilesAreIgnored() throws {
        let folder = try TemporaryFolder()
        let made = try SoundFixtures.write(into: folder.path, names: ["thanos_snap_sound", "thanos_dust_2", "thanos_dust_5"])
        // Not the original's names: another number, a second dot, no match at all.
        for other in ["thanos_dust_7.wav", "thanos_dust_1.old.wav", "notes.txt", "thanos_snap.wav"] {
            try folder.write(Array("x".utf8), to: other)
        }
        let sounds = try OriginalSoundFolder(path: folder.path)
        #expect(
            sounds.files == [
                "thanos_snap_sound": made["thanos_snap_sound"]!, "thanos_dust_2": made["thanos_dust_2"]!,
                "thanos_dust_5": made["thanos_dust_5"]!,
            ])
        #expect(sounds.files(for: .dust) == [made["thanos_dust_2"]!, made["thanos_dust_5"]!])
        #expect(sounds.files(for: .reverse).isEmpty)
    }

    @Test func theSeedPicksTheDustSoundAmongThoseThereTheSameEveryTime() throws {
        let folder = try TemporaryFolder()
        try SoundFixtures.write(into: folder.path)
        let all = try OriginalSoundFolder(path: folder.path)
        let picks = (0..<24 as Range<UInt64>).map { try? all.file(for: SoundCue(sound: .dust, time: 0, seed: $0), part: 0) }
        #expect(picks == (0..<24 as Range<UInt64>).map { try? all.file(for: SoundCue(sound: .dust, time: 0, seed: $0), part: 0) })
        // Seeds spread over the six, as the original's Int.random(1...6) does.
        #expect(Set(picks.compactMap { $0 }).count >= 4, "\(picks)")
        // A join's transitions (parts) draw their own with one seed.
        let parts = (0..<12).map { try? all.file(for: SoundCue(sound: .dust, time: 0, seed: 0), part: $0) }
        #expect(Set(parts.compactMap { $0 }).count >= 3, "\(parts)")

        // With only two of the six there, every seed picks one of those two.
        for name in ["thanos_dust_1", "thanos_dust_3", "thanos_dust_4", "thanos_dust_6"] {
            try FileManager.default.removeItem(atPath: all.files[name]!)
        }
        let two = try OriginalSoundFolder(path: folder.path)
        let fewer = try (0..<24 as Range<UInt64>).map { try two.file(for: SoundCue(sound: .dust, time: 0, seed: $0), part: 0) }
        #expect(Set(fewer) == [all.files["thanos_dust_2"]!, all.files["thanos_dust_5"]!])
    }

    @Test func aSoundNotThereIsNamedWithTheFileItNeeds() throws {
        let folder = try TemporaryFolder()
        try SoundFixtures.write(into: folder.path, names: ["thanos_dust_4"])
        let sounds = try OriginalSoundFolder(path: folder.path)
        #expect(throws: OriginalSoundError.missing(folder: folder.path, sound: .snap)) {
            try sounds.file(for: SoundCue(sound: .snap, time: 0), part: 0)
        }
        let message = "\(OriginalSoundError.missing(folder: folder.path, sound: .dust))"
        #expect(message.contains("thanos_dust_1 … thanos_dust_6"), "\(message)")
        #expect("\(OriginalSoundError.missing(folder: "s", sound: .snap))".contains("no thanos_snap_sound (with any extension)"))
    }

    @Test func twoFilesForOneSoundAreRefusedNamingBoth() throws {
        let folder = try TemporaryFolder()
        try SoundFixtures.write(into: folder.path, names: ["thanos_snap_sound"])
        try FileManager.default.copyItem(
            atPath: folder.file("thanos_snap_sound.wav"), toPath: folder.file("thanos_snap_sound.mp3"))
        #expect(
            throws: OriginalSoundError.twoFiles(
                folder: folder.path, name: "thanos_snap_sound", files: ["thanos_snap_sound.mp3", "thanos_snap_sound.wav"])
        ) { try OriginalSoundFolder(path: folder.path) }
    }

    /// Many same-named files make one short line (issue 48, L6: 2,000 made a 46,965-byte line).
    @Test func manySameNamedFilesAreCountedNotListed() {
        let files = (0..<2000).map { "thanos_snap_sound.x\($0)" }
        let line = "\(OriginalSoundError.twoFiles(folder: "s", name: "thanos_snap_sound", files: files))"
        #expect(
            line
                == "s holds 2000 files named thanos_snap_sound: thanos_snap_sound.x0, thanos_snap_sound.x1 and 1998 more; keep one"
        )
        #expect(
            "\(OriginalSoundError.twoFiles(folder: "s", name: "a", files: ["a.mp3", "a.wav"]))"
                == "s holds two files named a: a.mp3 and a.wav; keep one")
    }

    @Test func aFIFOAFolderOrAFileWithoutSoundIsRefusedAndLeftAsItIs() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("thanos_reverse_sound.wav")
        #expect(mkfifo(fifo, 0o600) == 0)
        // ffprobe would wait forever on a FIFO with no writer: it must be refused before ffprobe runs.
        #expect(throws: OriginalSoundError.notAPlainFile(path: fifo)) { try OriginalSoundFolder(path: folder.path) }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        try FileManager.default.removeItem(atPath: fifo)

        try FileManager.default.createDirectory(atPath: folder.file("thanos_dust_1.d"), withIntermediateDirectories: false)
        #expect(throws: OriginalSoundError.notAPlainFile(path: folder.file("thanos_dust_1.d"))) {
            try OriginalSoundFolder(path: folder.path)
        }
        try FileManager.default.removeItem(atPath: folder.file("thanos_dust_1.d"))

        let text = try folder.write(Array("not a sound\n".utf8), to: "thanos_dust_2.txt")
        do {
            _ = try OriginalSoundFolder(path: folder.path)
            Issue.record("a text file was taken as a sound")
        } catch let OriginalSoundError.notASound(path, _) {
            #expect(path == text)
        }
        #expect(throws: OriginalSoundError.notAFolder(path: text)) { try OriginalSoundFolder(path: text) }
    }
}
