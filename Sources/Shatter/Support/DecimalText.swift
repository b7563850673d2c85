/// Numbers as Shatter prints them in labels and summaries: rounded to a number of decimals, then
/// printed as Swift prints a Double (`0.6`, `1.233`), so no trailing zeros are padded in.
///
/// ```swift
/// DecimalText.rounded(1.23456, to: 3)   // "1.235"
/// ```
public enum DecimalText {
    public static func rounded(_ value: Double, to digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return String((value * scale).rounded() / scale)
    }
}
