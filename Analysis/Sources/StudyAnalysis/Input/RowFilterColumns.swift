// `--filter` for a reader of trials.csv that reads its own columns: every part of a report reads the same rows.
import TidyFormats

/// The filters' columns appended to a reader's columns, and the check of each record against them.
struct RowFilterColumns {
    private let slots: [(slot: Int, filters: [RowFilter])]

    /// Appends each filtered column to `columns` once (read as required: a filter on a column a file lacks is
    /// refused, as the report's own pass refuses it).
    init(_ filters: [RowFilter], appendingTo columns: inout [String]) {
        for filter in filters where !columns.contains(filter.column) { columns.append(filter.column) }
        let names = columns
        slots = Dictionary(grouping: filters, by: \.column).map { column, group in
            (slot: names.firstIndex(of: column) ?? 0, filters: group)
        }
    }

    func keeps(_ record: CSVRecord) -> Bool {
        slots.allSatisfy { RowFilter.keeps(StudyData.unescapeText(record.string($0.slot)), $0.filters) }
    }
}
