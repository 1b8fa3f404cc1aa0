// Every row of a game's trials.csv checked against its measured columns' domains, whichever column a command analyses.
import StudyRecords
import TidyFormats

/// A trials.csv row with a search time of −3 s is one the game never wrote, even when `describe` analyses only the
/// deviation: every reader of trials.csv adds the columns of `TrialColumnDomain` it does not read already (optional)
/// and checks each row by StudyRecords' rule before using it. The whole row is checked in a file the game wrote (its
/// header names `schema_version`, trials.csv's first column, whatever the file is called after a copy or a merge); a
/// researcher's own CSV that borrows a column name (a simulated `abs_deviation_deg` of −3.38 in an lme4 fixture) is
/// held only to the domain of the value a command averages (`checkValue`), as before.
struct TrialColumnCheck {
    /// The reader's slots of the domain columns with their ranges (found once, not by name for every value), and
    /// the slot of `schema_version`.
    private let domains: [(slot: Int, range: ClosedRange<Double>)]
    private let schemaSlot: Int

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
    }

    /// In a file the game wrote, an invalid row (fatal unless `--skip-invalid`) when a domain cell is no number or
    /// outside its domain.
    func check(_ record: CSVRecord) throws {
        guard record.has(schemaSlot) else { return }
        for (slot, range) in domains where record.has(slot) {
            let value = try NumberField.value(record, slot).approximate
            if !range.contains(value) { try Self.checkValue(value, record, slot) }
        }
    }

    /// An invalid row when `value`, the number in the record's column at `slot`, is outside that column's domain.
    static func checkValue(_ value: Double, _ record: CSVRecord, _ slot: Int) throws {
        if let reason = TrialColumnDomain.problem(record.columnNames[slot], value) {
            throw record.invalid(slot, "'\(record.string(slot))' \(reason)")
        }
    }
}
