/// The layers at the top of a dust stack that have not started to move, where resting makes each one's
/// color at a pixel exactly its own texel's: the rule both renderers share, so that the GL program
/// (`Shaders/dust_layers.frag`, its `u_restingFrom` and `u_restingSlots`), its Swift twin and the CPU's
/// row kernel (`dust_layers.c`, given ``from`` and ``slots`` in its frame) skip the same layers.
///
/// A layer rests when it has no turn (cosine 1, sine 0) and its anchor is where it was. Where the
/// snapshot is drawn one texel a pixel and the anchor lies on a half pixel (so that
/// `(x + 0.5 − anchor) + anchor` is exact), the program maps pixel centre (x + 0.5, y + 0.5) onto
/// texel coordinate (x, y) exactly: weights 0, so the bilinear color is texel (x, y)'s (`t · 1 + u · 0 = t`
/// for every finite texel `u`) when the layer owns it and exactly 0 when it does not, times the opacity.
/// So above the moving layers a pixel needs only the owners of its own texel (two at most, lower first),
/// not a loop over every resting layer.
public struct DustRestingLayers: Sendable, Equatable {
    /// The stack place from which every layer rests; the layer count when none does.
    public let from: Int
    /// For each assignment index (0…255), the stack place of the resting layer it names, or −1.
    public let slots: [Int16]

    /// No layer taken as resting: every layer runs the whole program.
    public static func none(layerCount: Int) -> Self {
        Self(from: layerCount, slots: [Int16](repeating: -1, count: 256))
    }

    private init(from: Int, slots: [Int16]) {
        self.from = from
        self.slots = slots
    }

    /// The resting layers of `layers` (the stack's uniforms, bottom first) drawn at `texelScale` around
    /// `anchor`: the longest run at the top that rests, each naming an assignment index of its own.
    public init(layers: [DustLayerUniform], anchor: SIMD2<Float>, texelScale: SIMD2<Float>) {
        var slots = [Int16](repeating: -1, count: 256)
        var from = layers.count
        let exact =
            texelScale == SIMD2(1, 1) && (anchor * 2).rounded(.down) == anchor * 2
            && abs(anchor.x) < 0x1p20 && abs(anchor.y) < 0x1p20
        while exact, from > 0 {
            let layer = layers[from - 1]
            guard layer.cosine == 1, layer.sine == 0, layer.position == anchor else { break }
            guard (0...255).contains(layer.index), layer.index.rounded(.down) == layer.index else { break }
            let index = Int(layer.index)
            guard slots[index] < 0 else { break }
            slots[index] = Int16(from - 1)
            from -= 1
        }
        self.init(from: from, slots: slots)
    }

    /// The slots as the GL program reads them (`u_restingSlots`, one R8UI texel an index): the stack
    /// place, or 255 for none (a stack holds at most 255 layers, places 0…254).
    public var slotTexels: [UInt8] { slots.map { $0 < 0 ? 255 : UInt8($0) } }
}
