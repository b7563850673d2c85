import Foundation
import ShatterGL

/// A self-contained HTML page that replays a `GLRecording` in WebGL2 with `player.js`: the GL
/// backend's own calls, on the browser's GL (Chrome's ANGLE, a laptop's GPU). Nothing is fetched: the
/// recording and the player are inline.
public enum WebGLPage {
    /// The check page: every frame drawn and read back (`readPixels`), each written into the page as
    /// `<pre id="frame-N">` (base64 RGBA8, premultiplied, top row first), every capture of vertex
    /// outputs run with transform feedback as `<pre id="capture-N">` (per draw, its 32-bit words
    /// little-endian in base64, the draws separated by spaces), the GL's name in
    /// `<p id="renderer">`, its raster facts (`GLRasterFacts` as JSON) in `<pre id="facts">`, and
    /// `<p id="status">` saying `done` or the error. Headless Chromium's
    /// `--dump-dom` gives them to a test, which holds them to the CPU renderer.
    public static func check(_ recording: GLRecording) throws -> String {
        try page(
            title: "Shatter: WebGL2 readback", recording: recording,
            body: #"<p id="renderer"></p><p id="status">running</p><pre id="facts"></pre><div id="frames"></div>"#,
            script: """
                const status = document.getElementById("status");
                try {
                    const gl = document.createElement("canvas").getContext("webgl2", { antialias: false });
                    if (!gl) throw new Error("this browser gives no WebGL2 context");
                    const info = gl.getExtension("WEBGL_debug_renderer_info");
                    document.getElementById("renderer").textContent =
                        gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
                    const player = ShatterPlayer(gl, recording);
                    const frames = document.getElementById("frames");
                    const base64 = (bytes) => {
                        let text = "";
                        for (let k = 0; k < bytes.length; k += 0x8000) {
                            text += String.fromCharCode.apply(null, bytes.subarray(k, k + 0x8000));
                        }
                        return btoa(text);
                    };
                    const add = (id, text) => {
                        const pre = document.createElement("pre");
                        pre.id = id;
                        pre.textContent = text;
                        frames.appendChild(pre);
                    };
                    for (let i = 0; i < player.frames; i++) add("frame-" + i, base64(player.read(i)));
                    for (let i = 0; i < player.captures; i++) {
                        const draws = player.capture(i).map((words) => base64(new Uint8Array(words.buffer)));
                        add("capture-" + i, draws.join(" "));
                    }
                    // What the context says about the rules the CPU renderer copies (GLRasterFacts.query's
                    // questions), asked with the frames' RGBA8 framebuffer bound.
                    const highp = gl.getShaderPrecisionFormat(gl.FRAGMENT_SHADER, gl.HIGH_FLOAT);
                    const names = { 0x1908: "RGBA", 0x1907: "RGB", 0x80E1: "BGRA", 0x8D99: "RGBA_INTEGER",
                        0x1401: "UNSIGNED_BYTE", 0x8033: "UNSIGNED_SHORT_4_4_4_4", 0x8368: "UNSIGNED_INT_2_10_10_10_REV",
                        0x1406: "FLOAT" };
                    const name = (value) => names[value] || "0x" + value.toString(16);
                    document.getElementById("facts").textContent = JSON.stringify({
                        subpixelBits: gl.getParameter(gl.SUBPIXEL_BITS),
                        fragmentHighpRange: [highp.rangeMin, highp.rangeMax],
                        fragmentHighpPrecision: highp.precision,
                        readFormat: name(gl.getParameter(gl.IMPLEMENTATION_COLOR_READ_FORMAT)) + "/" +
                            name(gl.getParameter(gl.IMPLEMENTATION_COLOR_READ_TYPE)),
                    });
                    status.textContent = "done";
                } catch (error) {
                    status.textContent = "error: " + error.message;
                }
                """)
    }

    /// The page around `body` and `script`: the recording (and `data`, when given) as JSON, the player and
    /// the parity rule's twin, then the script, which finds them in `recording` (and `data`).
    static func page(
        title: String, recording: GLRecording, data: (any Encodable)? = nil, body: String, script: String,
        style: String = ""
    ) throws -> String {
        let json = try scriptJSON(recording)
        let dataScript = try data.map { #"<script type="application/json" id="data">"# + (try scriptJSON($0)) + "</script>" }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(title)</title>
            <style>\(style)</style>
            </head>
            <body>
            \(body)
            <script type="application/json" id="recording">\(json)</script>
            \(dataScript ?? "")
            <script>
            \(player)
            \(parity)
            const recording = JSON.parse(document.getElementById("recording").textContent);
            const data = \(dataScript == nil ? "null" : #"JSON.parse(document.getElementById("data").textContent)"#);
            \(script)
            </script>
            </body>
            </html>

            """
    }

    /// `value` as JSON that can stand inside a script element: "</" would end it, "<\/" is the same string.
    static func scriptJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self).replacingOccurrences(of: "</", with: #"<\/"#)
    }

    /// player.js and parity.js, embedded at build time.
    static let player = String(decoding: PackageResources.player_js, as: UTF8.self)
    static let parity = String(decoding: PackageResources.parity_js, as: UTF8.self)
}
