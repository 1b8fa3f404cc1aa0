// The shape of a `device_id` (session.json, trials.csv): what a machine's identifier may look like.
import Foundation

public enum DeviceID {
    /// Letters, digits and `-`, 1 to 64 characters: safe in a CSV cell, a URL path and a file name.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64
            && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" }
    }
}
