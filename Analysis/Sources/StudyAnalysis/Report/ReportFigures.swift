// The report's figures (SVG): conditions, participants per condition, learning curves, aims, questionnaire answers.
import Foundation

typealias ReportFigure = (file: String, caption: String, svg: String)

enum ReportFigures {
    /// Figure 1 takes the conditions table's means and CIs; also returns the questionnaire facts for the summary.
    static func all(
        _ c: ReportContext, devCI: [(Double, Double, Double)], timeCI: [(Double, Double, Double)]
    ) -> (figures: [ReportFigure], questionnaireFacts: [String]) {
        let compare = c.compare
        var figures: [ReportFigure] = []
        figures.append(
            (
                "figure-6-1-conditions.svg",
                "Figure 1: mean absolute deviation and mean time per \(compare), with 95% confidence intervals; each dot is one participant's mean.",
                SVGFigure.barPanels(
                    title: "Comparison between \(compare)s", categories: c.conditions,
                    panels: [
                        ("abs deviation (deg)", devCI.map(\.0), devCI.map(\.1), devCI.map(\.2)),
                        ("time (s)", timeCI.map(\.0), timeCI.map(\.1), timeCI.map(\.2)),
                    ],
                    points: ReportContext.measures.map { measure in
                        c.conditions.map { condition in c.people.compactMap { c.cellMean($0, condition, measure.pick) }
                        }
                    })
            ))
        for (i, condition) in c.conditions.enumerated() {
            let points = c.people.compactMap { p -> (x: Double, y: Double, group: String)? in
                guard let m = c.data.cells[ReportData.PairKey(a: p, b: condition)] else { return nil }
                return (m.time.mean, m.deviation.mean, c.group(of: p))
            }
            figures.append(
                (
                    "figure-6-\(i + 2)-participants-\(StudyReport.slug(condition)).svg",
                    "Figure \(i + 2): participants in \(compare) '\(condition)': mean time vs mean absolute deviation\(c.groupBy.map { ", coloured by \($0)" } ?? "").",
                    SVGFigure.scatter(
                        title: "\(condition) participants", xLabel: "mean time (s)", yLabel: "mean abs deviation (deg)",
                        points: points, groups: c.groupNames)
                ))
        }
        let roundKeys = c.data.rounds.keys.sorted()
        if !roundKeys.isEmpty {
            let s = roundKeys.compactMap { k in c.data.rounds[k].map { Describe.summarize(name: "\(k)", $0) }
            }
            figures.append(
                (
                    "learning-curve-rounds.svg", "Learning curve: mean absolute deviation by round number (95% CI).",
                    SVGFigure.lineWithCI(
                        title: "Deviation over rounds", xLabel: "round", yLabel: "mean abs deviation (deg)",
                        xs: roundKeys.map(Double.init), means: s.map(\.mean), low: s.map(\.ciLow), high: s.map(\.ciHigh)
                    )
                ))
        }
        // One session each would be one dot: the figure is left out unless someone has a second session.
        let sessionsPerPerson = Dictionary(grouping: c.data.sessions.keys, by: \.a).values.map(\.count)
        if sessionsPerPerson.contains(where: { $0 >= 2 }) {
            // Session number = order of a participant's session folders (their names sort by time).
            var bySessionNumber: [Int: GroupAccumulator] = [:]
            for keys in Dictionary(grouping: c.data.sessions.keys, by: \.a).values {
                for (index, key) in keys.sorted(by: { $0.b < $1.b }).enumerated() {
                    if let mean = c.data.sessions[key]?.mean {
                        bySessionNumber[index + 1, default: GroupAccumulator()].add(mean)
                    }
                }
            }
            let keys = bySessionNumber.keys.sorted()
            let s = keys.compactMap { k in bySessionNumber[k].map { Describe.summarize(name: "\(k)", $0) } }
            figures.append(
                (
                    "learning-curve-sessions.svg",
                    "Learning curve: mean of participants' mean absolute deviation by their n-th session (95% CI).",
                    SVGFigure.lineWithCI(
                        title: "Deviation over sessions", xLabel: "session number", yLabel: "mean abs deviation (deg)",
                        xs: keys.map(Double.init), means: s.map(\.mean), low: s.map(\.ciLow), high: s.map(\.ciHigh))
                ))
        }
        if let figure = ReportLearningCurve.figure(c) { figures.append(figure) }
        if !c.data.polarPairs.isEmpty {
            figures.append(
                (
                    "polar-aims-targets.svg",
                    "Aims against targets (first \(c.data.polarPairs.count) trials): targets on the outer ring, aims on the inner ring.",
                    SVGFigure.polar(title: "Aims vs targets", pairs: c.data.polarPairs)
                ))
        }
        // Questionnaire answers of the participants in the logs (the thesis's figures 6.6-6.9).
        var questionnaireFacts: [String] = []
        if let table = c.participantTable {
            let answered = c.people.filter { table.value(participant: $0, column: "participant") != nil }
            let ages = answered.compactMap { table.value(participant: $0, column: "age").flatMap(Double.init) }
            if !ages.isEmpty {
                questionnaireFacts.append(
                    "Questionnaire: \(answered.count) of \(c.people.count) participants in participants.csv; mean age \(RFormat.signif(ages.reduce(0, +) / Double(ages.count), 3)) years (\(ages.count) answers)"
                )
            }
            var number = c.conditions.count + 2  // after figures 1 and 2 ... (one per condition)
            for column in ["gender", "tinnitus", "hearing_aid", "phone_experience_0_5", "game_experience_0_5"]
            where table.columns.contains(column) {
                let answers = answered.compactMap { table.value(participant: $0, column: column) }.filter {
                    !$0.isEmpty
                }
                guard !answers.isEmpty else { continue }
                let levels = StudyData.sortLevels(Array(Set(answers)))
                let counts = levels.map { level in Double(answers.filter { $0 == level }.count) }
                let none = Array(repeating: Double.nan, count: levels.count)
                figures.append(
                    (
                        "figure-6-\(number)-\(StudyReport.slug(column)).svg",
                        "Figure \(number): questionnaire, \(column) (participants per answer, \(answers.count) answers).",
                        SVGFigure.barPanels(
                            title: "Participants by \(column)", categories: levels,
                            panels: [("participants", counts, none, none)], counts: true)
                    ))
                number += 1
            }
        }
        return (figures, questionnaireFacts)
    }
}
