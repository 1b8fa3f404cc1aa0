// A number with a fixed count of decimals, as C's printf writes it, without Foundation's formatter.
import Foundation

/// `FixedDecimal.string(x, digits: d)` is `String(format: "%.{d}f", x)`: the exact binary value rounded to `d`
/// decimals, a tie to the even digit, "-" before any negative number (also one that rounds to zero), `nan` and
/// `inf` as printf spells them. Foundation's formatter went through CFString for every cell of every CSV line and
/// every coordinate of the dashboard's figures; this counts in integers (`make bench`: the export's rows/s).
public enum FixedDecimal {
    /// Exact powers of ten: the scale of `digits` decimals.
    private static let scales: [Double] = (0...9).map { pow(10, Double($0)) }
    private static let integerScales: [Int64] = (0...9).map { Int64(pow(10, Double($0))) }

    public static func string(_ x: Double, digits: Int) -> String {
        let magnitude = x.magnitude
        guard x.isFinite, (0...9).contains(digits), magnitude * scales[digits] < 1e15 else {
            return String(format: "%.\(max(0, digits))f", x)
        }
        let scale = scales[digits]
        let scaled = magnitude * scale
        // The product's rounding error, exactly (a fused multiply-add rounds once): which side of a half the true
        // value lies on when the rounded product sits on one.
        let error = (-scaled).addingProduct(magnitude, scale)
        var rounded = scaled.rounded(.toNearestOrEven)
        let fraction = scaled - rounded
        if fraction == 0.5 && error > 0 { rounded += 1 }
        if fraction == -0.5 && error < 0 { rounded -= 1 }
        let units = Int64(rounded)
        var text = x.sign == .minus ? "-" : ""
        text += String(units / integerScales[digits])
        guard digits > 0 else { return text }
        let decimals = String(units % integerScales[digits])
        return text + "." + String(repeating: "0", count: digits - decimals.count) + decimals
    }
}
