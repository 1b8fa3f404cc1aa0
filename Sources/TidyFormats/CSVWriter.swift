// The one CSV writer of the code base: RFC 4180 rows over libcsv's quoting, UTF-8, `.` decimal mark.
import CCSV
import Foundation

/// Encodes rows as RFC 4180 CSV lines (CRLF is not used: `\n` ends a row, which R, pandas,
/// SPSS and spreadsheets all read). A field is quoted by libcsv's `csv_write` only when it
/// must be: it holds a comma, a quote, a line break, or leading/trailing blanks (which a CSV
/// reader such as libcsv would otherwise trim).
public enum CSVWriter {
    /// One row, ending with `\n`.
    public static func line(_ values: [CSVValue]) -> String {
        values.map { field($0.encoded) }.joined(separator: ",") + "\n"
    }

    /// A header row from column names.
    public static func headerLine(_ columns: [String]) -> String {
        line(columns.map(CSVValue.text))
    }

    /// One field, quoted when needed.
    public static func field(_ text: String) -> String {
        guard needsQuoting(text) else { return text }
        let source = Array(text.utf8)
        // libcsv doubles every quote and adds the two surrounding ones: at most 2n + 2 bytes.
        var destination = [UInt8](repeating: 0, count: source.count * 2 + 2)
        let written = source.withUnsafeBytes { src in
            destination.withUnsafeMutableBytes { dst in
                csv_write(dst.baseAddress, dst.count, src.baseAddress, src.count)
            }
        }
        return String(decoding: destination.prefix(written), as: UTF8.self)
    }

    static func needsQuoting(_ text: String) -> Bool {
        if text.utf8.contains(where: {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"")
                || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }) {
            return true
        }
        let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        if let first = text.utf8.first, blanks.contains(first) { return true }
        if let last = text.utf8.last, blanks.contains(last) { return true }
        return false
    }
}
