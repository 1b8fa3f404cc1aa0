// The participant page's "Sound (HRTF set)" section: the set the profile trains with, each choice by ear as its
// tournament's table, and the check after a choice.
import Foundation
import Localization
import StudyRecords

enum ParticipantHRTF {
    /// A SHA-256 as the page shows it: its first 12 digits (enough to tell the shipped sets apart).
    static func short(_ sha256: String) -> String {
        sha256.count > 12 ? String(sha256.prefix(12)) + "…" : sha256
    }

    /// The template's values: `hrtfCurrent` (one sentence), `choices` (one table each, oldest first), `checks`.
    static func page(
        participant: String, current: HearingProfile, synced: Bool, choices: [StudyDatabase.HRTFChoiceEntry],
        checks: [StudyDatabase.HRTFCheckSide], site: String, catalog: MessageCatalog
    ) -> [String: Any] {
        let currentText: String
        if let set = current.hrtf {
            currentText =
                set.sha256.isEmpty
                ? catalog.gettext(
                    "{participant} trains with the HRTF set {name} (built into OpenAL Soft), as profile version {version} says.",
                    ["participant": participant, "name": set.name, "version": String(current.version)])
                : catalog.gettext(
                    "{participant} trains with the HRTF set {name} (SHA-256 {sha}), as profile version {version} says.",
                    [
                        "participant": participant, "name": set.name, "sha": short(set.sha256),
                        "version": String(current.version),
                    ])
        } else {
            currentText =
                synced
                ? catalog.gettext(
                    "{participant} trains with OpenAL Soft's default HRTF set: profile version {version} names no set of its own.",
                    ["participant": participant, "version": String(current.version)])
                : catalog.gettext(
                    "{participant} trains with OpenAL Soft's default HRTF set: no profile version has synced yet.",
                    ["participant": participant])
        }
        // One choice is the rows of one machine with one choice_id, in the order written.
        var groups: [(key: String, rows: [HRTFChoiceRow])] = []
        for entry in choices {
            let key = "\(entry.deviceID) \(entry.row.choiceID)"
            if let last = groups.indices.last, groups[last].key == key {
                groups[last].rows.append(entry.row)
            } else {
                groups.append((key, [entry.row]))
            }
        }
        let tables: [[String: Any]] = groups.enumerated().map { index, group in
            let compared = group.rows.filter { $0.answer != .winner }
            let winner = group.rows.last { $0.answer == .winner }
            let started = Timestamp.parse(group.rows[0].choiceID)
            let who = group.rows[0].responder == "patient" ? "" : " · \(group.rows[0].responder)"
            let caption =
                winner.map { winner in
                    catalog.ngettext(
                        "Choice of {started}: {count} comparison, winner {winner}",
                        "Choice of {started}: {count} comparisons, winner {winner}",
                        compared.count,
                        ["started": catalog.time(started), "winner": winner.set1])
                }
                ?? catalog.ngettext(
                    "Choice of {started}: {count} comparison, ended before a winner (the profile was not changed)",
                    "Choice of {started}: {count} comparisons, ended before a winner (the profile was not changed)",
                    compared.count, ["started": catalog.time(started)])
            let rows: [[String: Any]] = compared.map { row in
                let (a, b) = row.order == "1-2" ? (row.set1, row.set2) : (row.set2, row.set1)
                // A and B are the names the patient heard the sets by, in every language.
                let answer =
                    row.answer == .a ? "A" : row.answer == .b ? "B" : catalog.gettext("no difference")
                return [
                    "comparison": String(row.comparison), "round": String(row.round), "a": a, "b": b,
                    "answer": answer, "preferred": row.preferred.isEmpty ? "—" : row.preferred,
                    "hearAgain": String(row.hearAgain),
                    "seconds": catalog.number(row.answerSeconds, 1),
                ]
            }
            return [
                "id": "hrtf-choice-\(index + 1)", "caption": caption + who, "rows": rows,
                "winner": winner?.set1 ?? "", "winnerSHA": winner.map { short($0.set1SHA256) } ?? "",
                "hasWinner": winner != nil,
            ]
        }
        let checkRows: [[String: Any]] = checks.map { side in
            [
                "session": side.sessionIndex.map { catalog.gettext("session {number}", ["number": String($0)]) }
                    ?? side.sessionID,
                "link": "/sites/\(site)/sessions/\(side.sessionID)",
                "sound": side.condition == HRTFCheck.chosenCondition
                    ? catalog.gettext("the chosen set")
                    : side.condition == HRTFCheck.standardCondition
                        ? catalog.gettext("the standard set") : side.condition,
                "hrtf": side.hrtf, "targets": String(side.trials),
                "error": catalog.number(side.meanAbsoluteErrorDeg, 1),
                "reversals": String(side.reversals),
            ]
        }
        return [
            "hrtfCurrent": currentText, "choices": tables, "noChoices": tables.isEmpty, "checks": checkRows,
            "hasChecks": !checkRows.isEmpty,
        ]
    }
}
