import ShatterCore

/// Everything that can go wrong reading or writing a PNG, one case per problem.
///
/// Every ``description`` is one line that names the file and says what to do about it, so a
/// command-line tool can print it as is:
///
/// ```swift
/// do {
///     let image = try PNGDecoder.read(path: "texture.png")
/// } catch {
///     print("error: \(error)")   // texture.png: no such file — check the path ...
/// }
/// ```
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    // Reading.
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The file exists but cannot be opened or read (`reason` is `strerror`, e.g. permission denied).
    case notReadable(path: String, reason: String)
    /// The path names a directory.
    case isDirectory(path: String)
    /// The file has zero bytes.
    case emptyFile(path: String)
    /// A pipe, FIFO or device gave no bytes (a FIFO with no writer reads as empty).
    case emptyStream(path: String)
    /// A regular file of `bytes` bytes, over ``PNGLimits/maxFileBytes`` (`limit`); refused unread.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// A pipe, FIFO or device that went on past ``PNGLimits/maxFileBytes`` (`limit`) bytes.
    case streamTooLong(path: String, limit: Int)
    /// A chunk other than image data declares `bytes` bytes, over ``PNGLimits/maxChunkBytes`` (`limit`).
    case chunkTooLarge(path: String, chunk: String, bytes: Int, limit: Int)
    /// The bytes do not start with the PNG signature; `looksLike` names the format if recognised ("JPEG").
    case notPNG(path: String, looksLike: String?)
    /// The file ends before the PNG does.
    case truncated(path: String, detail: String)
    /// libpng rejected the data (bad CRC, bad zlib stream, missing PLTE, ...); `message` is libpng's own.
    case corrupt(path: String, message: String)
    /// The header declares a width or height of zero.
    case zeroDimensions(path: String, width: Int, height: Int)
    /// The header declares an image larger than the caller's ``PNGLimits``.
    case tooLarge(path: String, width: Int, height: Int, limits: PNGLimits)

    // Writing.
    /// The image cannot be written as given (zero size, or `pixels` not `width * height * 4` bytes).
    case invalidImage(path: String, reason: String)
    /// ``PNGWriteOptions/compressionLevel`` is outside 0...9.
    case invalidCompressionLevel(Int)
    /// ``PNGWriteOptions/background`` has alpha below 255.
    case backgroundNotOpaque(RGBA8)
    /// The encoder failed (`message` is libpng's or libdeflate's words, e.g. out of memory).
    case encodeFailed(path: String, message: String)
    /// The folder the file should go into does not exist.
    case folderMissing(path: String, folder: String)
    /// The folder exists but files cannot be created in it (`reason` is `strerror`).
    case notWritable(path: String, folder: String, reason: String)
    /// The disk or quota filled up mid-write (`reason` is `strerror`).
    case diskFull(path: String, reason: String)
    /// Any other I/O failure while reading or writing (`reason` is `strerror`).
    case ioFailed(path: String, operation: String, reason: String)
    /// The name holds something other than a plain file (a symbolic link, a FIFO, a device): never
    /// written through nor replaced (`FolderHandle`).
    case notOwnFile(OwnFileError)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such file — check the path and the working directory."
        case .notReadable(let path, let reason):
            return "\(path): cannot be read (\(reason)) — check the file's permissions (chmod u+r)."
        case .isDirectory(let path):
            return "\(path): is a directory, not a PNG file — give the path of a .png file."
        case .emptyFile(let path):
            return "\(path): file is empty (0 bytes) — it was probably cut off while being written; regenerate it."
        case .emptyStream(let path):
            return
                "\(path): empty, no bytes arrived (a pipe or FIFO with no writer reads as empty) — start the writer first, or give a PNG file."
        case .fileTooLarge(let path, let bytes, let limit):
            return "\(path): file is \(bytes) bytes, over the limit of \(byteCount(limit)) for one PNG — re-export it smaller, "
                + "or pass a larger PNGLimits.maxFileBytes."
        case .streamTooLong(let path, let limit):
            return "\(path): more than \(byteCount(limit)) arrived from this pipe or device, over the limit for one PNG — "
                + "send one PNG file of at most that size."
        case .chunkTooLarge(let path, let chunk, let bytes, let limit):
            return "\(path): PNG's \(chunk) chunk declares \(bytes) bytes, over the limit of \(byteCount(limit)) for metadata — "
                + "strip the metadata (re-export it), or pass a larger PNGLimits.maxChunkBytes."
        case .notPNG(let path, let looksLike):
            let what = looksLike.map { "it looks like a \($0)" } ?? "no PNG signature"
            return "\(path): not a PNG file (\(what)) — convert it to PNG; renaming does not change the format."
        case .truncated(let path, let detail):
            return "\(path): PNG is truncated (\(detail)) — the file is incomplete; copy or render it again."
        case .corrupt(let path, let message):
            return "\(path): PNG is corrupt (libpng: \(message)) — the data is damaged; copy or render it again."
        case .zeroDimensions(let path, let width, let height):
            return "\(path): PNG header says \(width)×\(height) pixels, an empty image — re-export it with a real size."
        case .tooLarge(let path, let width, let height, let limits):
            // The header's sides are raw 32-bit fields, so their product can overflow Int.
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            return
                "\(path): PNG is \(width)×\(height) (\(overflow ? "over \(Int.max)" : String(pixels)) pixels), over the limit of "
                + "\(limits.maxWidth)×\(limits.maxHeight) and \(limits.maxPixels) pixels — scale it down or pass larger PNGLimits."
        case .invalidImage(let path, let reason):
            return "\(path): cannot write this image (\(reason)) — render a non-empty image first."
        case .invalidCompressionLevel(let level):
            return "PNG compression level \(level) is out of range — use 0 (none) through 9 (smallest)."
        case .backgroundNotOpaque(let color):
            return "PNG background (r: \(color.r), g: \(color.g), b: \(color.b), a: \(color.a)) is not opaque — "
                + "use alpha 255, or no background to keep the alpha channel."
        case .encodeFailed(let path, let message):
            return "\(path): PNG encoding failed (\(message)) — check free memory and the image size."
        case .folderMissing(let path, let folder):
            return "\(path): folder \(folder) does not exist — create it first (mkdir -p \(folder))."
        case .notWritable(let path, let folder, let reason):
            return "\(path): cannot create files in \(folder) (\(reason)) — check the folder's permissions or pick another one."
        case .diskFull(let path, let reason):
            return "\(path): \(reason) while writing — free some disk space; the previous file, if any, is untouched."
        case .ioFailed(let path, let operation, let reason):
            return "\(path): \(operation) failed (\(reason)) — check the path and the disk."
        case .notOwnFile(let error):
            return error.description
        }
    }
}

/// `268435456 bytes (256 MiB)`: exact, and readable.
private func byteCount(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes) bytes (\(bytes >> 20) MiB)" : "\(bytes) bytes"
}
