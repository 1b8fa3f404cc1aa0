// A date field coded as the logs' one timestamp text (`Timestamp.format`), whatever the encoder's date strategy.
import Foundation

/// Lets a record keep Swift's synthesized `Codable` while its dates read and write as
/// `2026-11-21T20:15:00.123Z`; a text that is not such a timestamp is a corrupt-data error naming the key.
@propertyWrapper
public struct LogTimestamp: Codable, Sendable, Equatable {
    public var wrappedValue: Date

    public init(wrappedValue: Date) { self.wrappedValue = wrappedValue }

    public init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        let text = try single.decode(String.self)
        guard let date = Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "'\(text)' is not a UTC timestamp")
        }
        wrappedValue = date
    }

    public func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(Timestamp.format(wrappedValue))
    }
}
