import Foundation
import Shatter
import ShatterTestSupport
import Testing

@Suite struct FramePipelineTests {
    let effect: ShatteredTransition

    /// Each test runs on its own instance, so each gets its own folder, removed after it.
    let scratch: TemporaryFolder

    init() throws {
        effect = try ShatteredTransition(
            from: Texture(image: DefaultScenes.presentedScreen(widthPoints: 40, heightPoints: 30, scale: 1)),
            to: Texture(image: DefaultScenes.destination(widthPoints: 40, heightPoints: 30, scale: 1)),
            parameters: .init(width: 40, height: 30, pointSize: 2))
        scratch = try TemporaryFolder()
    }

    func folder() throws -> String {
        try OutputDirectory(scratch.file("nested/frames")).path
    }

    @Test func writesEachFrameAsItsCPUImageWithNoTemporaryFilesLeft() throws {
        let out = try OutputDirectory(try folder())
        let renderer = SoftwareRenderer()
        let summary = try FramePipeline(output: out, framesInFlight: 2).run(frames: Array(0..<10), renderer: renderer) {
            effect.displayList(at: Double($0) / 10)
        }
        #expect(summary.frames == 10)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == (0..<10).map { String(format: "frame-%05d.png", $0) })
        for i in [0, 4, 9] {
            let written = try PNGDecoder.read(path: out.framePath(i))
            #expect(written == (try renderer.render(effect.displayList(at: Double(i) / 10))))
        }
    }

    /// The digests a manifest records, taken as the bytes pass, are those of the pixels rendered and of
    /// the file on disk, read back here.
    @Test func eachRecordedDigestIsTheDigestOfTheFileOnDiskAndOfThePixels() throws {
        let out = try OutputDirectory(try folder())
        let renderer = SoftwareRenderer()
        let records = Locked<[WrittenFrame]>([])
        _ = try FramePipeline(output: out, framesInFlight: 3).run(
            frames: Array(0..<6), renderer: renderer, displayList: { effect.displayList(at: Double($0) / 6) },
            written: { frame in records.withLock { $0.append(frame) } })
        let written = records.withLock { $0 }.sorted { $0.index < $1.index }
        #expect(written.map(\.index) == Array(0..<6))
        for frame in written {
            let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: frame.path)))
            #expect(frame.png == Digest.of(file, .xxh3_128))
            let pixels = try renderer.render(effect.displayList(at: Double(frame.index) / 6)).pixels
            #expect(frame.pixels == Digest.of(pixels, .xxh3_128))
        }
    }

    /// A real renderer that fails at one frame, as a lost GPU or a refused size would.
    struct FailingAt: Renderer {
        let frame: Int
        let inner = SoftwareRenderer()
        var description: String { "fails at \(frame)" }
        func render(_ list: DisplayList, into target: inout Image) throws -> FrameTimings {
            if case .pointSprites(let batch) = list.commands.last, batch.time == Float(frame) / 10 {
                throw InjectedFailure(description: "injected failure at frame \(frame)")
            }
            return try inner.render(list, into: &target)
        }
    }

    struct InjectedFailure: Error, CustomStringConvertible { let description: String }

    @Test func aFailureStopsTheRunAndKeepsEveryEarlierFrameWhole() throws {
        let out = try OutputDirectory(try folder())
        #expect {
            try FramePipeline(output: out, framesInFlight: 3).run(frames: Array(0..<10), renderer: FailingAt(frame: 6)) {
                effect.displayList(at: Double($0) / 10)
            }
        } throws: { "\($0)" == "injected failure at frame 6" }
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == (0..<6).map { String(format: "frame-%05d.png", $0) })
        for file in files { _ = try PNGDecoder.read(path: out.path + "/" + file) }  // each one decodes whole
    }

    @Test func outputDirectoryRefusesFilesAndNamesThem() throws {
        let base = scratch.path
        _ = FileManager.default.createFile(atPath: base + "/file", contents: Data([1]))
        #expect { try OutputDirectory(base + "/file") } throws: { "\($0)".contains("is a file, not a folder") }
        #expect { try OutputDirectory(base + "/file/sub") } throws: { "\($0)".contains("\(base)/file is a file") }
        #expect(try OutputDirectory(base + "/a/b/c").framePath(12) == base + "/a/b/c/frame-00012.png")
    }
}
