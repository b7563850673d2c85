import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// A whole render from Swift: frames and manifest in a folder, cancellation, resume, frame selection.
@Suite struct RenderSessionTests {
    /// A folder (not made yet) in a temporary folder removed when `body` returns.
    func withFolder(_ body: (String) throws -> Void) throws {
        let scratch = try TemporaryFolder()
        try body(scratch.file("frames"))
    }

    func frameFiles(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame-") }.sorted()
    }

    /// The example in docs/ARCHITECTURE.md, verbatim between the markers (a test below checks that).
    func renderToFolderExample(folder: String) throws -> RenderSummary {
        // example: render-to-folder
        let screen = DefaultScenes.presentedScreen(widthPoints: 120, heightPoints: 200, scale: 1)
        let green = DefaultScenes.destination(widthPoints: 120, heightPoints: 200, scale: 1)
        let effect = try ShatteredTransition(
            from: Texture(image: screen), to: Texture(image: green),
            parameters: .init(width: 120, height: 200, pointSize: 4))
        var options = RenderSession<ShatteredTransition>.Options()
        options.fps = 10  // frames 0 … 12 over the 1.2 s transition
        let session = try RenderSession(
            effect: effect, renderer: try Backend.cpu.makeRenderer(),
            folder: folder, options: options)
        let summary = try session.run { event in
            if case .frameWritten(let written, let total) = event { print("frame \(written)/\(total)") }
        }
        // folder/frame-00000.png … frame-00012.png, and folder/manifest.json listing all 13
        // end example
        return summary
    }

    @Test func theArchitectureExampleRendersFramesAndAManifest() throws {
        try withFolder { folder in
            let summary = try renderToFolderExample(folder: folder)
            #expect(summary.written == 13 && summary.kept == 0 && !summary.interrupted)
            #expect(try frameFiles(folder) == (0...12).map { OutputDirectory.frameName($0) })
            let manifest = try #require(try FrameManifest.read(path: folder + "/manifest.json"))
            #expect(manifest.effect == "shatter" && manifest.shatterVersion == ShatterVersion.current)
            #expect(manifest.frames.map(\.index) == Array(0...12))
            #expect(manifest.parameters["pointSize"] == "4.0" && manifest.parameters["width"] == "120")
            #expect(manifest.inputs?.keys.sorted() == ["from", "to"])
            // Frame 0 is the snapshot whole.
            let first = try PNGDecoder.read(path: folder + "/frame-00000.png")
            #expect(first == DefaultScenes.presentedScreen(widthPoints: 120, heightPoints: 200, scale: 1))
        }
    }

    @Test func theArchitectureDocShowsTheExampleThisTestRuns() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func block(_ text: String, from start: String, to end: String) -> [String] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let a = lines.firstIndex(where: { $0.hasSuffix(start) }),
                let b = lines[a...].firstIndex(where: { $0.hasSuffix(end) })
            else { return [] }
            return Array(lines[(a + 1)..<b])
        }
        let tested = block(source, from: "example: render-to-folder", to: "end example")
        let shown = block(doc, from: "<!-- example: render-to-folder -->", to: "<!-- end example -->")
            .filter { !$0.hasPrefix("```") && !$0.hasPrefix("import ") && !$0.isEmpty }
        #expect(!tested.isEmpty)
        #expect(shown == tested.filter { !$0.isEmpty }, "docs/ARCHITECTURE.md's example differs from the one this test runs")
    }

    @Test func cancellingStopsAfterTheFramesInFlightAndTheManifestListsThem() throws {
        try withFolder { folder in
            let effect = try UberSplash(parameters: .init(width: 40, height: 60, duration: 6))
            var options = RenderSession<UberSplash>.Options()
            options.fps = 20
            options.framesInFlight = 1
            let token = CancellationToken()
            let session = try RenderSession(
                effect: effect, renderer: try Backend.cpu.makeRenderer(), folder: folder,
                options: options)
            let summary = try session.run(cancellation: token) { event in
                if case .frameWritten(let written, _) = event, written == 3 { token.cancel() }
            }
            #expect(summary.interrupted)
            #expect(summary.written < 121 && summary.written >= 3)
            let manifest = try #require(try FrameManifest.read(path: folder + "/manifest.json"))
            #expect(manifest.frames.count == summary.written)
            #expect(try frameFiles(folder).count == summary.written)

            // Resuming renders only the rest and ends with every frame.
            options.existingFrames = .resume
            let rest = try RenderSession(
                effect: effect, renderer: try Backend.cpu.makeRenderer(), folder: folder,
                options: options
            ).run()
            #expect(rest.kept == summary.written && rest.written == 121 - summary.written)
            #expect(try frameFiles(folder).count == 121)
        }
    }

    @Test func resumingWithAnotherInputIsAnotherRender() throws {
        try withFolder { folder in
            func dust(_ fill: RGBA8) throws -> DustEffect {
                try DustEffect(
                    snapshot: Texture(image: Image(width: 20, height: 20, fill: fill)),
                    parameters: .init(width: 20, height: 20, layers: 4))
            }
            var options = RenderSession<DustEffect>.Options()
            options.fps = 5
            options.range = 0...2
            _ = try RenderSession(
                effect: dust(.opaqueWhite), renderer: try Backend.cpu.makeRenderer(), folder: folder,
                options: options
            ).run()
            options.existingFrames = .resume
            #expect(throws: ManifestError.differentRender(folder: folder, difference: "input from has other pixels")) {
                _ = try RenderSession(
                    effect: dust(.opaqueBlack), renderer: try Backend.cpu.makeRenderer(), folder: folder,
                    options: options
                ).run()
            }
        }
    }

    @Test func aReversedEffectPlaysTheForwardFramesBackwards() throws {
        try withFolder { folder in
            let snapshot = Texture(image: DefaultScenes.presentedScreen(widthPoints: 30, heightPoints: 40, scale: 1))
            let backwards = try DustEffect(snapshot: snapshot, parameters: .init(width: 30, height: 40, layers: 8, reverse: true))
            var options = RenderSession<DustEffect>.Options()
            options.fps = 4
            let session = try RenderSession(
                effect: backwards, renderer: try Backend.cpu.makeRenderer(), folder: folder,
                options: options)
            _ = try session.run()
            let last = session.selection.timeline.count - 1
            let forward = try DustEffect(snapshot: snapshot, parameters: .init(width: 30, height: 40, layers: 8))
            for k in [0, 3, last] {
                let expected = try SoftwareRenderer().render(forward.displayList(at: Double(last - k) / 4))
                #expect(try PNGDecoder.read(path: folder + "/" + OutputDirectory.frameName(k)) == expected, "frame \(k)")
            }
        }
    }
}

@Suite struct FrameSelectionTests {
    @Test func aRangeThinnedToAShard() throws {
        let timeline = FrameTimeline(duration: 1.2, fps: 60)
        let selection = try FrameSelection(timeline: timeline, range: 10...19, shard: try FrameShard(index: 1, count: 2))
        #expect(selection.indices == [11, 13, 15, 17, 19])
        #expect(selection.count == 5)
        #expect(
            try FrameSelection(timeline: timeline, shard: try FrameShard(index: 2, count: 3)).indices
                == Array(stride(from: 2, through: 72, by: 3)))
        #expect(try FrameSelection(timeline: timeline, range: 3...3, shard: try FrameShard(index: 0, count: 2)).indices == [])
    }

    @Test func tooManyFramesAreRefusedBeforeAnyListExists() throws {
        // A day at 10,000 fps: 864,000,001 frames; asking for nearly all of them must not allocate.
        let day = FrameTimeline(duration: 86_400, fps: 10_000)
        #expect(throws: FrameSelectionError.tooManyFrames(count: 864_000_000, limit: 1_000_000, wholeTimeline: 864_000_001)) {
            _ = try FrameSelection(timeline: day, range: 0...863_999_999)
        }
        // A few frames of it are fine, and so is a shard that brings the count under the limit.
        #expect(try FrameSelection(timeline: day, range: 5...9).indices == [5, 6, 7, 8, 9])
        #expect(
            try FrameSelection(timeline: day, range: 0...1_999_999, shard: try FrameShard(index: 1, count: 2)).count
                == 1_000_000)
        #expect(throws: FrameSelectionError.outsideTimeline(first: 70, last: 73, count: 73)) {
            _ = try FrameSelection(timeline: FrameTimeline(duration: 1.2, fps: 60), range: 70...73)
        }
    }
}

@Suite struct FlatParametersTests {
    @Test func nestedValuesGetDottedNamesAndAbsentOptionalsAreLeftOut() throws {
        let dust = try FlatParameters.encode(DustEffect.Parameters(spread: Size(width: 60, height: 30), seed: 7))
        #expect(dust["spread.width"] == "60.0" && dust["spread.height"] == "30.0")
        #expect(dust["seed"] == "7" && dust["path"] == "bezier" && dust["reverse"] == "false")
        let sprite = try FlatParameters.encode(SpriteSheetPlayer.Parameters(frameWidth: 80, frameHeight: 80))
        #expect(sprite["frames"] == nil && sprite["frameWidth"] == "80")
        #expect(try FlatParameters.encode(ShatteredTransition.Parameters(seed: UInt64.max))["seed"] == "18446744073709551615")
    }
}
