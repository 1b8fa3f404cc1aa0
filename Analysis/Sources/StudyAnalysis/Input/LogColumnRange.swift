// The values a trials.csv column can hold (docs/LOG-FORMAT.md): a value outside them is a damaged row, never a datum.
import TidyFormats

/// `abs_deviation_deg` is in [0, 180], `deviation_deg` in (−180, 180], bearings in [0, 360), times not negative:
/// an absolute deviation of 200° or a time of −3 s cannot come from the game, and one such value would move a
/// mean or a median without a word. Every reader of these columns (`describe` and the tests, `progress`) checks.
enum LogColumnRange {
    static let ranges: [String: ClosedRange<Double>] = [
        "abs_deviation_deg": 0...180, "deviation_deg": -180...180, "time_s": 0...NumberField.largestMagnitude,
        "target_bearing_deg": 0...360, "aim_bearing_deg": 0...360,
    ]

    /// An invalid row (fatal unless `--skip-invalid`) when `value` of the record's column at `slot` is outside its range.
    static func check(_ value: Double, _ record: CSVRecord, _ slot: Int) throws {
        let column = record.columnNames[slot]
        guard let range = ranges[column], !range.contains(value) else { return }
        throw record.invalid(
            slot,
            "'\(record.string(slot))' is outside \(column)'s range \(format(range.lowerBound)) to \(format(range.upperBound)) (docs/LOG-FORMAT.md)"
        )
    }

    private static func format(_ value: Double) -> String {
        value == NumberField.largestMagnitude ? "1e100" : String(Int(value))
    }
}
