// The report's tests: conditions compared (tables 6.1 / 6.2) and participant groups compared, each on one stated unit.
import Foundation

/// One row of a test table: a test of one measure with its statistic and p-value.
struct TestRow {
    let measure: String, test: String
    /// "F" or "t", and its value (kept at full precision for tables/tests.csv and the analysis.R check).
    let symbol: String, value: Double
    let df: String, p: Double, note: String
    var statistic: String { "\(symbol) = \(RFormat.signif(value, 4))" }
}

enum ReportTestTables {
    /// Conditions compared on participant x condition means: a within-subjects design gets the repeated-measures
    /// ANOVA (type 3, as `anova --within`) and Holm-adjusted paired t-tests; otherwise a one-way ANOVA on the cell
    /// means and Holm-adjusted Welch t-tests.
    static func conditions(_ c: ReportContext) -> (rows: [TestRow], problems: [String]) {
        var rows: [TestRow] = []
        var problems: [String] = []
        guard c.conditions.count >= 2 else { return ([], []) }
        for (measure, _, pick) in ReportContext.measures {
            do {
                rows += c.within ? try withinRows(c, measure, pick) : try betweenRows(c, measure, pick)
            } catch let e as AnalysisError {
                problems.append("\(measure): \(e.message)")
            } catch {
                problems.append("\(measure): \(error)")
            }
        }
        return (rows, problems)
    }

    static func withinRows(_ c: ReportContext, _ measure: String, _ pick: ReportContext.Pick) throws -> [TestRow] {
        let (names, matrix) = c.completeRows(pick)
        let design = FactorialDesign(
            withinNames: [c.compare], withinLevels: [c.conditions], betweenNames: [], betweenLevels: [])
        let a = try FactorialAnova.test(matrix, groups: matrix.map { _ in [] }, design: design, type: 3)
        var rows: [TestRow] = []
        if let e = a.effects.first {
            var note = "\(names.count) complete participants"
            if let gg = e.epsilonGG, let pGG = e.pGG {
                note = "GG ε = \(RFormat.signif(gg, 3)), p(GG) = \(RFormat.pValue(pGG, digits: 3)); " + note
            }
            rows.append(
                TestRow(
                    measure: measure, test: "ANOVA (repeated measures)", symbol: "F", value: e.f,
                    df: "\(RFormat.signif(e.dfEffect, 4)), \(RFormat.signif(e.dfError, 4))", p: e.p, note: note))
        }
        var raw: [(String, TTestResult)] = []
        for j in 0..<c.conditions.count {
            for i in (j + 1)..<c.conditions.count {
                let diffs = GroupAccumulator(matrix.map { $0[j] - $0[i] })
                raw.append(
                    ("\(c.conditions[j]) vs \(c.conditions[i])", try TTest.oneSample(diffs, mu: 0, kind: .paired)))
            }
        }
        let adjusted = PValueAdjustment.holm.adjust(raw.map { $0.1.p })
        for (k, (name, r)) in raw.enumerated() {
            rows.append(
                TestRow(
                    measure: measure, test: "T-Test (paired) \(name)", symbol: "t", value: r.t,
                    df: RFormat.signif(r.df, 4), p: adjusted[k],
                    note: raw.count > 1 ? "Holm-adjusted (raw p = \(RFormat.pValue(r.p, digits: 3)))" : ""))
        }
        return rows
    }

    static func betweenRows(_ c: ReportContext, _ measure: String, _ pick: ReportContext.Pick) throws -> [TestRow] {
        let groups = c.conditions.map { condition in
            GroupAccumulator(c.people.compactMap { c.cellMean($0, condition, pick) })
        }
        let a = try OneWayAnova.fisher(groups)
        var rows = [
            TestRow(
                measure: measure, test: "ANOVA (one-way)", symbol: "F", value: a.f,
                df: "\(RFormat.signif(a.dfBetween, 4)), \(RFormat.signif(a.dfWithin, 4))", p: a.p,
                note: "η² = \(RFormat.signif(a.etaSquared, 3))")
        ]
        let comparisons = try PostHoc.pairwiseT(names: c.conditions, groups: groups, pooled: false, adjustment: .holm)
        for x in comparisons {
            rows.append(
                TestRow(
                    measure: measure, test: "T-Test (Welch) \(x.b) vs \(x.a)", symbol: "t", value: -x.statistic,
                    df: RFormat.signif(x.df, 4), p: x.pAdjusted,
                    note: comparisons.count > 1 ? "Holm-adjusted (raw p = \(RFormat.pValue(x.p, digits: 3)))" : ""))
        }
        return rows
    }

    /// Participant groups compared on one value per participant (the mean of their condition means). Two groups: a
    /// Student t-test, so t² equals the F of the group row of the mixed ANOVA; more: a one-way ANOVA. In a within-
    /// subjects design only participants with every condition take part (the mixed ANOVA's participants), and the
    /// mixed ANOVA (group x condition, type 3) follows. Participants without an answer take no part.
    static func groups(_ c: ReportContext) -> (rows: [TestRow], problems: [String]) {
        guard let groupBy = c.groupBy else { return ([], []) }
        let known = c.groupNames.filter { $0 != "unknown" }
        guard known.count >= 2 else { return ([], []) }
        var rows: [TestRow] = []
        var problems: [String] = []
        for (measure, _, pick) in ReportContext.measures {
            let answered = c.people.filter { known.contains(c.group(of: $0)) }
            let members = c.within ? c.completeRows(pick, among: answered).names : answered
            let groups = known.map { g in
                GroupAccumulator(members.filter { c.group(of: $0) == g }.compactMap { c.participantMean($0, pick) })
            }
            do {
                if groups.count == 2 {
                    let t = try TTest.twoSample(groups[0], groups[1], welch: false)
                    rows.append(
                        TestRow(
                            measure: measure, test: "T-Test (Student) \(known[0]) vs \(known[1])", symbol: "t",
                            value: t.t, df: RFormat.signif(t.df, 4), p: t.p,
                            note:
                                "d = \(RFormat.signif(t.cohenD, 3))\(t.cohenDCI.map { " [\(RFormat.signif($0.low, 3)), \(RFormat.signif($0.high, 3))]" } ?? ""); t² = \(RFormat.signif(t.t * t.t, 4))"
                        ))
                } else {
                    let a = try OneWayAnova.fisher(groups)
                    rows.append(
                        TestRow(
                            measure: measure, test: "ANOVA (one-way) by \(groupBy)", symbol: "F", value: a.f,
                            df: "\(RFormat.signif(a.dfBetween, 4)), \(RFormat.signif(a.dfWithin, 4))", p: a.p, note: "")
                    )
                }
                if c.within { rows += try mixedRows(c, measure, pick, members: members, known: known) }
            } catch let e as AnalysisError {
                problems.append("\(groupBy) \(measure): \(e.message)")
            } catch {
                problems.append("\(groupBy) \(measure): \(error)")
            }
        }
        return (rows, problems)
    }

    static func mixedRows(
        _ c: ReportContext, _ measure: String, _ pick: ReportContext.Pick, members: [String], known: [String]
    ) throws -> [TestRow] {
        guard let groupBy = c.groupBy else { return [] }
        let (names, matrix) = c.completeRows(pick, among: members)
        let presentGroups = known.filter { g in names.contains { c.group(of: $0) == g } }
        let design = FactorialDesign(
            withinNames: [c.compare], withinLevels: [c.conditions], betweenNames: [groupBy],
            betweenLevels: [presentGroups])
        let groups = names.map { [presentGroups.firstIndex(of: c.group(of: $0)) ?? 0] }
        let a = try FactorialAnova.test(matrix, groups: groups, design: design, type: 3)
        let labels = [
            groupBy: "\(groupBy) (between)", c.compare: "\(c.compare) (within)",
            "\(groupBy):\(c.compare)": "\(groupBy) x \(c.compare)",
        ]
        return a.effects.map { e in
            var note = "partial η² = \(RFormat.signif(e.partialEtaSquared, 3))"
            if let gg = e.epsilonGG, let pg = e.pGG, let ph = e.pHF {
                note +=
                    "; GG ε = \(RFormat.signif(gg, 3)), p(GG) = \(RFormat.pValue(pg, digits: 3)), p(HF) = \(RFormat.pValue(ph, digits: 3))"
            }
            if e.name == groupBy {
                note +=
                    "; \(a.subjects) participants ("
                    + zip(presentGroups, a.betweenCellSizes).map { "\($0) \($1)" }.joined(separator: ", ") + ")"
            }
            return TestRow(
                measure: measure, test: "Mixed ANOVA: \(labels[e.name] ?? e.name)", symbol: "F", value: e.f,
                df: "\(RFormat.signif(e.dfEffect, 4)), \(RFormat.signif(e.dfError, 4))", p: e.p, note: note)
        }
    }
}
