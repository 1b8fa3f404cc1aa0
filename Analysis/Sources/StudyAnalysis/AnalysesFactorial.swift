// Data loaded with factors [between..., within...] and a subject, turned into the per-subject cell means that the
// factorial repeated-measures ANOVA, the Friedman test and the within-subject post-hoc tests take.
import Foundation

/// Complete subjects' means of every within cell, with their between-subjects levels.
public struct SubjectCells: Sendable {
    public let design: FactorialDesign
    public let subjects: [String]
    /// `means[s][c]`: subject s, within cell c (row-major over the within factors).
    public let means: [[Double]]
    /// `groups[s][i]`: index of subject s's level of between factor i.
    public let groups: [[Int]]
    public let dropped: [String]
}

extension Analyses {
    /// The first `betweenCount` loaded factors are between-subjects (constant within a subject), the rest within.
    /// `asRead`: means of the unshifted doubles, as R's aggregate(mean) gives them (for rank tests).
    public static func subjectCells(_ data: StudyData, betweenCount: Int, asRead: Bool = false) throws -> SubjectCells {
        let factors = data.options.factors
        guard let subjectColumn = data.options.subject else {
            throw AnalysisError("Within-subjects factors need --subject (the column naming each participant).")
        }
        var groupOf: [String: [String]] = [:]
        var means: [String: [[String]: Double]] = [:]
        for (key, cell) in data.cells {
            guard let subject = key.subject else { continue }
            let between = Array(key.levels.prefix(betweenCount))
            if let other = groupOf[subject], other != between {
                let factor = other.indices.first { other[$0] != between[$0] }.map { factors[$0] } ?? ""
                throw AnalysisError(
                    "\(subjectColumn) '\(subject)' has rows in two levels of '\(factor)'; a --by factor must be constant within each subject (or give it as --within)."
                )
            }
            groupOf[subject] = between
            means[subject, default: [:]][Array(key.levels.dropFirst(betweenCount))] =
                asRead ? cell.meanAsRead : cell.mean
        }
        let withinLevels = (betweenCount..<factors.count).map { data.levels(of: $0) }
        let cells = withinLevels.reduce([[String]()]) { partial, levels in
            partial.flatMap { prefix in levels.map { prefix + [$0] } }
        }
        var kept: [String] = []
        var rows: [[Double]] = []
        var dropped: [String] = []
        for subject in data.subjects {
            let row = cells.compactMap { means[subject]?[$0] }
            if row.count == cells.count {
                kept.append(subject)
                rows.append(row)
            } else {
                dropped.append(subject)
            }
        }
        // Between levels among the complete subjects only (a level whose subjects are all incomplete takes no part).
        let betweenLevels = (0..<betweenCount).map { i in
            StudyData.sortLevels(Array(Set(kept.compactMap { groupOf[$0]?[i] })))
        }
        let groups = kept.map { subject in
            (0..<betweenCount).map { i in betweenLevels[i].firstIndex(of: groupOf[subject]?[i] ?? "") ?? 0 }
        }
        let design = FactorialDesign(
            withinNames: Array(factors.dropFirst(betweenCount)), withinLevels: withinLevels,
            betweenNames: Array(factors.prefix(betweenCount)), betweenLevels: betweenLevels)
        return SubjectCells(design: design, subjects: kept, means: rows, groups: groups, dropped: dropped)
    }

    public static func factorialAnova(_ data: StudyData, betweenCount: Int, type: Int) throws -> FactorialAnovaResult {
        let cells = try subjectCells(data, betweenCount: betweenCount)
        for (name, levels) in zip(cells.design.withinNames, cells.design.withinLevels) where levels.count < 2 {
            throw AnalysisError(
                "--within \(name) has \(levels.count) level; a within-subjects factor needs at least 2.")
        }
        for (name, levels) in zip(cells.design.betweenNames, cells.design.betweenLevels) where levels.count < 2 {
            throw AnalysisError(
                "--by \(name) has \(levels.count) level among the complete subjects; a between-subjects factor needs at least 2."
            )
        }
        return try FactorialAnova.test(
            cells.means, groups: cells.groups, design: cells.design, type: type, dropped: cells.dropped)
    }
}

extension Analyses {
    /// Friedman test on the complete subjects' cell means of the one within factor.
    static func friedman(_ data: StudyData) throws -> RenderedResult {
        let cells = try subjectCells(data, betweenCount: 0, asRead: true)
        let r = try Friedman.test(cells.means)
        return ResultRendering.friedman(
            r, data: "\(data.options.value) by \(data.options.factors[0]) within \(data.options.subject ?? "")")
    }

    /// One mean per subject and group (the unit of analysis for between-subjects tests on trial rows); a subject found
    /// in two groups is an error, because its means would not be independent.
    static func perSubjectMeans(_ data: StudyData) throws -> StudyData {
        var groupOf: [String: [String]] = [:]
        var groups: [[String]: GroupAccumulator] = [:]
        for key in data.cells.keys.sorted(by: { ($0.subject ?? "") < ($1.subject ?? "") }) {
            guard let subject = key.subject, let cell = data.cells[key] else { continue }
            if let other = groupOf[subject], other != key.levels {
                let factor = other.indices.first { other[$0] != key.levels[$0] }.map { data.options.factors[$0] } ?? ""
                throw AnalysisError(
                    "\(data.options.subject ?? "subject") '\(subject)' has rows in two levels of '\(factor)', so its means are not independent; use --within \(factor) for a repeated-measures design."
                )
            }
            groupOf[subject] = key.levels
            // Cell means are measured from the data's reference: so are these groups' values.
            groups[
                key.levels, default: GroupAccumulator(keepValues: data.options.keepValues, reference: data.originValue)
            ].add(
                cell.mean, asRead: cell.meanAsRead)
        }
        return StudyData(
            options: data.options, origin: data.origin, groups: groups, cells: data.cells, angular: data.angular,
            rows: data.rows, skippedRows: data.skippedRows, firstSkipped: data.firstSkipped, files: data.files)
    }
}

extension Analyses {
    /// Post-hoc tests on per-subject cell means (data loaded with factors [between?, within] and a subject): paired
    /// t-tests between the within levels, or with a between factor the groups compared at each within level.
    public static func postHocWithin(_ data: StudyData, hasBetween: Bool, adjustment: PValueAdjustment) throws
        -> [RenderedResult]
    {
        let cells = try subjectCells(data, betweenCount: hasBetween ? 1 : 0)
        let d = cells.design
        guard let levels = d.withinLevels.first, let within = d.withinNames.first, levels.count >= 2 else {
            throw AnalysisError("--within needs a factor with at least 2 levels.")
        }
        let comparisons =
            hasBetween
            ? try RepeatedPostHoc.groupsAtLevels(
                levels: levels, groupNames: d.betweenLevels[0], y: cells.means, groups: cells.groups.map { $0[0] },
                adjustment: adjustment)
            : try RepeatedPostHoc.paired(levels: levels, y: cells.means, adjustment: adjustment)
        return [
            ResultRendering.repeatedPostHoc(
                comparisons, value: data.options.value, within: within, between: d.betweenNames.first,
                subjects: cells.subjects.count, dropped: cells.dropped, adjustment: adjustment)
        ]
    }
}
