/// Why a clip cannot be read or used.
public enum ClipError: Error, CustomStringConvertible, Equatable {
    /// Nothing at `path`: no file, no folder, and no frame for a numbered pattern.
    case notFound(path: String)
    /// A folder with no `.png` file in it.
    case emptyFolder(path: String)
    /// Frames of one clip must share a size.
    case frameSizeChanged(path: String, width: Int, height: Int, expected: (width: Int, height: Int))
    /// ffprobe could not find a video stream in the file.
    case notAVideo(path: String, reason: String)
    /// ffmpeg or ffprobe failed while reading the clip.
    case decodeFailed(path: String, reason: String)
    /// No `tool` (ffmpeg, ffprobe) on the search path.
    case toolNotFound(tool: String, searched: String)
    /// A video's frames are larger than a clip's limits (those of a PNG clip).
    case tooLarge(path: String, width: Int, height: Int, maxWidth: Int, maxHeight: Int, maxPixels: Int)
    /// A numbered pattern (`clip/%05d.png`) Shatter cannot read.
    case badPattern(path: String, reason: String)
    /// A video declaring a frame rate outside `allowed` (``Clip/frameRates``).
    case badFrameRate(path: String, rate: Double, allowed: ClosedRange<Double>)
    /// The clip's frames are not the output's size and no fit was asked for.
    case sizeMismatch(role: String, width: Int, height: Int, outputWidth: Int, outputHeight: Int)

    public var description: String {
        switch self {
        case .notFound(let path):
            return
                "\(path): no such file, folder or numbered frames (a clip is a PNG, a folder of PNGs, a %d pattern or a video file)"
        case .emptyFolder(let path): return "\(path): is a directory with no .png frames in it"
        case .frameSizeChanged(let path, let width, let height, let expected):
            return "\(path) is \(width)x\(height) but the clip's first frame is \(expected.width)x\(expected.height); "
                + "every frame of a clip must have one size"
        case .notAVideo(let path, let reason): return "\(path): not a video ffmpeg can read (\(reason))"
        case .decodeFailed(let path, let reason): return "\(path): decoding failed: \(reason)"
        case .toolNotFound(let tool, let searched):
            return "no \(tool) found (looked in \(searched)); install ffmpeg to read video clips"
        case .tooLarge(let path, let width, let height, let maxWidth, let maxHeight, let maxPixels):
            return "\(path): its frames are \(width)x\(height), over a clip's limit of \(maxWidth)x\(maxHeight) "
                + "and \(maxPixels) pixels; scale it down first (ffmpeg -vf scale=…)"
        case .badFrameRate(let path, let rate, let allowed):
            return "\(path): its frame rate is \(rate) frames per second, outside the \(allowed.lowerBound) to "
                + "\(Int(allowed.upperBound)) Shatter reads; re-encode it at a usual rate (ffmpeg -i CLIP -r 30 OUT)"
        case .badPattern(let path, let reason):
            return "\(FrameManifest.printable(path)): not a usable frame pattern (\(reason)); write it like clip/%05d.png"
        case .sizeMismatch(let role, let width, let height, let outputWidth, let outputHeight):
            return "the \(role) clip is \(width)x\(height) but the output is \(outputWidth)x\(outputHeight); "
                + "resize the clip or fit it (stretch, contain or cover)"
        }
    }

    public static func == (a: ClipError, b: ClipError) -> Bool { a.description == b.description }
}
