// A tiny JSON value with ordered keys, so `--format json` output is stable and readable; numbers round-trip.
import Foundation

public indirect enum JSONValue: Sendable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// NaN and infinities are not JSON: they become null.
    public static func num(_ x: Double) -> JSONValue { x.isFinite ? .number(x) : .null }
    public static func num(_ x: Double?) -> JSONValue { x.map { num($0) } ?? .null }

    public func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .number(let x):
            // Swift prints the shortest text that reads back as the same Double.
            if x == x.rounded(), abs(x) < 1e15 { return String(format: "%.1f", x) }
            return "\(x)"
        case .integer(let i): return "\(i)"
        case .string(let s): return Self.quote(s)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(pad)]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            return "{\n"
                + pairs.map { inner + Self.quote($0.0) + ": " + $0.1.rendered(indent: indent + 1) }.joined(
                    separator: ",\n") + "\n\(pad)}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
