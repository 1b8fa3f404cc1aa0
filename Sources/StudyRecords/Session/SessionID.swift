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
    public init?(folderName: String) {
        let pattern = #"^\d{8}T\d{6}Z-[0-9a-f]{4}$"#
        guard folderName.range(of: pattern, options: .regularExpression) != nil else { return nil }
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
