import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

@Suite struct DustFrameTests {
    @Test(arguments: [(120, 90, 1.0, 32), (70, 50, 2.0, 8), (64, 40, 1.5, 255)])
    func atTheStartTheLayersRebuildTheSnapshot(width: Int, height: Int, scale: Double, layers: Int) throws {
        let effect = try DustFixture.effect(width: width, height: height, scale: scale, layers: layers)
        let frame = try SoftwareRenderer().render(effect.displayList(at: 0))
        #expect(frame == effect.snapshot.image)  // the default screen is opaque everywhere
    }

    @Test func semiTransparentPixelsInTwoLayersDrawTwiceAsInTheOriginal() throws {
        let half = RGBA8(r: 64, g: 32, b: 0, a: 128)
        let snapshot = Texture(image: Image(width: 40, height: 20, fill: half))
        let effect = try DustEffect(snapshot: snapshot, parameters: .init(width: 40, height: 20, layers: 16, seed: 3))
        let frame = try SoftwareRenderer().render(effect.displayList(at: 0))
        var once = 0
        var twice = 0
        for y in 0..<20 {
            for x in 0..<40 {
                let (first, second) = effect.split.layers(ofPixelAt: x, y)
                if first == second {
                    #expect(frame[x, y] == half)
                    once += 1
                } else {
                    // a + a·(1 − a) with a = 128/255: 192.
                    #expect(frame[x, y] == RGBA8(r: 96, g: 48, b: 0, a: 192))
                    twice += 1
                }
            }
        }
        #expect(once > 0 && twice > 0)
    }

    @Test func eachLayerAloneShowsExactlyThePixelsAssignedToIt() throws {
        let effect = try DustFixture.effect(width: 48, height: 20, layers: 8, seed: 9)
        guard case .dustLayers(let stack) = try #require(effect.displayList(at: 0).commands.first) else {
            Issue.record("no dust layers")
            return
        }
        var shownIn = [[Int]](repeating: [], count: 48 * 20)
        for pose in stack.layers {
            var alone = stack
            alone.layers = [pose]
            let frame = try SoftwareRenderer().render(DisplayList(width: 48, height: 20, commands: [.dustLayers(alone)]))
            for y in 0..<20 { for x in 0..<48 where frame[x, y].a > 0 { shownIn[y * 48 + x].append(pose.layer) } }
        }
        for y in 0..<20 {
            for x in 0..<48 {
                let (first, second) = effect.split.layers(ofPixelAt: x, y)
                #expect(shownIn[y * 48 + x] == Array(Set([first, second])).sorted())
            }
        }
    }

    @Test func afterTheLastLayerHasFadedTheFrameIsEmpty() throws {
        let effect = try DustFixture.effect(width: 90, height: 60)
        for time in [2.3078, effect.duration, 3] {
            let frame = try SoftwareRenderer().render(effect.displayList(at: time))
            #expect(frame == Image(width: 90, height: 60), "t = \(time)")
        }
    }

    @Test func theLeftSideGoesFirst() throws {
        let effect = try DustFixture.effect(width: 120, height: 90)
        let frame = try SoftwareRenderer().render(effect.displayList(at: 1.2))
        func opaque(_ columns: Range<Int>) -> Int {
            var n = 0
            for y in 0..<90 { for x in columns where frame[x, y].a == 255 { n += 1 } }
            return n
        }
        #expect(opaque(0..<30) < opaque(90..<120) / 2)
    }

    @Test func theSpritePlayerShowsFrameTimeTimes48Over2() throws {
        // A sheet of 48 flat frames, frame k colored (k, 255 − k, 7).
        var sheet = Image(width: 48 * 4, height: 4)
        for x in 0..<sheet.width { for y in 0..<4 { sheet[x, y] = RGBA8(r: UInt8(x / 4), g: UInt8(255 - x / 4), b: 7, a: 255) } }
        let player = try SpriteSheetPlayer(sheet: sheet, frameWidth: 4, frameHeight: 4, scale: 3)
        for time in [0.0, 0.05, 0.7, 1.5, 1.999] {
            let frame = try SoftwareRenderer().render(player.displayList(at: time))
            let k = UInt8((time * 48 / 2).rounded(.down))
            #expect(frame.width == 12 && frame.height == 12)
            #expect(frame[6, 6] == RGBA8(r: k, g: 255 - k, b: 7, a: 255), "t = \(time)")
        }
    }

    @Test func sameInputsGiveIdenticalBytesWhateverTheThreadCount() throws {
        let list = try DustFixture.effect(width: 100, height: 80, seed: 5).displayList(at: 0.9)
        #expect(try SoftwareRenderer(threads: 1).render(list) == SoftwareRenderer(threads: 4).render(list))
    }
}
