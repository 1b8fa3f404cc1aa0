// The report's balance statement: does every participant have the same number of trials in each condition?
import Foundation

enum DesignBalance {
    /// `counts[condition][participant]` = trials in that cell (cells a participant never played are absent: the design
    /// line reports those). Conditions may differ from each other (two-target rounds log two trials); what matters is
    /// that within a condition all participants have the same number.
    static func statement(counts: [String: [String: Int]], compare: String) -> String {
        let conditions = StudyData.sortLevels(Array(counts.keys))
        var perCondition: [(String, Int)] = []
        var offending: [String] = []
        for c in conditions {
            let cells = counts[c] ?? [:]
            // The most common count is taken as the intended one; the cells that differ from it are listed.
            let frequency = Dictionary(grouping: cells.values, by: { $0 }).mapValues(\.count)
            let usual = frequency.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
            perCondition.append((c, usual))
            for p in StudyData.sortLevels(Array(cells.keys)) {
                guard let count = cells[p], count != usual else { continue }
                offending.append("\(p) in \(c) has \(count) (others \(usual))")
            }
        }
        if offending.isEmpty {
            let values = perCondition.map(\.1)
            if Set(values).count == 1 {
                return "balanced across participants (\(values[0]) trials in every participant x \(compare) cell)"
            }
            return
                "balanced across participants (\(values.min() ?? 0)–\(values.max() ?? 0) trials per cell by \(compare): "
                + perCondition.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")"
        }
        let shown =
            offending.prefix(5).joined(separator: "; ")
            + (offending.count > 5 ? "; and \(offending.count - 5) more" : "")
        return
            "unbalanced across participants: \(offending.count) participant x \(compare) cell\(offending.count == 1 ? " differs" : "s differ") from the others in their \(compare): \(shown)"
    }
}
