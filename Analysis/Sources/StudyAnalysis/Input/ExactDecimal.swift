// A number kept as its decimal text says (integer mantissa x 10^-scale), so differences between values are exact.
import Foundation

/// Why: data such as 1000000000000.4 and 1000000000000.3 lose their last digits as Doubles,
/// but their difference (0.1) is exact when computed in decimal before converting.
public struct ExactDecimal: Sendable, Equatable, CustomStringConvertible {
    public let mantissa: Int64
    public let scale: Int  // value = mantissa * 10^-scale
    /// Set when the text had more digits than an Int64 holds: then `approximate` is all we have.
    public let approximate: Double
    public let isExact: Bool

    public init(mantissa: Int64, scale: Int) {
        self.mantissa = mantissa
        self.scale = scale
        self.approximate = ExactDecimal.toDouble(mantissa, scale: scale)
        self.isExact = true
    }

    init(approximate: Double) {
        self.mantissa = 0
        self.scale = 0
        self.approximate = approximate
        self.isExact = false
    }

    public var doubleValue: Double { approximate }
    public var description: String { isExact ? "\(mantissa)e\(-scale)" : "\(approximate)" }

    /// Parses `-12.5`, `3`, `.5`, `1e-3`, `+4.0E2` (with optional surrounding spaces and a
    /// spreadsheet-guard leading `'`); returns nil for anything else (empty, NA, text, inf, nan).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        var i = 0
        var end = bytes.count
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        if i < end, bytes[i] == 0x27 { i += 1 }  // ' guard written before a leading '-'
        guard i < end else { return nil }
        var negative = false
        if bytes[i] == 0x2D || bytes[i] == 0x2B {
            negative = bytes[i] == 0x2D
            i += 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = 0
        var significant = 0
        var overflow = false
        var seenPoint = false
        while i < end {
            let c = bytes[i]
            if c >= 0x30 && c <= 0x39 {
                digits += 1
                if seenPoint { fraction += 1 }
                if mantissa == 0 && c == 0x30 {
                    i += 1
                    continue
                }  // leading zeros carry no digits
                significant += 1
                if significant > 18 { overflow = true } else { mantissa = mantissa * 10 + Int64(c - 0x30) }
            } else if c == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                break
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if i < end, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i += 1
            var expNegative = false
            if i < end, bytes[i] == 0x2D || bytes[i] == 0x2B {
                expNegative = bytes[i] == 0x2D
                i += 1
            }
            var expDigits = 0
            while i < end, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                exponent = min(exponent * 10 + Int(bytes[i] - 0x30), 100_000)
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard i == end else { return nil }
        if overflow {
            // More digits than an Int64 holds: fall back to the correctly rounded Double.
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
                .trimmingCharacters(in: CharacterSet(charactersIn: " \t'"))
            guard let d = Double(text), d.isFinite else { return nil }
            return ExactDecimal(approximate: d)
        }
        var scale = fraction - exponent
        var m = negative ? -mantissa : mantissa
        while scale < 0 {
            let (r, o) = m.multipliedReportingOverflow(by: 10)
            if o {
                let d = Double(m) * pow(10, Double(-scale))
                return d.isFinite ? ExactDecimal(approximate: d) : nil
            }
            m = r
            scale += 1
        }
        if scale > 40 { return ExactDecimal(approximate: Double(m) / pow(10, Double(scale))) }
        return ExactDecimal(mantissa: m, scale: scale)
    }

    public static func parse(_ text: String) -> ExactDecimal? {
        var t = text
        return t.withUTF8 { parse($0) }
    }

    /// `self - other` computed exactly in decimal, then rounded once to a Double.
    public func minus(_ other: ExactDecimal) -> Double {
        guard isExact, other.isExact else { return approximate - other.approximate }
        // Fast path (almost all data): same scale, no overflow, all in Int64.
        if scale == other.scale {
            let (difference, overflow) = mantissa.subtractingReportingOverflow(other.mantissa)
            if !overflow { return Self.toDouble(difference, scale: scale) }
        }
        let s = max(scale, other.scale)
        guard let a = Self.widen(mantissa, by: s - scale), let b = Self.widen(other.mantissa, by: s - other.scale)
        else {
            return approximate - other.approximate
        }
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        if overflow { return approximate - other.approximate }
        return Self.toDouble(difference, scale: s)
    }

    private static func widen(_ m: Int64, by steps: Int) -> Int128? {
        var v = Int128(m)
        for _ in 0..<steps {
            let (r, o) = v.multipliedReportingOverflow(by: 10)
            if o { return nil }
            v = r
        }
        return v
    }

    /// 10^0 ... 10^22 (0 <= n <= 22): every one is exactly representable as a Double. A switch of literals, not a
    /// global array: a global is initialized lazily, and its check was a call for every number read.
    @inline(__always) static func powerOfTen(_ n: Int) -> Double {
        switch n {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        case 22: return 1e22
        default: return pow(10, Double(n))
        }
    }

    /// One rounding when both the integer and 10^scale are exact Doubles (|v| < 2^53, scale <= 22).
    static func toDouble(_ v: Int64, scale: Int) -> Double {
        if scale >= 0 && scale <= 22 { return Double(v) / powerOfTen(scale) }
        return toDouble(Int128(v), scale: scale)
    }

    static func toDouble(_ v: Int128, scale: Int) -> Double {
        if let small = Int64(exactly: v), scale >= 0, scale <= 22 { return Double(small) / powerOfTen(scale) }
        if scale == 0 { return Double(v) }
        if scale <= 22 { return Double(v) / pow(10, Double(scale)) }
        return Double(v) / pow(10, 22) / pow(10, Double(scale - 22))
    }
}
