// A number field in the plain form the project's writers give it, read from its bytes with no text made.

/// The forms `CSVValue` writes: `-12`, `12.345`. Each reads here to exactly what `Int(text)` or `Double(text)` makes of
/// the same text; any other form (an exponent, a `+`, more digits) is nil here and is read from the text by the caller.
enum PlainNumber {
    /// `[+-]?[0-9]{1,18}` (18 digits never overflow an Int).
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        let digits = bytes.count - i
        guard digits >= 1, digits <= 18 else { return nil }
        var value = 0
        while i < bytes.count {
            let d = bytes[i] &- 48
            guard d < 10 else { return nil }
            value = value * 10 + Int(d)
            i += 1
        }
        return negative ? -value : value
    }

    /// `-?[0-9]+(.[0-9]+)?` with at most 15 digits: the digits as an integer (exact: below 2^53) divided by a power of
    /// ten (exact) is one correctly rounded division, the nearest Double to the text, which is what `Double(text)` is.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let negative = bytes.count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = 0
        var point = false
        while i < bytes.count {
            let d = bytes[i] &- 48
            if d < 10 {
                mantissa = mantissa &* 10 &+ Int64(d)
                digits += 1
                if point { fraction += 1 }
            } else if bytes[i] == UInt8(ascii: "."), !point, digits > 0 {
                point = true
            } else {
                return nil
            }
            i += 1
        }
        guard digits >= 1, digits <= 15, !point || fraction >= 1 else { return nil }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    /// 10^0 ... 10^15, each exact.
    static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]
}
