// What Foundation's JSON parsers forgive but JSON does not: a trailing comma, and a key given twice in one object.
import Foundation

/// The project's JSON files (protocols, `sounds.json`) are checked strictly, so a file that loads here also
/// opens in every other JSON tool and means the same there: a trailing comma (`[1, 2,]`, `{"a": 1,}`), which
/// Foundation's decoders accept, and a key given twice in one object (`{"gain_db": 3, "gain_db": -3}`), of
/// which Foundation silently keeps one, are refused with their line. Run it on data that already parsed.
public enum StrictJSON {
    /// A construct of valid-looking JSON that the project refuses, with the 1-based line it is on.
    public struct Violation: Equatable, Sendable {
        public let line: Int
        /// What is wrong and what to do, to follow "line N: ".
        public let problem: String
    }

    /// The first trailing comma or repeated key outside strings, or nil when there is none. Keys are compared
    /// as written (`"a"` and `"\u0061"` count as different).
    public static func firstViolation(in data: Data) -> Violation? {
        var inString = false
        var escaped = false
        var line = 1
        var pendingComma: Int?
        // One entry per open bracket: an object's keys so far (nil for an array), and whether a key comes next.
        var containers: [(keys: Set<[UInt8]>?, expectsKey: Bool)] = []
        var stringBytes: [UInt8] = []
        var stringIsKey = false
        for byte in data {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if stringIsKey, let last = containers.indices.last {
                        if containers[last].keys?.insert(stringBytes).inserted == false {
                            let key = String(decoding: stringBytes, as: UTF8.self)
                            return Violation(
                                line: line, problem: "the key \"\(key)\" appears twice in one object; keep only one")
                        }
                        containers[last].expectsKey = false
                    }
                    continue
                }
                if stringIsKey { stringBytes.append(byte) }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: ","):
                pendingComma = line
                if let last = containers.indices.last, containers[last].keys != nil {
                    containers[last].expectsKey = true
                }
                continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let pendingComma {
                    return Violation(
                        line: pendingComma,
                        problem: "a comma before a closing bracket or brace; remove the trailing comma")
                }
                _ = containers.popLast()
            case UInt8(ascii: "{"):
                containers.append((keys: [], expectsKey: true))
            case UInt8(ascii: "["):
                containers.append((keys: nil, expectsKey: false))
            case UInt8(ascii: "\""):
                inString = true
                stringIsKey = containers.last.map { $0.keys != nil && $0.expectsKey } ?? false
                stringBytes.removeAll(keepingCapacity: true)
            default:
                break
            }
            pendingComma = nil
        }
        return nil
    }
}
