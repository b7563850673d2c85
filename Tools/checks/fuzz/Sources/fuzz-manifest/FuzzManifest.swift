import CFuzzer
import Glibc
import Shatter

/// Hands over to libFuzzer, which parses its own flags and calls ``fuzzManifest(_:_:)`` per input.
@main enum FuzzManifestMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzManifest))
    }
}

/// One fuzzer input: the bytes of a would-be `manifest.json`.
///
/// A manifest is a file anyone can edit, and its numbers size what readers build (the frames a job
/// expects, the ranges a merge reports), so whatever decodes must be usable without a crash, an
/// overflow or an allocation beyond ``FrameSelection/maximumFrames``.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let manifest: FrameManifest
    do {
        manifest = try FrameManifest.decode(bytes, path: "fuzz.json")
    } catch {
        // Every refusal is a ManifestError of one line that names the input.
        let text = "\(error)"
        precondition(error is ManifestError && text.hasPrefix("fuzz.json") && !text.contains("\n"), "bad refusal: \(text)")
        return 0
    }
    // The frames it expects are few enough, in its range and in its shard.
    let expected = manifest.expectedFrames
    precondition(expected.count <= FrameSelection.maximumFrames)
    precondition(
        expected.allSatisfy {
            (manifest.range.first...manifest.range.last).contains($0) && (manifest.shard?.contains($0) ?? true)
        })
    // Merging it with itself, with every file present or every file gone, and describing the result.
    // The merge is linear in the frames, so a large job only makes a run slow (seconds unoptimized,
    // with ASan) and finds nothing a small one would not; ranges near Int.max stay small.
    let wholeJob = manifest.range.last - manifest.range.first + 1  // a merge drops the shard; valid: no overflow
    for present in [true, false] where wholeJob <= 10_000 {
        let merge = ManifestMerge.merge([("a", manifest), ("b", manifest)]) { _, _ in present ? .present : .missing }
        precondition(merge.conflicts.isEmpty, "a manifest conflicts with itself: \(merge.conflicts)")
        // The merge is of the whole job (no shard), so with every file gone it misses all of its frames.
        precondition(present || merge.missing == merge.merged.expectedFrames)
        _ = ManifestMerge.describe(merge.missing)
    }
    precondition(manifest.jobDifference(from: manifest) == nil)
    // What it writes reads back as itself.
    guard let encoded = try? manifest.encoded(), let again = try? FrameManifest.decode(encoded, path: "again.json") else {
        preconditionFailure("a valid manifest did not round-trip")
    }
    precondition(again == manifest)
    // Read as a folder's manifest, every file it names is a plain name beside it, or it is refused in
    // one line naming the manifest: no entry reaches outside its folder (`../x.png`, `a/b.png`, `..`).
    _ = try? PrivateTemporaryFolder.with(prefix: "fuzz-manifest") { folder in
        try AtomicFile.write(bytes, to: folder + "/" + FrameManifest.fileName)
        do {
            let read = try FrameManifest.read(folder: folder)
            for entry in read?.frames ?? [] {
                let name = entry.file
                precondition(
                    FrameManifest.isPlainFrameName(name) && !name.contains("/") && !name.hasPrefix(".") && !name.utf8.contains(0),
                    "a folder's manifest names \(name)")
            }
        } catch {
            let text = "\(error)"
            precondition(error is ManifestError && text.contains(folder) && !text.contains("\n"), "bad refusal: \(text)")
        }
    }
    return 0
}
