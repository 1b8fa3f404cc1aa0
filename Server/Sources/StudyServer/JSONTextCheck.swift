// A JSON text's duplicate members and NUL characters, which JSONDecoder lets through and PostgreSQL cannot take.
import Foundation

/// One pass over a JSON text's bytes, before it is decoded: JSONDecoder keeps one of two members of the same name
/// (so a body could say two things at once), and a NUL character (`\u0000`) reaches PostgreSQL, whose text and jsonb
/// refuse it (a 500). Malformed JSON is left to the decoder, which says what is wrong with it.
enum JSONTextCheck {
    struct Finding: Equatable {
        /// The member's path, e.g. `items.3` or `file`.
        var path: String
        var duplicate: Bool

        /// The clause a problem says: the field and what to do.
        var sentence: String {
            duplicate
                ? "The field \"\(path)\" appears twice in one object: send each field once."
                : "The field \"\(path)\" holds a NUL character (\\u0000), which no text here may hold: remove it."
        }
    }

    private struct Frame {
        var object: Bool
        var keys: Set<String> = []
        var key = ""
        var index = 0
        var expectingKey = true
    }

    static func firstFinding(in data: Data) -> Finding? {
        data.withUnsafeBytes { firstFinding(in: $0) }
    }

    static func firstFinding(in text: String) -> Finding? {
        var text = text
        return text.withUTF8 { firstFinding(in: UnsafeRawBufferPointer($0)) }
    }

    static func firstFinding(in bytes: UnsafeRawBufferPointer) -> Finding? {
        var stack: [Frame] = []
        /// A value's path (every frame's key or index), or a member name's (its object's key left out: `name`).
        func path(_ name: String? = nil) -> String {
            let frames = name == nil ? stack[...] : stack.dropLast()
            return (frames.map { $0.object ? $0.key : String($0.index) } + (name.map { [$0] } ?? [])).joined(
                separator: ".")
        }
        var offset = 0
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "{"): stack.append(Frame(object: true))
            case UInt8(ascii: "["): stack.append(Frame(object: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","):
                if let last = stack.indices.last {
                    if stack[last].object { stack[last].expectingKey = true } else { stack[last].index += 1 }
                }
            case UInt8(ascii: ":"): if let last = stack.indices.last { stack[last].expectingKey = false }
            case UInt8(ascii: "\""):
                let isKey = stack.last.map { $0.object && $0.expectingKey } ?? false
                guard let string = readString(bytes, from: offset + 1, keep: isKey) else { return nil }
                offset = string.end
                if isKey, let last = stack.indices.last {
                    if string.nul { return Finding(path: path(string.value), duplicate: false) }
                    if !stack[last].keys.insert(string.value).inserted {
                        return Finding(path: path(string.value), duplicate: true)
                    }
                    stack[last].key = string.value
                } else if string.nul {
                    return Finding(path: path(), duplicate: false)
                }
            default: break
            }
            offset += 1
        }
        return nil
    }

    /// The string whose text starts at `start` (after its opening quote): its value, whether it holds a NUL, and the
    /// offset of its closing quote; nil when it does not end. Only a member's name is kept (`keep`): a value is only
    /// looked through for a NUL, so a batch's items are not copied.
    private static func readString(_ bytes: UnsafeRawBufferPointer, from start: Int, keep: Bool) -> (
        value: String, nul: Bool, end: Int
    )? {
        var utf16: [UInt16] = []
        var plain: [UInt8] = []
        var nul = false
        var offset = start
        func flush() {
            guard keep else { return }
            utf16 += String(decoding: plain, as: UTF8.self).utf16
            plain.removeAll(keepingCapacity: true)
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                flush()
                return (String(decoding: utf16, as: UTF16.self), nul, offset)
            }
            if byte == 0 { nul = true }
            guard byte == UInt8(ascii: "\\"), offset + 1 < bytes.count else {
                if keep { plain.append(byte) }
                offset += 1
                continue
            }
            let escaped = bytes[offset + 1]
            offset += 2
            switch escaped {
            case UInt8(ascii: "u"):
                guard offset + 4 <= bytes.count,
                    let unit = UInt16(
                        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4]), as: UTF8.self),
                        radix: 16)
                else { return nil }
                if unit == 0 { nul = true }
                flush()
                if keep { utf16.append(unit) }
                offset += 4
            case _ where !keep: break
            case UInt8(ascii: "n"): plain.append(0x0A)
            case UInt8(ascii: "t"): plain.append(0x09)
            case UInt8(ascii: "r"): plain.append(0x0D)
            case UInt8(ascii: "b"): plain.append(0x08)
            case UInt8(ascii: "f"): plain.append(0x0C)
            default: plain.append(escaped)
            }
        }
        return nil
    }
}
