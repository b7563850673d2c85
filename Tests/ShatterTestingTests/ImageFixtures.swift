import Foundation
import Shatter

/// A small splash frame and changed copies of it, for the ShatterTesting tests.
enum ImageFixtures {
    static let frame: Image = {
        // Fixed, valid parameters and a CPU render: nothing here can fail but a bug.
        try! SoftwareRenderer().render(UberSplash(parameters: .init(width: 40, height: 60)).displayList(at: 1.3))
    }()

    /// `frame` with the red of the pixel at (x, y) moved by `delta` (up, or down where it would clip).
    static func changed(_ image: Image = frame, x: Int = 20, y: Int = 30, by delta: Int) -> Image {
        var copy = image
        let p = copy[x, y]
        copy[x, y] = RGBA8(r: UInt8(Int(p.r) + delta <= Int(p.a) ? Int(p.r) + delta : Int(p.r) - delta), g: p.g, b: p.b, a: p.a)
        return copy
    }

    /// `frame` with every pixel's green raised by 1 where it can be (premultiplied: up to alpha), as a
    /// GPU's rounding might: within the parity rule.
    static var roundedDifferently: Image {
        var copy = frame
        for i in stride(from: 1, to: copy.pixels.count, by: 4) where copy.pixels[i] < copy.pixels[i + 2] {
            copy.pixels[i] += 1
        }
        return copy
    }

    /// A fresh folder under the temporary folder, removed by `remove()`.
    struct Folder {
        let path = NSTemporaryDirectory() + "shatter-testing-" + UUID().uuidString
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        func file(_ name: String) -> String { path + "/" + name }
        func contents() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }
}
