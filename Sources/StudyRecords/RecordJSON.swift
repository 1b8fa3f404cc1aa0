// How every JSON log file is written: one encoder configuration for session.json, plan and profile files.
import Foundation

public enum RecordJSON {
    /// Pretty-printed with sorted keys (so a file's bytes depend only on its content) and unescaped slashes.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
