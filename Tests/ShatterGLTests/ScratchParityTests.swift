import Testing
import ShatterCore
import ShatterEffects
import ShatterGL
import ShatterSoftware

@Test func scratchParity() throws {
    let gl = try GLRenderer()
    print(gl.info)
    for (w, h, p, t) in [(333, 517, 2.0, 0.0), (333, 517, 2.0, 0.5), (333, 517, 1.0, 0.7), (333, 517, 4.0, 0.3), (333, 517, 16.0, 0.9)] {
        let from = Texture(image: DefaultScenes.presentedScreen(widthPoints: w, heightPoints: h, scale: 1))
        let to = Texture(image: DefaultScenes.destination(widthPoints: w, heightPoints: h, scale: 1))
        let effect = ShatteredTransition(from: from, to: to, parameters: .init(width: w, height: h, pointSize: p))
        let list = effect.displayList(at: t)
        let a = try SoftwareRenderer().render(list)
        let b = try gl.render(list)
        let d = try ImageDifference(expected: a, actual: b)
        print("p=\(p) t=\(t): \(d)")
        if t == 0 { #expect(a == from.image) }
    }
}
