import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

/// The dust program loops over its tile's list of layers (`DustTileLists`, the GLSL's `u_tiles` and
/// `u_tileLayers`) instead of every layer: at every pixel that must give the color of the loop over
/// every layer, bit for bit, whatever the poses.
@Suite struct DustTileListTests {
    /// Every pixel of `stack`'s covering quad on a `width` × `height` image: its tile's list against
    /// every layer. Returns the lists, and how many pixels some layer colored.
    @discardableResult
    static func expectListsExact(_ stack: DustLayerStack, width: Int, height: Int, maximumRows: Int = 2048) -> (
        lists: DustTileLists, colored: Int
    ) {
        let lists = DustTileLists(stack: stack, viewWidth: width, viewHeight: height, maximumRows: maximumRows)
        let program = DustLayersProgram(stack: stack, viewWidth: width, viewHeight: height)
        let every = ArraySlice((0..<stack.layers.count).map(UInt8.init))
        let (columns, rows) = CoveringQuad.pixels(stack.bounds, width: width, height: height)
        var (colored, wrong) = (0, 0)
        stack.snapshot.withTexels { snapshot in
            stack.assignment.withTexels { assignment in
                program.u_layers.withUnsafeBufferPointer { layers in
                    let textures = DustTextures(
                        snapshot: snapshot, assignment: assignment, width: stack.snapshot.image.width,
                        height: stack.snapshot.image.height)
                    for y in rows {
                        for x in columns {
                            let pixel = CoveringQuad.centre(x: x, y: y)
                            let all = program.fragment(
                                pixel: pixel, textures: textures, layers: layers, list: every,
                                resting: .none(layerCount: stack.layers.count))
                            let listed = program.fragment(
                                pixel: pixel, textures: textures, layers: layers, list: lists.list(at: pixel),
                                resting: lists.resting)
                            if all != listed { wrong += 1 }
                            if all != .zero { colored += 1 }
                        }
                    }
                }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from the loop over every layer")
        return (lists, colored)
    }

    @Test(arguments: [
        (120, 90, 1.0, 32, false), (61, 47, 2.0, 8, true), (64, 40, 1.5, 255, false), (77, 33, 1.0, 1, true),
        (333, 21, 1.0, 16, false),
    ])
    func everyInstantOfAnEffect(width: Int, height: Int, scale: Double, layers: Int, reverse: Bool) throws {
        let effect = try DustFixture.effect(width: width, height: height, scale: scale, layers: layers, seed: 3, reverse: reverse)
        for time in stride(from: 0.0, through: effect.duration, by: effect.duration / 9) {
            let list = effect.displayList(at: time)
            guard let stack = DustFixture.stack(of: list) else { continue }  // nothing left to draw
            Self.expectListsExact(stack, width: list.width, height: list.height)
        }
    }

    /// Poses no effect makes: a quarter and a half turn, a turn by a few degrees, a layer far off the
    /// picture, one partly off its left edge, over a snapshot stretched to another size.
    @Test func posesOfEveryAngleAndPlace() throws {
        let snapshot = Texture(image: SoftwareRendererFastPathTests.noise(70, 50, seed: 9))
        let split = try DustLayerSplit(width: 70, height: 50, layers: 6, seed: 2)
        let anchor = SIMD2<Float>(45, 31)
        let turns: [(Float, Float)] = [(0, 1), (-1, 0), (0.9945, 0.1045), (0.6, -0.8), (1, 0), (0.8, 0.6)]
        let places: [SIMD2<Float>] = [SIMD2(45, 31), SIMD2(50.5, 20.25), SIMD2(40, 35), SIMD2(400, -300), SIMD2(-20, 30), anchor]
        let poses = (0..<6).compactMap { i -> DustLayerPose? in
            guard let columns = split.columnExtents[i] else { return nil }
            return DustLayerPose(
                layer: i, position: places[i], rotation: SIMD2(turns[i].0, turns[i].1), opacity: 0.8, columns: columns)
        }
        let stack = DustLayerStack(
            snapshot: snapshot, assignment: split.assignment, anchor: anchor, layers: poses,
            bounds: PixelRect(x: -7, y: -3, width: 110, height: 70))
        let (lists, colored) = Self.expectListsExact(stack, width: 90, height: 62)
        #expect(colored > 1000)  // the layers drew something
        // The layer sent far off reaches no tile.
        let far = try #require(poses.firstIndex { $0.position == SIMD2(400, -300) })
        #expect(!lists.entries.prefix(Int(lists.tiles.last! + lists.tiles[lists.tiles.count - 2])).contains(UInt8(far)))
    }

    /// Layers at rest at the stack's top are in no list: the program takes them from each pixel's own
    /// texel's owners, lower place first, and every pixel is still the loop over every layer's, bit for
    /// bit. Here both owners of most texels rest, at different opacities, over translucent texels, under
    /// two turned layers; the column band of one resting layer is narrowed so that its test drops pixels.
    @Test func restingLayersAreTheirOwnersTexelsInStackOrder() throws {
        let snapshot = Texture(image: SoftwareRendererFastPathTests.noise(64, 40, seed: 5))
        let split = try DustLayerSplit(width: 64, height: 40, layers: 3, seed: 4)
        let anchor = SIMD2<Float>(32, 20)
        let moving = (0..<2).map { i in
            DustLayerPose(
                layer: i, position: anchor + SIMD2(Float(i) * 3.25, -1.5), rotation: SIMD2(0.9945, 0.1045), opacity: 0.9,
                columns: split.columnExtents[i]!)
        }
        let narrowed = split.columnExtents[2]!.lowerBound + 6...split.columnExtents[2]!.upperBound
        let resting = [(1, Float(0.8), split.columnExtents[1]!), (2, 0.45, narrowed)].map {
            DustLayerPose(layer: $0.0, position: anchor, rotation: SIMD2(1, 0), opacity: $0.1, columns: $0.2)
        }
        let stack = DustLayerStack(
            snapshot: snapshot, assignment: split.assignment, anchor: anchor, layers: moving + resting,
            bounds: PixelRect(x: -4, y: -4, width: 72, height: 48))
        let (lists, colored) = Self.expectListsExact(stack, width: 64, height: 40)
        #expect(lists.resting.from == 2)
        #expect(lists.resting.slots[1] == 2 && lists.resting.slots[2] == 3 && lists.resting.slots[0] == -1)
        #expect(!lists.entries.prefix(Int(lists.tiles.last! + lists.tiles[lists.tiles.count - 2])).contains { $0 >= 2 })
        #expect(colored > 2000)
    }

    /// Lists that would not fit the GL's largest texture take larger tiles, and stay exact.
    @Test func listsTooLongForTheTextureTakeLargerTiles() throws {
        let effect = try DustFixture.effect(width: 200, height: 150, layers: 64, seed: 1)
        let stack = try #require(DustFixture.stack(of: effect.displayList(at: 1.2)))
        let roomy = DustTileLists(stack: stack, viewWidth: 200, viewHeight: 150)
        #expect(roomy.tileSize == DustTileLists.preferredTileSize)
        #expect(roomy.entries.count > DustTileLists.rowLength)  // more than one row at 16 pixels a tile
        let (tight, _) = Self.expectListsExact(stack, width: 200, height: 150, maximumRows: 1)
        #expect(tight.tileSize > roomy.tileSize)
        #expect(tight.entries.count == DustTileLists.rowLength)
    }

    /// What the lists are for: at 1080p a pixel runs the layers whose column band (about a third of
    /// the picture, `DustLayerSplit`) reaches its tile, not all 32.
    @Test func aTilesListHoldsAFewLayers() throws {
        let effect = try DustFixture.effect(width: 1920, height: 1080, layers: 32, seed: 0)
        for time in [0.0, 0.6, 1.4] {
            let stack = try #require(DustFixture.stack(of: effect.displayList(at: time)))
            let lists = DustTileLists(stack: stack, viewWidth: 1920, viewHeight: 1080)
            let tiles = lists.columns * lists.rows
            let mean = Double(lists.tiles.last! + lists.tiles[2 * tiles - 2]) / Double(tiles)
            print("dust 1080p t=\(time): \(tiles) tiles of \(lists.tileSize) pixels, \(mean) layers a tile on average")
            #expect(mean < 16, "t = \(time)")
            for tile in 0..<tiles {
                let list = lists.entries[Int(lists.tiles[2 * tile])..<Int(lists.tiles[2 * tile] + lists.tiles[2 * tile + 1])]
                #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 }, "tile \(tile): not in layer order")
            }
        }
    }
}
