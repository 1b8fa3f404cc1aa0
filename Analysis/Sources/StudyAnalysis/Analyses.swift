// The commands' work as library calls (load, pick groups, run tests, render), shared by the CLI, the report and tests.
import Foundation
import TidyFormats

public enum Analyses {
    static func name(_ key: [String]) -> String { key.joined(separator: ":") }

    /// Groups in sorted order, or in `levels` order (which must all exist) when given.
    static func orderedGroups(_ data: StudyData, levels: [String]?) throws -> [(String, GroupAccumulator)] {
        let sorted = data.sortedGroupKeys.compactMap { key in data.groups[key].map { (name(key), $0) } }
        guard let levels, !levels.isEmpty else { return sorted }
        return try levels.map { level in
            guard let g = sorted.first(where: { $0.0 == level }) else {
                throw AnalysisError(
                    "--levels: no group named '\(level)'; the groups are: \(sorted.map(\.0).joined(separator: ", ")).")
            }
            return g
        }
    }

    static func requireFactors(_ data: StudyData, _ count: Int, _ command: String) throws {
        guard data.options.factors.count == count else {
            throw AnalysisError(
                "\(command) needs \(count == 1 ? "one --by column" : "\(count) --by columns") (got \(data.options.factors.count))."
            )
        }
    }

    public static func describe(_ data: StudyData) -> [RenderedResult] {
        let summaries = data.sortedGroupKeys.compactMap { key in
            data.groups[key].map { Describe.summarize(name: name(key), $0) }
        }
        return [ResultRendering.describe(summaries, value: data.options.value, by: data.options.factors)]
    }

    /// Data loaded with factors [--by..., --within...]: with `withinCount` > 0 the factorial repeated-measures ANOVA
    /// (type 3 unless `type` says 2); otherwise one-way (Fisher + Welch) or two-way type II on the rows, or on one mean
    /// per subject when the data were loaded with a subject.
    public static func anova(_ data: StudyData, checks: Bool, withinCount: Int = 0, type: Int? = nil) throws
        -> [RenderedResult]
    {
        let value = data.options.value
        if withinCount > 0, let subject = data.options.subject {
            let betweenCount = data.options.factors.count - withinCount
            let result = try factorialAnova(data, betweenCount: betweenCount, type: type ?? 3)
            var out = [ResultRendering.factorial(result, value: value, subject: subject)]
            if checks {
                guard withinCount == 1 && betweenCount == 0 else {
                    throw AnalysisError(
                        "--checks with --within adds the Friedman test, which takes one --within factor and no --by; Mauchly's test is always printed."
                    )
                }
                out.append(try friedman(data))
            }
            return out
        }
        if let type {
            throw AnalysisError(
                "--type \(type) applies to designs with --within; a between-subjects two-way ANOVA uses type 2 sums of squares."
            )
        }
        let data = try data.options.subject == nil ? data : perSubjectMeans(data)
        if data.options.factors.count == 2 {
            let r = try TwoWayAnova.test(
                factorA: data.options.factors[0], factorB: data.options.factors[1],
                levelsA: data.levels(of: 0), levelsB: data.levels(of: 1), cells: data.groups)
            return [ResultRendering.twoWay(r, value: value)]
        }
        try requireFactors(data, 1, "anova")
        let by = data.options.factors[0]
        let groups = try orderedGroups(data, levels: nil)
        let summaries = groups.map { Describe.summarize(name: $0.0, $0.1) }
        var out = [
            ResultRendering.oneWay(try OneWayAnova.fisher(groups.map(\.1)), summaries: summaries, value: value, by: by)
        ]
        if let constant = groups.first(where: { $0.1.count < 2 || !($0.1.variance > 0) }) {
            out.append(
                ResultRendering.skipped(
                    test: "anova-welch",
                    reason:
                        "Welch's test (oneway.test) left out: group '\(constant.0)' has \(constant.1.count < 2 ? "fewer than 2 values" : "zero variance (all its values are equal)"), so its weight n/s² is undefined."
                ))
        } else {
            out.append(ResultRendering.welch(try OneWayAnova.welch(groups.map(\.1)), value: value, by: by))
        }
        if checks {
            let values = groups.map { $0.1.values ?? [] }
            out.append(ResultRendering.levene(try Levene.test(values, useMedian: true)))
            out.append(ResultRendering.levene(try Levene.test(values, useMedian: false)))
            out.append(
                ResultRendering.rank(
                    try RankTests.kruskalWallis(groups.map { $0.1.valuesAsRead ?? [] }), data: "\(value) by \(by)"))
        }
        return out
    }

    /// Subjects x levels matrix of cell means; subjects missing a level are left out and counted. `asRead`: the means
    /// of the unshifted doubles, as R computes them (for rank tests on paired differences).
    public static func subjectMatrix(_ data: StudyData, levels: [String]?, asRead: Bool = false) throws -> (
        [[Double]], Int, [String]
    ) {
        let levelNames = levels ?? data.levels(of: 0)
        var matrix: [[Double]] = []
        var dropped = 0
        for subject in data.subjects {
            let row = levelNames.compactMap { level in
                data.cells[CellKey(levels: [level], subject: subject)].map { asRead ? $0.meanAsRead : $0.mean }
            }
            if row.count == levelNames.count { matrix.append(row) } else { dropped += 1 }
        }
        return (matrix, dropped, levelNames)
    }

    /// Welch by default (as R), Student with `student`, paired by subject with `paired`, one-sample without --by.
    /// Loaded with a subject but not paired: one mean per subject and group is the unit.
    public static func tTest(
        _ data: StudyData, mu: String?, student: Bool, levels: [String]?, nonparametric: Bool, paired: Bool = false,
        confidence: Double = 0.95, digitsRank: Int? = nil
    ) throws -> [RenderedResult] {
        let value = data.options.value
        let data = try data.options.subject == nil || paired ? data : perSubjectMeans(data)
        if data.options.factors.isEmpty {
            let g = data.groups[[]] ?? GroupAccumulator()
            let muText = mu ?? "0"
            guard let muDecimal = ExactDecimal.parse(muText) else {
                throw AnalysisError("--mu '\(muText)' is not a number.")
            }
            let relative = data.origin.map { muDecimal.minus($0) } ?? muDecimal.approximate
            let r = try TTest.oneSample(g, mu: relative, confidence: confidence)
            var out = [ResultRendering.tTest(r, data: value, names: [], mu: muDecimal.approximate)]
            if nonparametric, let values = g.valuesAsRead {
                // x - mu on the doubles R reads, so ties and zeros are R's.
                let d = values.map { $0 - muDecimal.approximate }
                out.append(
                    ResultRendering.rank(try RankTests.wilcoxonSignedRank(d, digitsRank: digitsRank), data: value))
            }
            return out
        }
        try requireFactors(data, 1, "ttest")
        let by = data.options.factors[0]
        var groups = try orderedGroups(data, levels: levels)
        guard groups.count == 2 else {
            throw AnalysisError(
                "A t-test compares two groups, but '\(by)' has \(groups.count): \(groups.map(\.0).joined(separator: ", ")); pick two with --levels A,B or --filter, or use anova."
            )
        }
        if paired {
            let (matrix, dropped, names) = try subjectMatrix(data, levels: groups.map(\.0))
            guard matrix.count >= 2 else {
                throw AnalysisError(
                    "A paired t-test needs at least 2 subjects with both levels (found \(matrix.count); \(dropped) incomplete)."
                )
            }
            let differences = GroupAccumulator(matrix.map { $0[0] - $0[1] }, keepValues: true)
            let r = try TTest.oneSample(differences, mu: 0, confidence: confidence, kind: .paired)
            var out = [
                ResultRendering.tTest(
                    r,
                    data:
                        "\(value) by \(by) (\(names[0]) - \(names[1]), \(matrix.count) subjects\(dropped > 0 ? ", \(dropped) incomplete left out" : ""))",
                    names: names, mu: 0)
            ]
            if nonparametric {
                let (asRead, _, _) = try subjectMatrix(data, levels: groups.map(\.0), asRead: true)
                out.append(
                    ResultRendering.rank(
                        try RankTests.wilcoxonSignedRank(asRead.map { $0[0] - $0[1] }, digitsRank: digitsRank),
                        data: "\(value) by \(by) (paired)"))
            }
            return out
        }
        groups = Array(groups.prefix(2))
        let r = try TTest.twoSample(
            groups[0].1, groups[1].1, welch: !student, confidence: confidence)
        var out = [ResultRendering.tTest(r, data: "\(value) by \(by)", names: groups.map(\.0), mu: 0)]
        if nonparametric, let x = groups[0].1.valuesAsRead, let y = groups[1].1.valuesAsRead {
            out.append(
                ResultRendering.rank(
                    try RankTests.mannWhitney(x, y, digitsRank: digitsRank), data: "\(value) by \(by)"))
        }
        return out
    }

    public static func postHoc(_ data: StudyData, method: String, adjustment: PValueAdjustment, pooled: Bool) throws
        -> [RenderedResult]
    {
        let data = try data.options.subject == nil ? data : perSubjectMeans(data)
        try requireFactors(data, 1, "posthoc")
        let groups = try orderedGroups(data, levels: nil)
        let names = groups.map(\.0)
        switch method {
        case "tukey":
            return [
                ResultRendering.tukey(
                    try PostHoc.tukey(names: names, groups: groups.map(\.1)), value: data.options.value,
                    by: data.options.factors[0])
            ]
        case "pairwise":
            let c = try PostHoc.pairwiseT(names: names, groups: groups.map(\.1), pooled: pooled, adjustment: adjustment)
            return [
                ResultRendering.pairwise(
                    c, names: names, value: data.options.value, by: data.options.factors[0], adjustment: adjustment,
                    pooled: pooled)
            ]
        default:
            throw AnalysisError("--method '\(method)': use tukey or pairwise.")
        }
    }

    /// Needs data loaded with `angularSums` (constant memory per group). With ≥ 2 groups the Watson-Williams test follows.
    public static func circular(_ data: StudyData) throws -> [RenderedResult] {
        let sums = data.sortedGroupKeys.map { data.angular[$0] ?? (0, 0, 0) }
        let items = zip(data.sortedGroupKeys, sums).map { key, s in
            (name(key), CircularStatistics.summarize(cosineSum: s.cosineSum, sineSum: s.sineSum, n: s.n))
        }
        var out = [ResultRendering.circular(items, value: data.options.value)]
        if sums.count >= 2 {
            out.append(
                ResultRendering.watsonWilliams(
                    try WatsonWilliams.test(sums),
                    data: "\(data.options.value) by \(data.options.factors.joined(separator: ":"))"))
        }
        return out
    }

    public static func proportion(_ data: StudyData) -> [RenderedResult] {
        let items = data.sortedGroupKeys.compactMap { key -> (String, Proportion)? in
            guard let g = data.groups[key] else { return nil }
            let successes = Int((Double(g.count) * g.absoluteMean).rounded())
            return (name(key), CircularStatistics.wilson(successes: successes, n: g.count))
        }
        return [ResultRendering.proportions(items, value: data.options.value)]
    }

    /// A result whose JSON is an array (the factorial ANOVA: one object per effect) contributes its items.
    public static func render(_ results: [RenderedResult], json: Bool) -> String {
        json
            ? JSONValue.array(
                results.flatMap { result -> [JSONValue] in
                    if case .array(let items) = result.json { return items }
                    return [result.json]
                }
            ).rendered()
            : results.map { $0.text.trimmingCharacters(in: .newlines) }.joined(separator: "\n\n")
    }
}
