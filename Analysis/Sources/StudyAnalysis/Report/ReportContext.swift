// What every part of the report needs, worked out once: conditions, participants, their groups and the design.
import Foundation

struct ReportContext {
    typealias Pick = @Sendable (ReportData.Measures) -> GroupAccumulator
    /// The two measures the tables report, with the CSV column each comes from.
    static let measures: [(name: String, column: String, pick: Pick)] = [
        ("deviation", "abs_deviation_deg", { $0.deviation }), ("time", "time_s", { $0.time }),
    ]

    let data: ReportData
    let compare: String
    let groupBy: String?
    let participantTable: ParticipantTable?
    let conditions: [String]
    let people: [String]
    let groupNames: [String]
    /// Every participant played more than one condition: the tests are within-subjects.
    let within: Bool
    let design: String
    let countsByCondition: [String: [String: Int]]

    init(data: ReportData, compare: String, groupBy: String?, participantTable: ParticipantTable?) {
        self.data = data
        self.compare = compare
        self.groupBy = groupBy
        self.participantTable = participantTable
        conditions = StudyData.sortLevels(Array(data.conditions.keys))
        people = StudyData.sortLevels(Array(data.participants.keys))
        let present = data.cells.keys
        let perParticipant = Dictionary(grouping: present, by: \.a).mapValues(\.count)
        let missingCells = people.count * conditions.count - present.count
        var counts: [String: [String: Int]] = [:]
        for (key, m) in data.cells { counts[key.b, default: [:]][key.a] = m.deviation.count }
        countsByCondition = counts
        if conditions.count < 2 {
            design = "single condition (no comparison between conditions possible)"
        } else if missingCells == 0 {
            design = "within-subjects: every participant played every \(compare)"
        } else if perParticipant.values.allSatisfy({ $0 == 1 }) {
            design = "between-subjects: each participant played one \(compare)"
        } else {
            design =
                "mixed/incomplete: \(missingCells) of \(people.count * conditions.count) participant x \(compare) cells are missing"
        }
        within =
            conditions.count >= 2 && missingCells < people.count * conditions.count - people.count
            && !perParticipant.values.allSatisfy({ $0 == 1 })
        var names: Set<String> = []
        for p in people { names.insert(Self.group(of: p, groupBy: groupBy, table: participantTable)) }
        groupNames = StudyData.sortLevels(Array(names))
    }

    static func group(of participant: String, groupBy: String?, table: ParticipantTable?) -> String {
        guard let groupBy else { return "all" }
        let v = table?.value(participant: participant, column: groupBy) ?? ""
        return v.isEmpty ? "unknown" : v
    }

    func group(of participant: String) -> String {
        Self.group(of: participant, groupBy: groupBy, table: participantTable)
    }

    func cellMean(_ participant: String, _ condition: String, _ pick: Pick) -> Double? {
        data.cells[ReportData.PairKey(a: participant, b: condition)].map { pick($0).mean }
    }

    /// Participants with a mean in every condition, and those means (participant x condition).
    func completeRows(_ pick: Pick, among candidates: [String]? = nil) -> (names: [String], rows: [[Double]]) {
        var names: [String] = []
        var rows: [[Double]] = []
        for p in candidates ?? people {
            let row = conditions.compactMap { cellMean(p, $0, pick) }
            if row.count == conditions.count {
                names.append(p)
                rows.append(row)
            }
        }
        return (names, rows)
    }

    /// One value per participant for comparing participant groups: the mean of their condition means (each condition
    /// weighs the same, whatever its number of trials), the between-subjects unit of the mixed ANOVA.
    func participantMean(_ participant: String, _ pick: Pick) -> Double? {
        let means = conditions.compactMap { cellMean(participant, $0, pick) }
        return means.isEmpty ? nil : CompensatedSum.of(means) / Double(means.count)
    }
}
