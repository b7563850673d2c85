// The parity rule in the browser: the twin of ShatterCompare's ImageDifference and FuzzyRule.verdict
// (same figures, same order, same words), so a page can say whether the GL that drew it agrees with
// Shatter's CPU renderer. Given the blended fragments each pixel received, every figure is per blended
// fragment: a pixel's differences divided by max(1, count), rounded up (docs/parity.md, "Blending").
"use strict";

function ShatterParity(rule) {
    // A share as Swift's FuzzyRule prints it: a percentage with up to four decimals, no padding.
    function percent(share) {
        const value = Math.round(share * 1000000) / 10000;
        return (Number.isInteger(value) ? value.toFixed(1) : String(value)) + "%";
    }

    // Judges `actual` against `expected` (RGBA8, same size), with `blends` (one byte per pixel) or null.
    // A budget the rule does not have is absent (undefined) or null.
    function judge(expected, actual, width, height, blends) {
        let beyond = 0, largest = 0, largestSum = 0, largestSumAt = null;
        const border = rule.ignoredBorder;
        for (let y = border; y < height - border; y++) {
            for (let x = border; x < width - border; x++) {
                const pixel = y * width + x;
                let channelMax = 0, sum = 0;
                for (let c = 0; c < 4; c++) {
                    const d = Math.abs(expected[pixel * 4 + c] - actual[pixel * 4 + c]);
                    channelMax = Math.max(channelMax, d);
                    sum += d;
                }
                const fragments = blends ? Math.max(1, blends[pixel]) : 1;
                channelMax = Math.floor((channelMax + fragments - 1) / fragments);
                sum = Math.floor((sum + fragments - 1) / fragments);
                if (channelMax > rule.channelDelta) beyond++;
                if (channelMax > largest) largest = channelMax;
                if (sum > largestSum) {
                    largestSum = sum;
                    largestSumAt = [x, y];
                }
            }
        }
        const compared = Math.max(0, width - 2 * border) * Math.max(0, height - 2 * border);
        const within = compared === 0 ? 1 : 1 - beyond / compared;
        const unit = blends ? " per blended fragment" : "";
        const reasons = [];
        if (rule.maxDifferentPixels != null && beyond > rule.maxDifferentPixels) {
            reasons.push(beyond + " pixels differ by more than " + rule.channelDelta + unit + ", over the limit of " +
                rule.maxDifferentPixels);
        } else if (rule.precision != null && within < rule.precision) {
            reasons.push(percent(within) + " of pixels match within " + rule.channelDelta + unit + ", under the required " +
                percent(rule.precision));
        }
        if (largestSum > rule.pixelDeltaThreshold) {
            const at = largestSumAt ? " at (" + largestSumAt[0] + ", " + largestSumAt[1] + ")" : "";
            reasons.push("a pixel's summed RGBA difference" + unit + " is " + largestSum + at + ", over the threshold " +
                rule.pixelDeltaThreshold);
        }
        return { passed: reasons.length === 0, reasons: reasons, within: within, largest: largest, largestSum: largestSum };
    }

    return { judge: judge };
}
