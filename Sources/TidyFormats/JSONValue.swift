// The one JSON value of the code base: decoded from protocol files (checked field by field) and rendered by the
// analyzer's `--format json`, with ordered keys so output is stable and readable; numbers round-trip.
import Foundation

/// Any JSON value. Decoding keeps booleans, numbers and strings apart (JSONDecoder never turns `1` into `true`),
/// so "repetitions": "3" is reported as a string where a number belongs; decoded numbers are `.number`.
/// Objects are `.object` pairs and render in the order given; a decoded object's keys come in no particular
/// order (Foundation's decoder does not keep it): use `sortingKeys()` before writing a decoded value.
public indirect enum JSONValue: Sendable, Equatable, Decodable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let value = try? single.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let object = try decoder.container(keyedBy: AnyKey.self)
            self = .object(try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
        }
    }

    /// Any object key.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// An object's fields by name (a key given twice: the last one).
    public var fields: [String: JSONValue]? {
        guard case .object(let pairs) = self else { return nil }
        return Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }

    /// What a person would call this kind of value, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "true/false"
        case .number, .integer: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }

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

    public static func quote(_ s: String) -> String {
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

extension JSONValue {
    /// The same value with every object's keys in sorted order. Decoding cannot keep a file's own key order
    /// (Foundation's decoder hands keys over unordered), so files written from a decoded value sort them.
    public func sortingKeys() -> JSONValue {
        switch self {
        case .array(let items): return .array(items.map { $0.sortingKeys() })
        case .object(let pairs): return .object(pairs.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1.sortingKeys()) })
        default: return self
        }
    }
}
