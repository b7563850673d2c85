import ShatterCore

extension ImageDifference {
    /// How the perceptual score is computed, in words, for reports.
    public static let ssimMethod = "mean SSIM of BT.601 luma over 8x8 windows at stride 4 (C1 = (0.01*255)^2, C2 = (0.03*255)^2)"

    /// The structural similarity of the two images' luma (1 = identical), averaged over 8×8 windows.
    /// Colors are composited over black first (they are premultiplied, so that is the stored RGB).
    public func ssim() -> Double {
        // Identical pictures score exactly 1 (and need no windows: most frames of a passing run).
        if expected.pixels == actual.pixels { return 1 }
        let window = 8
        let stride = 4
        let a = Self.luma(expected)
        let b = Self.luma(actual)
        guard width >= window, height >= window else { return a == b ? 1 : 0 }
        let c1 = (0.01 * 255.0) * (0.01 * 255.0)
        let c2 = (0.03 * 255.0) * (0.03 * 255.0)
        let n = Double(window * window)
        var total = 0.0
        var windows = 0
        for top in Swift.stride(from: 0, through: height - window, by: stride) {
            for left in Swift.stride(from: 0, through: width - window, by: stride) {
                var sa = 0.0
                var sb = 0.0
                var saa = 0.0
                var sbb = 0.0
                var sab = 0.0
                for y in top..<(top + window) {
                    for x in left..<(left + window) {
                        let p = a[y * width + x]
                        let q = b[y * width + x]
                        sa += p
                        sb += q
                        saa += p * p
                        sbb += q * q
                        sab += p * q
                    }
                }
                let ma = sa / n
                let mb = sb / n
                let va = saa / n - ma * ma
                let vb = sbb / n - mb * mb
                let cov = sab / n - ma * mb
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                windows += 1
            }
        }
        return total / Double(windows)
    }

    private static func luma(_ image: Image) -> [Double] {
        var out = [Double](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<out.count {
                out[i] = 0.299 * Double(p[i * 4]) + 0.587 * Double(p[i * 4 + 1]) + 0.114 * Double(p[i * 4 + 2])
            }
        }
        return out
    }
}
