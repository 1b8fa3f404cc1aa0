// A JSON document as plain values, so protocol files are checked field by field with precise messages.
import Foundation

/// Any JSON value. Decoding keeps booleans, numbers and strings apart (JSONDecoder never turns
/// `1` into `true`), so "repetitions": "3" is reported as a string where a number belongs.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// What a person would call this kind of value, for error messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "true/false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
