// Number formatting that mimics R's print methods (significant digits per column, format.pval, signif stars).
import Foundation

public enum RFormat {
    /// `signif(x, digits)` printed without trailing zeros, like R's format(x, digits = d).
    public static func signif(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "NA" : (x > 0 ? "Inf" : "-Inf") }
        if x == 0 { return "0" }
        let magnitude = Int(floor(log10(abs(x))))
        if magnitude >= 15 || magnitude < -4 {
            var s = String(format: "%.\(max(0, digits - 1))e", x)
            // R writes 1.5e-05; strip trailing zeros in the mantissa.
            if let e = s.firstIndex(of: "e") {
                var mantissa = String(s[..<e])
                var exponent = String(s[s.index(after: e)...])
                if mantissa.contains(".") {
                    while mantissa.hasSuffix("0") { mantissa.removeLast() }
                    if mantissa.hasSuffix(".") { mantissa.removeLast() }
                }
                let sign = exponent.hasPrefix("-") ? "-" : "+"
                exponent = exponent.trimmingCharacters(in: CharacterSet(charactersIn: "+-"))
                while exponent.count > 2 && exponent.hasPrefix("0") { exponent.removeFirst() }
                s = mantissa + "e" + sign + exponent
            }
            return s
        }
        let decimals = max(0, digits - 1 - magnitude)
        var s = String(format: "%.\(decimals)f", x)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    /// A column formatted with a common number of decimals so each value shows `digits` significant digits.
    public static func column(_ values: [Double], digits: Int) -> [String] {
        let decimals = values.filter { $0.isFinite && $0 != 0 }.map { v -> Int in
            let s = signif(v, digits)
            if s.contains("e") { return -1 }
            return s.firstIndex(of: ".").map { s.distance(from: $0, to: s.endIndex) - 1 } ?? 0
        }
        if decimals.contains(-1) { return values.map { signif($0, digits) } }
        let d = min(decimals.max() ?? 0, 15)
        return values.map { $0.isFinite ? String(format: "%.\(d)f", $0) : signif($0, digits) }
    }

    /// R's format.pval: below machine epsilon it prints "< 2.2e-16".
    public static func pValue(_ p: Double, digits: Int = 4) -> String {
        guard p.isFinite else { return "NA" }
        if p < 2.220446e-16 { return "< 2.2e-16" }
        return signif(p, digits)
    }

    public static func stars(_ p: Double) -> String {
        guard p.isFinite else { return "" }
        return p < 0.001 ? "***" : p < 0.01 ? "**" : p < 0.05 ? "*" : p < 0.1 ? "." : " "
    }

    public static let signifLegend = "---\nSignif. codes:  0 '***' 0.001 '**' 0.01 '*' 0.05 '.' 0.1 ' ' 1"

    /// Right-aligned columns with a left-aligned first column, like R's print.data.frame.
    public static func table(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { c, cell in
                c == 0
                    ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }
}
