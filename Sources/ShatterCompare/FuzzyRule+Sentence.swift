extension FuzzyRule {
    /// The rule in one sentence a person can check a verdict against, as reports print it: "A pixel
    /// differs when any of its channels is off by more than 1 (of 255); a frame passes when at least
    /// 99.9% of its pixels do not differ and no pixel's four channels are off by more than 32 in sum."
    public var sentence: String {
        let budgetClause: String
        switch budget {
        case .maxDifferentPixels(let n):
            budgetClause = n == 0 ? "no pixel differs" : "at most \(n) of its pixels differ"
        case .precision(let share):
            budgetClause =
                share >= 1 ? "no pixel differs" : "at least \(ImageDifference.percent(share)) of its pixels do not differ"
        }
        let border = ignoredBorder > 0 ? " Pixels within \(ignoredBorder) px of an edge are not compared." : ""
        return "A pixel differs when any of its channels is off by more than \(channelDelta) (of 255); a frame passes "
            + "when \(budgetClause) and no pixel's four channels are off by more than \(pixelDeltaThreshold) in sum.\(border)"
    }
}
