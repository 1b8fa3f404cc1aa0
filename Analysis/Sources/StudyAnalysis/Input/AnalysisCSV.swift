// The analyzer's use of the one CSV reader: its advice names --skip-invalid, and a cut-off last line is said once.
import Foundation
import TidyFormats

extension CSVReader {
    /// A reader whose row errors tell the researcher about `--skip-invalid`.
    static func forAnalysis(columns: [String], optionalColumns: Set<String> = [], skipInvalid: Bool) -> CSVReader {
        let reader = CSVReader(columns: columns, optionalColumns: optionalColumns, skipInvalid: skipInvalid)
        reader.advice = "fix the row or pass --skip-invalid to drop such rows"
        return reader
    }

    /// Reads one file and, when its last line was cut off by a crash (no line break), says on stderr that
    /// it was left out: such a line is never data (docs/LOG-FORMAT.md), and the numbers must not change silently.
    func readNotingCutOff(path: String, onRecord: (CSVRecord) throws -> Void) throws {
        try read(path: path, onRecord: onRecord)
        if let cutOff {
            FileHandle.standardError.write(
                Data(
                    "note: \(path):\(cutOff.line): the last line has no line break (a write cut off by a crash); left out.\n"
                        .utf8))
        }
    }
}
