// participants.csv read into memory (it is small): answers looked up by participant ID to group results; the sheets of
// several log folders pooled into one table, an ID answered differently in two of them being an error.
import Foundation
import TidyFormats

public struct ParticipantTable: Sendable {
    public let columns: [String]
    let rows: [String: [String: String]]
    /// The file each participant's answers came from (the first one that named them).
    let sourceOf: [String: String]

    public func value(participant: String, column: String) -> String? { rows[participant]?[column] }

    /// Columns that say when a row was written, not who the participant is: they may differ between two folders.
    static let bookkeeping: Set<String> = ["registered_at", "corrected_at"]

    /// The explicit `--participants FILE` alone when given; else every input folder's participants.csv, pooled.
    public static func forInputs(explicit: String?, found: [String]) throws -> ParticipantTable? {
        if let explicit { return try load(explicit) }
        guard !found.isEmpty else { return nil }
        return try pooled(found.map(load))
    }

    /// One table from several sites' sheets. The same ID in two sheets is one person only if no answer differs (an
    /// empty answer is filled from the other sheet); otherwise it is an error naming both files, because pooling two
    /// people under one ID would merge their trials.
    static func pooled(_ tables: [ParticipantTable]) throws -> ParticipantTable {
        var columns: [String] = []
        var rows: [String: [String: String]] = [:]
        var sourceOf: [String: String] = [:]
        for table in tables {
            for c in table.columns where !columns.contains(c) { columns.append(c) }
            for (id, answers) in table.rows {
                guard var known = rows[id], let firstFile = sourceOf[id] else {
                    rows[id] = answers
                    sourceOf[id] = table.sourceOf[id]
                    continue
                }
                let file = table.sourceOf[id] ?? ""
                for (column, answer) in answers.sorted(by: { $0.key < $1.key }) where !answer.isEmpty {
                    let earlier = known[column] ?? ""
                    if earlier.isEmpty || bookkeeping.contains(column) {
                        if earlier.isEmpty { known[column] = answer }
                        continue
                    }
                    if earlier != answer {
                        throw AnalysisError(
                            "Participant '\(id)' is in \(firstFile) and in \(file) with different answers (\(column): '\(earlier)' vs '\(answer)'); one ID must be one person across pooled folders: rename the participant in one folder's logs and participants.csv, or analyse the folders separately."
                        )
                    }
                }
                rows[id] = known
            }
        }
        return ParticipantTable(columns: columns, rows: rows, sourceOf: sourceOf)
    }

    public static func load(_ path: String) throws -> ParticipantTable {
        // Every column of the file's own header (a supervisor may have added some), read by the one CSV reader.
        let reader = CSVReader(columns: nil)
        reader.advice = "fix the row in participants.csv"
        reader.showProgress = false
        var rows: [String: [String: String]] = [:]
        var columns: [String] = []
        // A later row for the same ID (a correction appended by the supervisor) replaces the earlier one.
        try reader.read(path: path) { record in
            columns = record.columnNames
            guard let key = columns.firstIndex(of: "participant") else { return }
            var row: [String: String] = [:]
            for (i, c) in columns.enumerated() { row[c] = StudyData.unescapeText(record.string(i)) }
            rows[StudyData.unescapeText(record.string(key))] = row
        }
        if columns.isEmpty { columns = reader.header }
        guard columns.contains("participant") else {
            throw AnalysisError("\(path): participants.csv has no 'participant' column; the header must name it.")
        }
        return ParticipantTable(
            columns: columns, rows: rows, sourceOf: rows.mapValues { _ in path })
    }
}
