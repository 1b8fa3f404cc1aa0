// Finds the line on which each field of a JSON document starts, so protocol errors can name it.

/// Maps field paths (`conditions[1].repetitions`) to 1-based line numbers by scanning the text once.
/// Only used to point at lines in error messages; the values themselves come from JSONDecoder.
struct JSONLineLocator {
    private(set) var lines: [String: Int] = [:]

    init(text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.value(path: "", into: &lines)
    }

    func line(of path: String) -> Int? { lines[path] }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipBlanks() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
                default: return
                }
            }
        }

        mutating func value(path: String, into lines: inout [String: Int]) {
            skipBlanks()
            guard index < bytes.count else { return }
            lines[path] = line
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                while true {
                    skipBlanks()
                    guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else {
                        index += 1
                        return
                    }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    let keyLine = line
                    let key = string()
                    let childPath = path.isEmpty ? key : path + "." + key
                    skipBlanks()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
                    value(path: childPath, into: &lines)
                    lines[childPath] = keyLine
                }
            case UInt8(ascii: "["):
                index += 1
                var element = 0
                while true {
                    skipBlanks()
                    guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else {
                        index += 1
                        return
                    }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    value(path: "\(path)[\(element)]", into: &lines)
                    element += 1
                }
            case UInt8(ascii: "\""):
                _ = string()
            default:
                // A number, true, false or null: runs to the next delimiter.
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            }
        }

        /// Reads a string literal (raw, escapes kept; keys in protocol files are plain ASCII).
        mutating func string() -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                return ""
            }
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                index += 1
            }
            let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
            index += 1
            return text
        }
    }
}
