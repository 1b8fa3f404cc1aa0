// Every row of a game's trials.csv checked against its measured columns' domains, whichever column a command analyses.
import StudyRecords
import TidyFormats

/// A trials.csv row with a search time of −3 s is one the game never wrote, even when `describe` analyses only the
/// deviation: every reader of trials.csv adds the columns of `TrialColumnDomain` it does not read already (optional)
/// and checks each row by StudyRecords' rule before using it. The whole row is checked in a file the game wrote (its
/// header names `schema_version`, trials.csv's first column, whatever the file is called after a copy or a merge); a
/// researcher's own CSV that borrows a column name (a simulated `abs_deviation_deg` of −3.38 in an lme4 fixture) is
/// held only to the domain of the value a command averages (`checkValue`), as before.
///
/// The numbers `check` parses are kept for the record being read, so a command reading a domain column's value
/// (`value`) takes the same number instead of parsing the field a second time.
final class TrialColumnCheck {
    /// The reader's slots of the domain columns with their ranges (found once, not by name for every value), and
    /// the slot of `schema_version`.
    private let domains: [(slot: Int, range: ClosedRange<Double>)]
    private let schemaSlot: Int
    /// Each reader slot's column's domain (nil: the column has none).
    private let rangeOfSlot: [ClosedRange<Double>?]
    /// `numbers[slot]` is the current record's number when `parsedIn[slot] == serial` (`check` counts records).
    @exclusivity(unchecked) private var numbers: [ExactDecimal]
    @exclusivity(unchecked) private var parsedIn: [Int]
    @exclusivity(unchecked) private var serial = 0

    /// Adds the domain columns and `schema_version` where `columns` lacks them, as optional columns.
    init(columns: inout [String], optional: inout Set<String>) {
        for column in TrialColumnDomain.columns + ["schema_version"] where !columns.contains(column) {
            columns.append(column)
            optional.insert(column)
        }
        let names = columns
        domains = TrialColumnDomain.columns.compactMap { column in
            guard let slot = names.firstIndex(of: column), let range = TrialColumnDomain.ranges[column] else {
                return nil
            }
            return (slot, range)
        }
        schemaSlot = columns.firstIndex(of: "schema_version") ?? 0
        rangeOfSlot = names.map { TrialColumnDomain.ranges[$0] }
        numbers = Array(repeating: ExactDecimal(mantissa: 0, scale: 0), count: names.count)
        parsedIn = Array(repeating: 0, count: names.count)
    }

    /// In a file the game wrote, an invalid row (fatal unless `--skip-invalid`) when a domain cell is no number or
    /// outside its domain. Called first for every record: the numbers it parses are this record's for `value`.
    func check(_ record: CSVRecord) throws {
        serial &+= 1
        guard record.has(schemaSlot) else { return }
        for (slot, range) in domains where record.has(slot) {
            let number = try NumberField.value(record, slot)
            numbers[slot] = number
            parsedIn[slot] = serial
            if !range.contains(number.approximate) { try checkValue(number.approximate, record, slot) }
        }
    }

    /// `NumberField.value(record, slot)` for the record `check` was last given: the number it parsed, if it did.
    func value(_ record: CSVRecord, _ slot: Int) throws -> ExactDecimal {
        if parsedIn[slot] == serial { return numbers[slot] }
        return try NumberField.value(record, slot)
    }

    /// An invalid row when `value`, the number in the record's column at `slot`, is outside that column's domain.
    func checkValue(_ value: Double, _ record: CSVRecord, _ slot: Int) throws {
        guard let range = rangeOfSlot[slot], !range.contains(value) else { return }
        if let reason = TrialColumnDomain.problem(record.columnNames[slot], value) {
            throw record.invalid(slot, "'\(record.string(slot))' \(reason)")
        }
    }
}
