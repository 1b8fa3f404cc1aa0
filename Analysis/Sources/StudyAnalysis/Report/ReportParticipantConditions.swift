// The report's participant x condition table: each participant's mean absolute deviation and front-back reversals
// in each level of the compared column (an HRTF set per participant with `--compare hrtf`, issue 43).
import Foundation
import TidyFormats

enum ReportParticipantConditions {
    /// `tables/participant-conditions.csv`'s columns: the participant, the level, its trials, the mean absolute
    /// deviation, then the reversals of the trials that logged `front_back_reversal` (empty for logs without it).
    static func header(_ c: ReportContext) -> [String] {
        [
            "participant", c.compare == "participant" ? "level" : c.compare, "n_trials", "mean_abs_deviation_deg",
            "front_back_reversals", "reversal_trials", "front_back_reversal_rate",
        ]
    }

    /// One row per participant and level they played, participants and levels in the report's order.
    static func csvRows(_ c: ReportContext) -> [[String]] {
        c.people.flatMap { person in
            c.conditions.compactMap { condition -> [String]? in
                let key = ReportData.PairKey(a: person, b: condition)
                guard let cell = c.data.cells[key] else { return nil }
                let reversals = c.data.cellReversals[key]
                return [
                    person, condition, "\(cell.deviation.count)", StudyReport.num(cell.deviation.mean),
                    reversals.map { "\($0.count)" } ?? "", reversals.map { "\($0.n)" } ?? "",
                    reversals.map { StudyReport.num(Double($0.count) / Double($0.n)) } ?? "",
                ]
            }
        }
    }

    /// The report's table: one row per participant, one column per level, each cell the mean absolute deviation and
    /// the reversals as "12.3° (1/6)" — "—" where the participant did not play the level, no parentheses where the
    /// logs hold no reversals. Empty for a single level (the participants table says it all).
    static func shown(_ c: ReportContext) -> (header: [String], rows: [[String]]) {
        guard c.conditions.count > 1 else { return ([], []) }
        let rows = c.people.map { person in
            [person]
                + c.conditions.map { condition -> String in
                    let key = ReportData.PairKey(a: person, b: condition)
                    guard let cell = c.data.cells[key] else { return "—" }
                    let mean = FixedDecimal.string(cell.deviation.mean, digits: 1) + "°"
                    return c.data.cellReversals[key].map { "\(mean) (\($0.count)/\($0.n))" } ?? mean
                }
        }
        return (["participant"] + c.conditions, rows)
    }
}
