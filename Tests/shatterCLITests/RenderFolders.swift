import Foundation
import Shatter
import ShatterTestSupport

/// A golden render folder and a "new" copy of it, as `shatter render` writes them (frames and
/// manifest), with edits that keep the new folder's manifest truthful, as a real new render's would be.
struct RenderFolders {
    let golden: String
    let new: String

    /// Six frames of the splash (40×60 unless `size` says otherwise) on the CPU renderer, copied to a
    /// second folder.
    init(_ scratch: TemporaryFolder, size: String = "40x60") throws {
        golden = scratch.file("golden")
        new = scratch.file("new")
        let run = try CLIRun.shatter([
            "render", "splash", "--size", size, "--duration", "0.5", "--fps", "10",
            "--backend", "cpu", "--out", golden,
        ])
        guard run.status == 0 else { throw Failure(description: "render failed: \(run.stderr)") }
        try FileManager.default.copyItem(atPath: golden, toPath: new)
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    func framePath(_ folder: String, _ index: Int) -> String { folder + "/" + OutputDirectory.frameName(index) }

    /// Rewrites frame `index` of `folder` (PNG and manifest entry) with `change` applied.
    func edit(_ folder: String, frame index: Int, _ change: (inout Image) -> Void) throws {
        var image = try PNGDecoder.read(path: framePath(folder, index))
        change(&image)
        try put(image, in: folder, frame: index)
    }

    /// Writes `image` as frame `index` of `folder` and lists it in the manifest.
    func put(_ image: Image, in folder: String, frame index: Int) throws {
        try PNGEncoder.write(image, to: framePath(folder, index))
        var manifest = try FrameManifest.read(folder: folder)!
        let entry = FrameManifest.Entry(
            index: index, file: OutputDirectory.frameName(index), pixels: Digest.of(image.pixels, manifest.digestAlgorithm),
            png: Digest.of(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: framePath(folder, index)))), manifest.digestAlgorithm))
        manifest.frames = (manifest.frames.filter { $0.index != index } + [entry]).sorted { $0.index < $1.index }
        // A frame past the render's range makes it a longer render, as a real one would say.
        if index > manifest.range.last {
            manifest.range.last = index
            manifest.frameCount = max(manifest.frameCount, index + 1)
        }
        try manifest.write(to: folder + "/" + FrameManifest.fileName)
    }

    /// Removes frame `index` from `folder` and its manifest.
    func remove(_ folder: String, frame index: Int) throws {
        try FileManager.default.removeItem(atPath: framePath(folder, index))
        var manifest = try FrameManifest.read(folder: folder)!
        manifest.frames.removeAll { $0.index == index }
        try manifest.write(to: folder + "/" + FrameManifest.fileName)
    }

    /// Adds `delta` to red, green and blue in a `side`×`side` block from (x, y), or subtracts it where
    /// that would pass alpha (colors are premultiplied; early splash frames are white).
    static func brighten(_ image: inout Image, x: Int, y: Int, side: Int, by delta: Int) {
        for row in y..<(y + side) {
            for column in x..<(x + side) {
                let p = image[column, row]
                func up(_ c: UInt8) -> UInt8 { UInt8(Int(c) + delta <= Int(p.a) ? Int(c) + delta : Int(c) - delta) }
                image[column, row] = RGBA8(r: up(p.r), g: up(p.g), b: up(p.b), a: p.a)
            }
        }
    }

    static func report(_ folder: String) throws -> CompareReport {
        try JSONDecoder().decode(CompareReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/report.json")))
    }
}
