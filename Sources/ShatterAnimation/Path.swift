/// A path for ``PathAnimation``, built like `CGMutablePath`: moves, lines, quadratic and cubic
/// Bézier curves, and closes.
///
/// ```swift
/// var path = Path()
/// path.move(to: Point(x: 0, y: 0))
/// path.addQuadCurve(to: Point(x: 30, y: 5), control: Point(x: 25, y: 12))
/// ```
public struct Path: Sendable, Hashable {
    /// One path command.
    public enum Element: Sendable, Hashable {
        /// Start a new subpath at a point.
        case move(to: Point)
        /// A straight line to a point.
        case line(to: Point)
        /// A quadratic Bézier to a point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier to a point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A straight line back to the subpath's start.
        case closeSubpath
    }

    /// The commands, in order.
    public private(set) var elements: [Element]

    /// Creates a path from commands (an empty path by default).
    ///
    /// ```swift
    /// let line = Path([.move(to: .zero), .line(to: Point(x: 10, y: 0))])
    /// ```
    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// Starts a new subpath.
    ///
    /// ```swift
    /// var p = Path(); p.move(to: Point(x: 1, y: 2))
    /// ```
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }

    /// Adds a straight segment.
    ///
    /// ```swift
    /// var p = Path(); p.move(to: .zero); p.addLine(to: Point(x: 5, y: 0))
    /// ```
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }

    /// Adds a quadratic Bézier segment.
    ///
    /// ```swift
    /// var p = Path(); p.move(to: .zero); p.addQuadCurve(to: Point(x: 2, y: 0), control: Point(x: 1, y: 1))
    /// ```
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
    }

    /// Adds a cubic Bézier segment.
    ///
    /// ```swift
    /// var p = Path(); p.move(to: .zero)
    /// p.addCurve(to: Point(x: 3, y: 0), control1: Point(x: 1, y: 1), control2: Point(x: 2, y: 1))
    /// ```
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a straight segment to its start.
    ///
    /// ```swift
    /// var p = Path(); p.move(to: .zero); p.addLine(to: Point(x: 1, y: 0)); p.closeSubpath()
    /// ```
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// The drawing segments with their start points, and the first point: keyframe 0 is the
    /// first point and keyframe i + 1 the end of segment i. A drawing command before any move
    /// starts from the origin, as Core Graphics would draw it.
    var keyframeSegments: (start: Point, segments: [PathSegment])? {
        var start: Point?
        var subpathStart = Point.zero
        var current = Point.zero
        var segments: [PathSegment] = []
        func draw(_ segment: PathSegment) {
            if start == nil { start = current }
            segments.append(segment)
            current = segment.end
        }
        for element in elements {
            switch element {
            case .move(let point):
                if start == nil { start = point }
                subpathStart = point
                current = point
            case .line(let end):
                draw(PathSegment(points: [current, end]))
            case .quadCurve(let end, let control):
                draw(PathSegment(points: [current, control, end]))
            case .curve(let end, let control1, let control2):
                draw(PathSegment(points: [current, control1, control2, end]))
            case .closeSubpath:
                draw(PathSegment(points: [current, subpathStart]))
                current = subpathStart
            }
        }
        return start.map { ($0, segments) }
    }
}

/// A Bézier segment of any degree (2 points: line, 3: quadratic, 4: cubic).
struct PathSegment: Sendable {
    let points: [Point]

    var end: Point { points[points.count - 1] }

    var isStraight: Bool { points.count == 2 }

    /// The Bernstein form, written out per degree: pacing samples a curve a thousand times per
    /// evaluation, so this avoids building intermediate arrays.
    func point(at s: Double) -> Point {
        let u = 1 - s
        switch points.count {
        case 2:
            return points[0] * u + points[1] * s
        case 3:
            return points[0] * (u * u) + points[1] * (2 * u * s) + points[2] * (s * s)
        default:
            return points[0] * (u * u * u) + points[1] * (3 * u * u * s) + points[2] * (3 * u * s * s)
                + points[3] * (s * s * s)
        }
    }
}
