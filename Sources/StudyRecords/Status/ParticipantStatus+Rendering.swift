// `status` as a supervisor reads it: the participants' table as text, CSV or JSON (the command and the server).
import Foundation
import TidyFormats

extension ParticipantStatus {
    /// The CSV table: `columns`, one line per participant (the one CSV writer).
    public static func csv(_ participants: [ParticipantStatus]) -> String {
        CSVWriter.headerLine(columns) + participants.map { CSVWriter.line($0.values) }.joined()
    }

    /// A JSON array, one object per participant with their unfinished sessions.
    public static func json(_ participants: [ParticipantStatus]) -> String {
        JSONValue.array(participants.map(\.json)).rendered()
    }

    /// The table (columns padded, text left-aligned, numbers right-aligned), then the interrupted sessions.
    public static func text(_ participants: [ParticipantStatus], logs: String) -> String {
        guard !participants.isEmpty else { return "No participants in \(logs) yet.\n" }
        let header = [
            "participant", "protocol or plan", "done", "interrupted", "missed", "due next", "last seen", "week dose",
            "last rating", "HRTF",
        ]
        let numeric: Set<Int> = [2, 3, 4, 7]
        let rows = participants.map { p -> [String] in
            [
                p.participant, p.programme, "\(p.done)", "\(p.interrupted.count)", p.missed.map { "\($0)" } ?? "–",
                p.dueNext.isEmpty ? "–" : p.dueNext,
                p.lastSeen.map { String(Timestamp.format($0).prefix(16)).replacingOccurrences(of: "T", with: " ") }
                    ?? "never",
                p.weekDosePercent.map { String(format: "%.0f %%", $0) } ?? "–",
                p.lastRatingText.isEmpty ? "–" : p.lastRatingText, p.hrtf,
            ]
        }
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
        }
        var text = line(header) + rows.map(line).joined()
        let unfinished = participants.flatMap { p in p.interrupted.map { (p.participant, $0) } }
        let running = participants.flatMap { p in p.running.map { (p.participant, $0) } }
        if !unfinished.isEmpty {
            text += "\nInterrupted sessions:\n"
            for (participant, session) in unfinished {
                text += "  \(participant) \(session.sessionID) (\(session.programme)"
                if let index = session.sessionIndex { text += ", session_index \(index)" }
                text += ", \(session.photos.map(String.init) ?? "?") of \(session.targets) photos)"
                text +=
                    session.resumeCommand.map { ": " + $0 }
                    ?? ": not resumable (--resume continues only the newest unfinished session)"
                text += "\n"
            }
        }
        for (participant, session) in running {
            text += "\nBeing played now: \(participant) \(session.sessionID) (\(session.programme)).\n"
        }
        text +=
            "\nTimes in UTC; week dose: % of the weekly allowance (80 dB(A) for 40 h), – without calibrated headphones.\n"
        return text
    }
}
