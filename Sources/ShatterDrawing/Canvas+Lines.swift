import ShatterCore

extension Canvas {
    /// Strokes the segment from (x0, y0) to (x1, y1) with round caps, `width` pixels wide, anti-aliased
    /// from the distance of each pixel centre to the segment (coverage = clamp(w/2 + 0.5 − d, 0, 1)).
    public mutating func strokeLine(x0: Double, y0: Double, x1: Double, y1: Double, width: Double, color: RGBA8) {
        guard [x0, y0, x1, y1, width].allSatisfy(\.isFinite), width > 0 else { return }
        let half = width / 2
        let left = max(0, Int((min(x0, x1) - half - 1).rounded(.down)))
        let right = min(image.width, Int((max(x0, x1) + half + 1).rounded(.up)))
        let top = max(0, Int((min(y0, y1) - half - 1).rounded(.down)))
        let bottom = min(image.height, Int((max(y0, y1) + half + 1).rounded(.up)))
        guard left < right, top < bottom else { return }
        let dx = x1 - x0
        let dy = y1 - y0
        let lengthSquared = dx * dx + dy * dy
        for py in top..<bottom {
            for px in left..<right {
                let cx = Double(px) + 0.5
                let cy = Double(py) + 0.5
                let t = lengthSquared > 0 ? min(1, max(0, ((cx - x0) * dx + (cy - y0) * dy) / lengthSquared)) : 0
                let ex = cx - (x0 + t * dx)
                let ey = cy - (y0 + t * dy)
                let coverage = min(1, max(0, half + 0.5 - (ex * ex + ey * ey).squareRoot()))
                if coverage > 0 { blend(x: px, y: py, color: color, coverage: coverage) }
            }
        }
    }
}
