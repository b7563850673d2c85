import Foundation
import ShatterDigest
import ShatterTestSupport
import Testing

@testable import Shatter

/// `manifest.json` read as it streams gives what decoding it whole gave: names with escapes and
/// non-ASCII letters, any key order and spacing, unknown keys ignored; and what is not a manifest is
/// refused as before.
@Suite struct ManifestStreamTests {
    func manifest(names: [String]) -> FrameManifest {
        var manifest = FrameManifest(
            effect: "shatter", parameters: ["seed": "1", "note": "a \"quoted\" \\ value é"], seed: 1, backend: "cpu",
            renderer: "test", fps: 60, frameCount: 73, range: .init(first: 0, last: 72), shard: nil)
        manifest.frames = names.enumerated().map { index, name in
            FrameManifest.Entry(
                index: index, file: name, pixels: Digest(.xxh3_128, hex: String(repeating: "a", count: 32)),
                png: Digest(.xxh3_128, hex: String(repeating: "b", count: 32)))
        }
        return manifest
    }

    @Test func escapedAndNonASCIINamesReadAsWritten() throws {
        let s = try TemporaryFolder()
        let expected = manifest(names: ["frame-00000.png", "fr\u{e9}me-1.png", "a\"b\\c.png", "tab\there.png", "\u{1F600}.png"])
        try expected.write(to: s.file("manifest.json"))
        #expect(try FrameManifest.read(path: s.file("manifest.json")) == expected)
        // Compact, keys in another order, an unknown key in an entry and at the top: the same manifest.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(try expected.encoded())) as? [String: Any])
        var frames = try #require(object["frames"] as? [[String: Any]])
        frames[0]["extra"] = ["nested": [1, 2, 3]]
        object["frames"] = frames
        object["zzz"] = [["deep": true]]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: s.file("other.json")))
        #expect(try FrameManifest.read(path: s.file("other.json")) == expected)
    }

    @Test(arguments: [
        ("", "not valid JSON"), ("[1]", "not JSON: it does not start with {"),
        ("{\"frames\": [ {\"index\": 1, \"file\": \"a.p", "not valid JSON"),
        ("{\"frames\": [ {\"index\": 1}]}", "no \"file\" in frames.0"),
        ("{} trailing", "not valid JSON"), ("{\"frames\": [{\"index\": \"x\", \"file\": \"a.png\"}]}", "bad \"frames.0\""),
    ])
    func whatIsNotAManifestIsRefused(text: String, detail: String) throws {
        let s = try TemporaryFolder()
        try Data(text.utf8).write(to: URL(fileURLWithPath: s.file("m.json")))
        #expect(throws: ManifestError.notAManifest(path: s.file("m.json"), detail: detail)) {
            try FrameManifest.read(path: s.file("m.json"))
        }
    }
}
