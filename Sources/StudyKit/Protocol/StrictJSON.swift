// What Foundation's JSON parser forgives but JSON does not: a comma before a closing bracket.
import Foundation

/// Protocol files are checked strictly: a trailing comma (`[1, 2,]`, `{"a": 1,}`), which Foundation's
/// decoder accepts, is an error with its line, so the file also opens in every other JSON tool.
enum StrictJSON {
    /// The 1-based line of the first trailing comma outside strings, or nil when there is none.
    static func trailingCommaLine(in data: Data) -> Int? {
        var inString = false
        var escaped = false
        var line = 1
        var pendingComma: Int?
        for byte in data {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: ","):
                pendingComma = line
                continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let pendingComma { return pendingComma }
            case UInt8(ascii: "\""):
                inString = true
            default:
                break
            }
            pendingComma = nil
        }
        return nil
    }
}
