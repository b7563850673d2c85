/// The frames a comparison's filmstrip shows, chosen as frames arrive with bounded memory: the first
/// `limit` failing frames, else passing frames spread over the whole run (every other one is dropped,
/// and the stride doubled, whenever twice the limit have been kept), so comparing a million frames
/// keeps a few dozen thumbnails.
struct FilmstripSample {
    struct Entry {
        let title: String
        let passed: Bool
        let expected: Image, actual: Image, diff: Image
    }

    let limit: Int
    private var failing: [Entry] = []
    private var passing: [Entry] = []
    private var passingSeen = 0
    private var stride = 1

    init(limit: Int) { self.limit = limit }

    /// Whether the next frame, passing or not, would be kept: ask before making its thumbnails.
    mutating func wants(passed: Bool) -> Bool {
        guard passed else { return failing.count < limit }
        passingSeen += 1
        return (passingSeen - 1) % stride == 0
    }

    mutating func add(_ entry: Entry) {
        guard entry.passed else { return failing.append(entry) }
        passing.append(entry)
        if passing.count >= 2 * limit {
            passing = Swift.stride(from: 0, to: passing.count, by: 2).map { passing[$0] }
            stride *= 2
        }
    }

    /// Expected over actual over diff (max-pooled), failing frames when there are any; nil when no
    /// frame was kept.
    func render(thumbnailWidth: Int) -> Image? {
        let chosen = failing.isEmpty ? Self.spread(passing, count: limit) : failing
        guard !chosen.isEmpty else { return nil }
        var sheet = ContactSheet(columns: chosen.count, thumbnailWidth: thumbnailWidth)
        for (kind, pick) in [("expected", \Entry.expected), ("actual", \.actual), ("diff", \.diff)] {
            for entry in chosen { sheet.add(entry[keyPath: pick], label: "\(kind) \(entry.title)") }
        }
        return sheet.render()
    }

    private static func spread<T>(_ items: [T], count: Int) -> [T] {
        guard items.count > count else { return items }
        return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
    }
}
