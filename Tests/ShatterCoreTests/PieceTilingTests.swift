import ShatterCore
import ShatterTestSupport
import Testing

/// The pieces' shares of the screen (``PieceTiling``), checked against the arithmetic they state rather
/// than against any renderer.
@Suite struct PieceTilingTests {
    /// For every size in eighths up to 64 px, along 4,000 px: piece i starts at ⌊i·P + 1/2⌋ (in
    /// doubles, exact for these numbers), the pieces follow one another with no gap and no overlap, and
    /// each is ⌊P⌋ or ⌈P⌉ wide, so whole sizes give equal pieces.
    @Test func sharesFollowOneAnotherAndAreTheSizeRoundedEitherWay() {
        var wrong: [String] = []
        for eighths in Int32(1)...512 {
            let size = Double(eighths) / 8
            let tiling = PieceTiling(eighths: eighths, columns: 7)
            var end = 0
            for i in 0..<Int(4000 / size) {
                let start = tiling.start(i)
                let extent = Int(tiling.extent(i))
                if start != Int((Double(i) * size + 0.5).rounded(.down)) {
                    wrong.append("P \(size): piece \(i) starts at \(start)")
                }
                if start != end { wrong.append("P \(size): piece \(i) starts at \(start), its left neighbour ends at \(end)") }
                if extent != Int(size.rounded(.down)) && extent != Int(size.rounded(.up)) {
                    wrong.append("P \(size): piece \(i) is \(extent) px")
                }
                end = start + extent
            }
            if tiling.isWhole != (eighths % 8 == 0) { wrong.append("P \(size): isWhole is \(tiling.isWhole)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// A grid point's extents are its column's and its row's.
    @Test func aPointsExtentsAreItsColumnsAndItsRows() {
        let tiling = PieceTiling(eighths: 82, columns: 5)  // 10.25 px: 10, 11, 10, 10, 10, 11, …
        for i in 0..<40 {
            let (row, column) = i.quotientAndRemainder(dividingBy: 5)
            #expect(tiling.extents(ofPoint: i) == SIMD2(tiling.extent(column), tiling.extent(row)))
        }
        #expect((0..<8).map { tiling.extent($0) } == [10, 11, 10, 10, 10, 11, 10, 10])
    }
}
