import ShatterDigest
import ShatterPNG

/// Each frame a PNG file in a folder, written atomically, hashed for the manifest.
///
/// Each digest is taken once, from bytes already passing through: the pixels as rendered (before the
/// encoder, while they are still in the cache), and the file's bytes as they go to write(2). The file
/// hash is the hash of what is on disk because this is the file's one writer: `AtomicFile` writes
/// exactly the observed bytes into a temporary file it created (`O_EXCL`) and renames it into place
/// whole, or leaves no file; nothing else writes a frame while the folder's lock is held. Files this run
/// did not write (a resume's kept frames, another folder in `compare`) are still read and hashed from
/// disk (`FrameFileHash`).
public struct FolderFrameWriter: FrameWriter {
    public let folder: OutputDirectory
    public let png: PNGWriteOptions

    public init(folder: OutputDirectory, png: PNGWriteOptions = PNGWriteOptions()) {
        self.folder = folder
        self.png = png
    }

    public func write(_ image: Image, index: Int, position: Int) throws -> WrittenFrame? {
        try writeTimed(image, index: index).frame
    }

    /// ``write(_:index:position:)`` with the time each stage took (what `shatter bench` shows).
    public func writeTimed(_ image: Image, index: Int) throws -> (frame: WrittenFrame, timings: FrameWriteTimings) {
        let clock = ContinuousClock()
        let path = folder.framePath(index)
        // Frames go on landing in the folder opened at the start (its descriptor); a path swapped since
        // (for a link elsewhere) stops the render rather than leaving the user looking at another folder.
        guard folder.handle.isStillAtPath else { throw OutputFolderError.replacedDuringRun(path: folder.path) }
        let start = clock.now
        let algorithm = FrameManifest.currentDigestAlgorithm
        let pixelDigest = image.pixels.withUnsafeBytes { Digest.of($0, algorithm) }
        let pixelsHashed = clock.now
        let bytes = try Self.relabelled(path) { () throws(PNGError) in try PNGEncoder.encode(image, options: png) }
        let hashed = clock.now
        var file = DigestHasher(algorithm)
        var fileHashSeconds = 0.0
        try AtomicFile.write(bytes, name: OutputDirectory.frameName(index), in: folder.handle, path: path) { piece in
            let pieceStart = clock.now
            file.update(piece)
            fileHashSeconds += FramePipeline.seconds(clock.now - pieceStart)
        }
        let written = clock.now
        let timings = FrameWriteTimings(
            encode: FramePipeline.seconds(hashed - pixelsHashed),
            hash: FramePipeline.seconds(pixelsHashed - start) + fileHashSeconds,
            write: FramePipeline.seconds(written - hashed) - fileHashSeconds)
        let frame = WrittenFrame(index: index, path: path, pixels: pixelDigest, png: file.finalize())
        return (frame, timings)
    }

    /// The encoder names an in-memory encode "<memory>"; its errors here name the frame's file.
    private static func relabelled(_ path: String, _ encode: () throws(PNGError) -> [UInt8]) throws(PNGError) -> [UInt8] {
        do {
            return try encode()
        } catch .invalidImage(_, let reason) {
            throw .invalidImage(path: path, reason: reason)
        } catch .encodeFailed(_, let message) {
            throw .encodeFailed(path: path, message: message)
        }
    }
}

/// Where one frame's writing went, in seconds: PNG encoding, the two digests (XXH3-128), and the file's
/// creation, write(2) calls and rename.
public struct FrameWriteTimings: Sendable, Equatable {
    public var encode: Double
    public var hash: Double
    public var write: Double

    public init(encode: Double = 0, hash: Double = 0, write: Double = 0) {
        self.encode = encode
        self.hash = hash
        self.write = write
    }

    public static func + (a: Self, b: Self) -> Self {
        Self(encode: a.encode + b.encode, hash: a.hash + b.hash, write: a.write + b.write)
    }
}
