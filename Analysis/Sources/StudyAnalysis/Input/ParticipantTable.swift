// participants.csv read into memory (it is small): answers looked up by participant ID to group results.
import Foundation

public struct ParticipantTable: Sendable {
    public let columns: [String]
    let rows: [String: [String: String]]

    public func value(participant: String, column: String) -> String? { rows[participant]?[column] }

    public static func load(_ path: String) throws -> ParticipantTable {
        // The header decides the columns, so read it first with plain text (one line, no quoting in names).
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AnalysisError("\(path): cannot open participants.csv; check the path.")
        }
        let head = handle.readData(ofLength: 65536)
        handle.closeFile()
        let firstLine =
            String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let columns = firstLine.split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\u{FEFF}"))
        }
        guard columns.contains("participant") else {
            throw AnalysisError("\(path): participants.csv has no 'participant' column; the header must name it.")
        }
        let reader = CSVRowReader(columns: columns, skipInvalid: false)
        reader.showProgress = false
        var rows: [String: [String: String]] = [:]
        let key = columns.firstIndex(of: "participant") ?? 0  // checked above
        try reader.read(path: path) { record in
            var row: [String: String] = [:]
            for (i, c) in columns.enumerated() { row[c] = StudyData.unescapeText(record.string(i)) }
            rows[StudyData.unescapeText(record.string(key))] = row
        }
        return ParticipantTable(columns: columns, rows: rows)
    }
}
