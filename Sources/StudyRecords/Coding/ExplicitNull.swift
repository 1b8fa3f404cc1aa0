// An optional field that session.json writes as `null` when absent, so a reader sees every key of the format.
import Foundation

/// Swift's synthesized `Encodable` skips a nil optional (it calls `encodeIfPresent`); the log format documents
/// every key of session.json's objects, with `null` for "not measured" (docs/LOG-FORMAT.md). Wrapping the field
/// keeps the synthesized coding and writes the key with `null`. A missing key still decodes as nil, so files
/// written before the key existed read.
@propertyWrapper
public struct ExplicitNull<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        wrappedValue = single.decodeNil() ? nil : try single.decode(Value.self)
    }

    public func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        if let wrappedValue { try single.encode(wrappedValue) } else { try single.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// Chosen over the generic `decode` by the synthesized `init(from:)`: an absent key is nil, not an error.
    public func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        try decodeIfPresent(type, forKey: key) ?? ExplicitNull(wrappedValue: nil)
    }
}
