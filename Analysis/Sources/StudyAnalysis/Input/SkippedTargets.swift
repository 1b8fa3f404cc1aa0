// Rows of animals a patient skipped ("skip this animal"): no photo, so no deviation or time to analyse.
import TidyFormats

/// trials.csv's `skipped` column (docs/LOG-FORMAT.md, column 35): a TRUE row is a target given up, not photographed.
/// Every reader of deviations and times leaves such rows out and counts them apart; files without the column hold
/// photos only. A researcher who names the column (`--value skipped`, `--filter skipped=TRUE`, `--by skipped`)
/// analyses it like any other.
enum SkippedTargets {
    static let column = "skipped"

    /// True when the cell says TRUE (`true`, `1`): what the game writes for a skipped animal.
    static func isSkipped(_ record: CSVRecord, _ slot: Int) -> Bool {
        guard record.has(slot), let first = record.bytes(slot).first else { return false }
        return first == UInt8(ascii: "T") || first == UInt8(ascii: "t") || first == UInt8(ascii: "1")
    }

    /// The note beside a count of rows: "; 2 skipped animals left out" (empty for none).
    static func note(_ count: Int) -> String {
        count == 0 ? "" : "; \(count) skipped animal\(count == 1 ? "" : "s") (skipped = TRUE) left out"
    }
}
