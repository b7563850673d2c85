import ShatterCore

/// Reads a would-be PNG file with `BoundedFileReader`: at most ``PNGLimits/maxFileBytes``, and a
/// stream whose first 8 bytes are not the PNG signature (`/dev/zero`, `yes |`) is refused at once.
enum FileReader {
    static func readPNG(path: String, limits: PNGLimits) throws(PNGError) -> [UInt8] {
        let signature = PNGHeader.signature
        let contents: BoundedFileReader.Contents
        do {
            contents = try BoundedFileReader.read(path: path, maxBytes: limits.maxFileBytes, prefixLength: signature.count) {
                $0.prefix(signature.count).elementsEqual(signature.prefix($0.count))
            }
        } catch {
            throw pngError(error, path: path, limits: limits)
        }
        if contents.bytes.isEmpty && !contents.isRegularFile { throw .emptyStream(path: path) }
        return contents.bytes
    }

    static func pngError(_ failure: BoundedFileReader.Failure, path: String, limits: PNGLimits) -> PNGError {
        switch failure {
        case .notFound: return .fileNotFound(path: path)
        case .notReadable(let reason): return .notReadable(path: path, reason: reason)
        case .isDirectory: return .isDirectory(path: path)
        case .fileTooLarge(let size): return .fileTooLarge(path: path, bytes: size, limit: limits.maxFileBytes)
        case .streamTooLong: return .streamTooLong(path: path, limit: limits.maxFileBytes)
        case .rejectedPrefix(let bytes):
            return bytes.withUnsafeBufferPointer { .notPNG(path: path, looksLike: PNGHeader.sniff($0)) }
        case .ioFailed(let operation, let reason): return .ioFailed(path: path, operation: operation, reason: reason)
        }
    }
}

/// `strerror` as a Swift string ("Permission denied").
func describe(_ code: Int32) -> String {
    BoundedFileReader.describe(code)
}
