// The dashboard's HTML escaping for Mustache: the five characters swift-mustache escapes, escaped byte by byte.
import Mustache

/// swift-mustache escapes each value Character by Character through a dictionary, which was a seventh of the
/// participants page's time (`make bench`), and it misses a character a combining mark follows (`"` + U+0301 is one
/// Character, so the quote stayed raw and could end an attribute). This escapes the same five (`& < > " '`) as the
/// same entities, reading UTF-8 bytes, and returns a value without any of them as it is.
struct DashboardHTML: MustacheContentType {
    /// The name of the `CONTENT_TYPE` pragma WebPages puts before every template.
    static let name = "DASHBOARD_HTML"

    func escapeText(_ text: String) -> String { Self.escape(text) }

    static func escape(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.contains(where: { entity($0) != nil }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 32)
        for byte in bytes {
            if let entity = entity(byte) { escaped.append(contentsOf: entity.utf8) } else { escaped.append(byte) }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func entity(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        default: return nil
        }
    }
}
