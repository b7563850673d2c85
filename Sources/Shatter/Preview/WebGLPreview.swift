import Foundation
import ShatterCore
import ShatterEffects
import ShatterGL

/// `shatter preview`: an effect's frames recorded from the GL backend and written as one self-contained
/// page that plays them in WebGL2 at the display's rate, with a scrubber, the settings the frames were
/// made with and the `shatter` command that renders them. The page draws with the viewer's own GL, so
/// a laptop's GPU draws Shatter's programs.
///
/// ```swift
/// let gl = try GLRenderer()
/// let preview = WebGLPreview(title: "shatter", command: "shatter render shatter", settings: "{}", fps: 30)
/// let recording = try preview.record(effect, times: [0, 1.0 / 30, 2.0 / 30], gl: gl)
/// let html = try preview.page(recording)
/// ```
public struct WebGLPreview: Sendable {
    /// The most bytes of frame data (textures, vertex data) a page carries: a few tens of MB open in
    /// any browser. Base64 adds a third.
    public static let maximumBytes = 48 << 20

    public var title: String
    /// The command that renders these frames to PNG, shown for copying.
    public var command: String
    /// The effect's parameters, shown as they are (JSON).
    public var settings: String
    /// The frames' rate: frame i is shown at i / fps seconds.
    public var fps: Double

    public init(title: String, command: String, settings: String, fps: Double) {
        self.title = title
        self.command = command
        self.settings = settings
        self.fps = fps
    }

    /// What a page plays and checks: the GL backend's recording, and the CPU renderer's frames it is
    /// held to.
    public struct Frames: Sendable {
        public var recording: GLRecording
        public var references: [Reference]
    }

    /// One frame as the CPU renderer draws it, with the blended fragments each pixel received.
    public struct Reference: Sendable {
        public var index: Int
        public var image: Image
        public var blends: BlendCounts?
        public init(index: Int, image: Image, blends: BlendCounts?) {
            self.index = index
            self.image = image
            self.blends = blends
        }
    }

    /// `effect`'s frames at `times`, drawn by `gl` while it records, and `checked` of them (evenly spaced,
    /// the first and last among them; all when `checked` ≥ the frame count) drawn by the CPU renderer for
    /// the page's parity check. Throws ``WebGLPreviewError/tooLarge(bytes:limit:frames:of:)`` as soon as
    /// the frames so far pass ``maximumBytes``, before more are drawn.
    public func record(
        _ effect: some Effect, times: [Double], gl: GLRenderer, checked: Int = 5,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> Frames {
        var recorder = Recorder(gl: gl, frames: times.count, checked: checked)
        defer { recorder.cancel() }
        for (index, time) in times.enumerated() {
            let list = try effect.displayList(at: time)
            _ = try gl.render(list)
            try recorder.drew { try SoftwareRenderer().renderCountingBlends(list) }
            progress(index + 1, times.count)
        }
        return recorder.finish()
    }

    /// `count` indices of `0..<total`, evenly spaced, the first and the last among them.
    static func evenlySpaced(_ count: Int, of total: Int) -> Set<Int> {
        guard count > 1, total > 1 else { return count > 0 && total > 0 ? [0] : [] }
        if count >= total { return Set(0..<total) }
        return Set((0..<count).map { Int((Double($0) * Double(total - 1) / Double(count - 1)).rounded()) })
    }

    /// The page: the canvas first (at the frames' own size, one canvas pixel per image pixel), a play
    /// button, the scrubber and the frame's time, then the settings and the command. `#frame=N` in the
    /// address opens it paused at frame N.
    public func page(_ frames: Frames) throws -> String {
        let recording = frames.recording
        let width = recording.frames.first?.width ?? 0
        let height = recording.frames.first?.height ?? 0
        return try WebGLPage.page(
            title: Self.escaped(title), recording: recording, data: ParityCheck(frames.references),
            body: """
                <canvas id="view" width="\(width)" height="\(height)"></canvas>
                <div class="controls"><button id="play">Pause</button>
                <input id="scrub" type="range" min="0" max="\(max(recording.frames.count - 1, 0))" value="0" step="1">
                <span id="time"></span></div>
                <h1>\(Self.escaped(title))</h1>
                <p id="renderer"></p>
                <p id="parity">Checking this GL against Shatter's CPU renderer…</p>
                <pre id="parity-figures" hidden></pre>
                <h2>Render it</h2><pre id="command">\(Self.escaped(command))</pre>
                <h2>Settings</h2><pre id="settings">\(Self.escaped(settings))</pre>
                <p>\(recording.frames.count) frames at \(DecimalText.rounded(fps, to: 3)) fps, drawn here by your browser's WebGL2 \
                from the calls Shatter's GL backend made (Shaders/ verbatim).</p>
                """,
            script: """
                const fps = \(fps);
                const canvas = document.getElementById("view");
                const scrub = document.getElementById("scrub");
                const time = document.getElementById("time");
                const play = document.getElementById("play");
                const gl = canvas.getContext("webgl2", { antialias: false, preserveDrawingBuffer: true });
                let player = null, shown = -1, playing = true, start = performance.now();
                function show(index) {
                    if (index === shown) return;
                    player.show(index);
                    shown = index;
                    scrub.value = index;
                    time.textContent = "frame " + index + " of " + player.frames + ", t = " + (index / fps).toFixed(3) + " s";
                }
                function tick(now) {
                    if (playing) show(Math.floor((now - start) * fps / 1000) % player.frames);
                    requestAnimationFrame(tick);
                }
                // The parity check: the checked frames read back and judged by the rule's twin (parity.js).
                function check(gl) {
                    const judge = ShatterParity(data.rule).judge;
                    const results = data.frames.map((reference) => {
                        const actual = player.read(reference.index);
                        const frame = recording.frames[reference.index];
                        const blends = reference.blends == null ? null : player.bytes(reference.blends);
                        const verdict = judge(player.bytes(reference.image), actual, frame.width, frame.height, blends);
                        verdict.index = reference.index;
                        return verdict;
                    });
                    const failed = results.filter((r) => !r.passed);
                    const largest = Math.max(0, ...results.map((r) => r.largest));
                    const line = document.getElementById("parity");
                    line.className = failed.length === 0 ? "agrees" : "differs";
                    line.textContent = failed.length === 0
                        ? "This GL agrees with Shatter's CPU renderer on the " + results.length + " checked frames (" +
                            results.map((r) => r.index).join(", ") + ") under the parity rule; largest channel difference " +
                            (data.perFragment ? "per blended fragment " : "") + largest + "."
                        : "This GL DIFFERS from Shatter's CPU renderer on " + failed.length + " of " + results.length +
                            " checked frames: " + failed.map((r) => "frame " + r.index + ": " + r.reasons.join("; ")).join(" | ");
                    document.getElementById("parity-figures").textContent = JSON.stringify(results);
                }
                try {
                    if (!gl) throw new Error("this browser gives no WebGL2 context");
                    const info = gl.getExtension("WEBGL_debug_renderer_info");
                    document.getElementById("renderer").textContent =
                        "Drawn by " + gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
                    player = ShatterPlayer(gl, recording);
                    check(gl);
                    const asked = /frame=(\\d+)/.exec(location.hash);
                    if (asked) {
                        playing = false;
                        play.textContent = "Play";
                        show(Math.min(Number(asked[1]), player.frames - 1));
                    }
                    play.onclick = () => {
                        playing = !playing;
                        play.textContent = playing ? "Pause" : "Play";
                        start = performance.now() - shown * 1000 / fps;
                    };
                    scrub.oninput = () => {
                        playing = false;
                        play.textContent = "Play";
                        show(Number(scrub.value));
                    };
                    requestAnimationFrame(tick);
                } catch (error) {
                    document.getElementById("renderer").textContent = "Cannot play here: " + error.message;
                }
                """,
            style: """
                body { margin: 0; font: 14px system-ui, sans-serif; }
                canvas { display: block; }
                .controls, h1, h2, p, pre { margin: 8px 12px; }
                #parity.agrees { color: #1a7f37; } #parity.differs { color: #b42318; font-weight: bold; }
                #scrub { width: min(80vw, 600px); vertical-align: middle; }
                pre { background: #f3f3f3; padding: 8px; white-space: pre-wrap; }
                """)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// The page's parity data: the rule (FuzzyRule.parity, the rule `shatter compare` applies) and the CPU
/// renderer's checked frames, base64.
struct ParityCheck: Encodable {
    struct Rule: Encodable {
        let channelDelta: Int
        let precision: Double?
        let maxDifferentPixels: Int?
        let pixelDeltaThreshold: Int
        let ignoredBorder: Int
    }
    struct Frame: Encodable {
        let index: Int
        let image: Data
        let blends: Data?
    }
    let rule: Rule
    let frames: [Frame]
    let perFragment: Bool

    init(_ references: [WebGLPreview.Reference], rule: FuzzyRule = .parity) {
        var precision: Double?
        var maxDifferentPixels: Int?
        switch rule.budget {
        case .precision(let share): precision = share
        case .maxDifferentPixels(let limit): maxDifferentPixels = limit
        }
        self.rule = Rule(
            channelDelta: rule.channelDelta, precision: precision, maxDifferentPixels: maxDifferentPixels,
            pixelDeltaThreshold: rule.pixelDeltaThreshold, ignoredBorder: rule.ignoredBorder)
        frames = references.map {
            Frame(index: $0.index, image: Data($0.image.pixels), blends: $0.blends.map { Data($0.counts) })
        }
        perFragment = references.contains { $0.blends != nil }
    }
}

/// Why a preview page cannot be written.
public enum WebGLPreviewError: Error, Equatable, CustomStringConvertible {
    /// The first `frames` of `of` frames already hold `bytes` of data, more than `limit`.
    case tooLarge(bytes: Int, limit: Int, frames: Int, of: Int)

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit, let frames, let total):
            "the first \(frames) of \(total) frames hold \(bytes >> 20) MB of data, more than a page's \(limit >> 20) MB"
        }
    }

    /// The options that make a smaller page, for the line that says this.
    public static let advice = "lower --fps, choose --frames A-B, a smaller --size or a larger --point-size"
}
