import Foundation

/// A folder render's starting manifest, made on its own thread while the first frame renders: the
/// inputs' digests (a SHA-256 of each input's pixels, 8 MB apiece at 1080p), the check of what the
/// folder already holds (``ExistingFrames``), `manifest.json` and the journal. Only for a render that
/// is not resuming, whose frames do not depend on what the folder holds.
///
/// Nothing reaches the folder before it is done: every frame waits for it before it is written
/// (``Gate``), and its error (a folder holding another render, say) is the render's, as when it came
/// first.
final class ManifestSetUp: @unchecked Sendable {
    /// Unchecked Sendable: `result` is written once, before `done` is left, and read only after waiting on it.
    private var result: Result<ManifestRecorder, any Error>?
    private let done = DispatchGroup()

    init(_ make: @escaping @Sendable () throws -> ManifestRecorder) {
        done.enter()
        // A thread of its own: the renderer and the encoders may hold every pool thread.
        Thread.detachNewThread { [self] in
            result = Result { try make() }
            done.leave()
        }
    }

    /// The recorder once the manifest is written, or the set-up's error.
    func recorder() throws -> ManifestRecorder {
        done.wait()
        return try result!.get()
    }

    /// A writer that writes nothing before the set-up is done, and fails as it did.
    struct Gate: FrameWriter {
        let setUp: ManifestSetUp
        let writer: any FrameWriter

        func write(_ image: Image, index: Int, position: Int) throws -> WrittenFrame? {
            _ = try setUp.recorder()
            return try writer.write(image, index: index, position: position)
        }
    }
}
