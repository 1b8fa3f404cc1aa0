// A session folder's name: UTC start time (sorts by time) plus a random suffix (unique).
import Foundation

/// e.g. `20261121T201500Z-3f9c`. Names sort by start time to the second; the suffix keeps two
/// sessions started in the same second apart (the folder is created exclusively, so a clash retries).
public struct SessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let value: String

    public init(startedAt date: Date, suffix: UInt16 = UInt16.random(in: 0...UInt16.max)) {
        let parts = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        value = String(
            format: "%04d%02d%02dT%02d%02d%02dZ-%04x", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, Int(suffix))
    }

    /// Accepts an existing folder name when it has the session-id shape.
    /// Byte by byte: a regular expression's `\d` took other scripts' digits and its `$` a trailing line break.
    public init?(folderName: String) {
        let bytes = Array(folderName.utf8)
        guard bytes.count == 21 else { return nil }
        for (offset, byte) in bytes.enumerated() {
            let fits: Bool
            switch offset {
            case 8: fits = byte == UInt8(ascii: "T")
            case 15: fits = byte == UInt8(ascii: "Z")
            case 16: fits = byte == UInt8(ascii: "-")
            case 17...20: fits = (48...57).contains(byte) || (97...102).contains(byte)
            default: fits = (48...57).contains(byte)
            }
            guard fits else { return nil }
        }
        value = folderName
    }

    public static func < (lhs: SessionID, rhs: SessionID) -> Bool { lhs.value < rhs.value }
    public var description: String { value }
}

extension Calendar {
    public static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
