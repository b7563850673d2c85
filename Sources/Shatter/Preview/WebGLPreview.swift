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

    /// `effect`'s frames at `times`, drawn by `gl` while it records. Throws
    /// ``WebGLPreviewError/tooLarge(bytes:limit:frames:of:)`` as soon as the frames so far pass
    /// ``maximumBytes``, before more are drawn.
    public func record(
        _ effect: some Effect, times: [Double], gl: GLRenderer, progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> GLRecording {
        gl.beginRecording()
        defer { _ = gl.endRecording() }
        for (done, time) in times.enumerated() {
            _ = try gl.render(effect.displayList(at: time))
            guard gl.recordedBytes <= Self.maximumBytes else {
                throw WebGLPreviewError.tooLarge(
                    bytes: gl.recordedBytes, limit: Self.maximumBytes, frames: done + 1, of: times.count)
            }
            progress(done + 1, times.count)
        }
        return gl.endRecording()
    }

    /// The page: the canvas first (at the frames' own size, one canvas pixel per image pixel), a play
    /// button, the scrubber and the frame's time, then the settings and the command. `#frame=N` in the
    /// address opens it paused at frame N.
    public func page(_ recording: GLRecording) throws -> String {
        let width = recording.frames.first?.width ?? 0
        let height = recording.frames.first?.height ?? 0
        return try WebGLPage.page(
            title: Self.escaped(title), recording: recording,
            body: """
                <canvas id="view" width="\(width)" height="\(height)"></canvas>
                <div class="controls"><button id="play">Pause</button>
                <input id="scrub" type="range" min="0" max="\(max(recording.frames.count - 1, 0))" value="0" step="1">
                <span id="time"></span></div>
                <h1>\(Self.escaped(title))</h1>
                <p id="renderer"></p>
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
                try {
                    if (!gl) throw new Error("this browser gives no WebGL2 context");
                    const info = gl.getExtension("WEBGL_debug_renderer_info");
                    document.getElementById("renderer").textContent =
                        "Drawn by " + gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
                    player = ShatterPlayer(gl, recording);
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
                #scrub { width: min(80vw, 600px); vertical-align: middle; }
                pre { background: #f3f3f3; padding: 8px; white-space: pre-wrap; }
                """)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
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
}
