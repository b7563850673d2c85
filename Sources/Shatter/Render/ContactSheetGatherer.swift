/// Picks evenly spaced frames of a render as they go by and lays them out as a contact sheet, each
/// labelled with its instant, so a sheet costs thumbnails, not frames, however long the render.
struct ContactSheetGatherer {
    private let chosen: Set<Int>
    private var sheet: ContactSheet

    /// `count` frames spread over `frames`, first and last included; nil or an empty list: no sheet.
    init(frames: [Int], count: Int?) {
        guard let count, !frames.isEmpty else {
            chosen = []
            sheet = ContactSheet(columns: 1, thumbnailWidth: 180)
            return
        }
        chosen = Set(Self.evenlySpaced(count, of: frames.count).map { frames[$0] })
        sheet = ContactSheet(columns: max(1, min(4, chosen.count)), thumbnailWidth: 180)
    }

    mutating func offer(_ index: Int, _ image: Image, time: Double) {
        guard chosen.contains(index) else { return }
        sheet.add(image, label: "t = \(DecimalText.rounded(time, to: 3)) s")
    }

    func render() -> Image? { chosen.isEmpty ? nil : sheet.render() }

    /// `count` indices spread evenly over `0..<total`, first and last included.
    static func evenlySpaced(_ count: Int, of total: Int) -> [Int] {
        guard count > 1, total > 1 else { return [0] }
        let n = min(count, total)
        return (0..<n).map { ($0 * (total - 1) + (n - 1) / 2) / (n - 1) }
    }
}
