import ShatterAnimation
import ShatterCore
import ShatterEffects
import Testing

/// Every effect's parameters driven to the ends of their ranges and past them: the ends build, and
/// each value past them is refused by the initialiser with a ParameterError naming the parameter,
/// never a trap later on.
@Suite struct ParameterRangeTests {
    static let blank = Texture(image: Image(width: 4, height: 4, fill: .opaqueWhite))
    static let sheet = Image(width: 8, height: 2, fill: .opaqueWhite)

    /// The parameter `body` was refused for, or nil when it built.
    static func refused(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ParameterError {
            return error.parameter
        } catch {
            return "another error: \(error)"
        }
    }

    static func shatter(_ p: ShatteredTransition.Parameters) -> String? {
        refused { _ = try ShatteredTransition(from: blank, to: blank, parameters: p) }
    }
    static func dust(_ p: DustEffect.Parameters) -> String? { refused { _ = try DustEffect(snapshot: blank, parameters: p) } }
    static func breathe(_ p: Breathe.Parameters) -> String? { refused { _ = try Breathe(parameters: p) } }
    static func splash(_ p: UberSplash.Parameters) -> String? { refused { _ = try UberSplash(parameters: p) } }
    static func sprite(_ p: SpriteSheetPlayer.Parameters) -> String? {
        refused { _ = try SpriteSheetPlayer(sheet: sheet, parameters: p) }
    }

    @Test func theScreenOfEveryScreenSizedEffect() {
        typealias Build = (Int, Int, Double) -> String?
        let effects: [(String, Build)] = [
            ("shatter", { w, h, s in Self.shatter(.init(width: w, height: h, scale: s, pointSize: 1 / s)) }),
            ("dust", { w, h, s in Self.dust(.init(width: w, height: h, scale: s, layers: 1)) }),
            ("breathe", { w, h, s in Self.breathe(.init(width: w, height: h, scale: s)) }),
            ("splash", { w, h, s in Self.splash(.init(width: w, height: h, scale: s)) }),
        ]
        for (name, build) in effects {
            // The ends: one pixel, 16384 pixels a side (by points or by scale).
            #expect(build(1, 1, 1) == nil, "\(name)")
            #expect(build(16384, 1, 1) == nil && build(1, 16384, 1) == nil, "\(name)")
            #expect(build(1, 1, 4) == nil && build(2000, 2000, 0.001) == nil, "\(name)")
            // Past them.
            for (w, h, s, parameter) in [
                (0, 1, 1.0, "width"), (-3, 1, 1, "width"), (16385, 1, 1, "width"), (Int.max, 1, 1, "width"),
                (1, 0, 1.0, "height"), (1, Int.min, 1, "height"), (1, 16385, 1, "height"),
                (1, 1, 0.0, "scale"), (1, 1, -1, "scale"), (1, 1, .nan, "scale"), (1, 1, .infinity, "scale"),
                (1, 1, 1001, "scale"), (1, 1, 0.0009, "scale"),
                (10000, 1, 2.0, "width × scale (pixels)"), (1, 10000, 2, "height × scale (pixels)"),
                (1, 1, 0.001, "width × scale (pixels)"),
            ] {
                #expect(build(w, h, s) == parameter, "\(name) \(w)x\(h) @\(s)")
            }
        }
    }

    @Test func theShatteredTransitionsSpritesAndDuration() {
        #expect(Self.shatter(.init(width: 16, height: 16, pointSize: 1)) == nil)
        #expect(Self.shatter(.init(width: 16, height: 16, pointSize: 16384)) == nil)
        #expect(Self.shatter(.init(width: 16, height: 16, scale: 2, pointSize: 0.5)) == nil)  // one pixel at scale 2
        #expect(Self.shatter(.init(width: 16, height: 16, scale: 2, pointSize: 0.25)) == "pointSize × scale (pixels)")
        // Below a pixel (a piece would own none), or not a whole number of eighths (pieces are placed in
        // 1/8 px): refused when the transition is made, not at its first frame.
        for size in [-2, -0.001, .nan, .infinity, 16385, 0, 1e-6, 0.1, 0.875, 1.3, 10.2] {
            #expect(Self.shatter(.init(width: 16, height: 16, pointSize: size)) == "pointSize × scale (pixels)", "\(size)")
        }
        // A grid too large to hold.
        #expect(Self.shatter(.init(width: 16384, height: 16384, pointSize: 1)) == "points in the grid")
        #expect(Self.shatter(.init(width: 16, height: 16, duration: 0)) == nil)
        #expect(Self.shatter(.init(width: 16, height: 16, duration: 86_400)) == nil)
        for duration in [-1, .nan, .infinity, 86_401] {
            #expect(Self.shatter(.init(width: 16, height: 16, duration: duration)) == "duration", "\(duration)")
        }
    }

    @Test func theDustsLayersAndSpread() {
        #expect(Self.dust(.init(width: 8, height: 8, layers: 1)) == nil)
        #expect(Self.dust(.init(width: 8, height: 8, layers: 255)) == nil)
        for layers in [0, -1, 256, 300, Int.max] {
            #expect(Self.dust(.init(width: 8, height: 8, layers: layers)) == "layers", "\(layers)")
        }
        // The error says which effect, which parameter, the value and what it may be.
        #expect {
            try DustLayerSplit(width: 4, height: 4, layers: 300, seed: 0)
        } throws: { "\($0)" == "dust: layers is 300, outside 1…255" }
        #expect(Self.dust(.init(width: 8, height: 8, spread: Size(width: 0, height: 16384))) == nil)
        for bad in [-1, .nan, .infinity, 16385] {
            #expect(Self.dust(.init(width: 8, height: 8, spread: Size(width: bad, height: 1))) == "spread.width", "\(bad)")
            #expect(Self.dust(.init(width: 8, height: 8, spread: Size(width: 1, height: bad))) == "spread.height", "\(bad)")
        }
    }

    @Test func theFlowersPetalsAndEveryDuration() {
        #expect(Self.breathe(.init(petals: 1)) == nil && Self.breathe(.init(petals: 64)) == nil)
        for petals in [0, -6, 65] { #expect(Self.breathe(.init(petals: petals)) == "petals", "\(petals)") }
        for duration in [-0.5, .nan, 86_401] {
            #expect(Self.breathe(.init(duration: duration)) == "duration", "\(duration)")
            #expect(Self.splash(.init(duration: duration)) == "duration", "\(duration)")
            #expect(Self.sprite(.init(frameWidth: 2, frameHeight: 2, duration: duration)) == "duration", "\(duration)")
        }
    }

    @Test func theSplashsArtworkAndTheSpriteSheetsScale() {
        // The tile and the 226-point label are drawn at the output's scale: past 72 the label fits no texture.
        #expect(Self.splash(.init(width: 1, height: 1, scale: 73))?.hasPrefix("scale × the artwork") == true)
        #expect(Self.sprite(.init(frameWidth: 2, frameHeight: 2, scale: 1000)) == nil)
        for scale in [0, -1, .nan, 1001] {
            #expect(Self.sprite(.init(frameWidth: 2, frameHeight: 2, scale: scale)) == "scale", "\(scale)")
        }
        // A sheet too small for the frames asked is its own error, as before.
        #expect(Self.sprite(.init(frameWidth: 9, frameHeight: 2))?.hasPrefix("another error") == true)
    }

}
