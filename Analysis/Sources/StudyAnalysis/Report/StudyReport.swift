// `report`: detects the design, runs the matching tests and writes HTML, Markdown, CSV tables and SVG figures.
import CCSV
import Foundation

public enum StudyReport {
    /// One row of the thesis's tables 6.1 / 6.2: a test of one measure with its p-value.
    struct TestRow { let measure: String, test: String, statistic: String, df: String, p: Double, note: String }

    /// Returns a short summary of what was written (printed by the CLI).
    public static func write(
        inputs: [String], outputFolder: String, compare: String = "condition", groupBy: String?,
        participantsFile: String?, skipInvalid: Bool
    ) throws -> String {
        let (files, foundParticipants) = try StudyData.resolveInputs(inputs)
        let data = try ReportData.load(files: files, compare: compare, skipInvalid: skipInvalid)
        guard data.rows > 0 else {
            throw AnalysisError("\(files.joined(separator: ", ")): no trial rows to report on.")
        }
        let participantTable = try (participantsFile ?? foundParticipants).map { try ParticipantTable.load($0) }
        if let groupBy, participantTable?.columns.contains(groupBy) != true {
            throw AnalysisError(
                "--group-by '\(groupBy)': no such column in participants.csv\(participantTable == nil ? " (none found: pass --participants FILE)" : "; it has: \(participantTable!.columns.joined(separator: ", "))")."
            )
        }
        let fm = FileManager.default
        do {
            try fm.createDirectory(
                atPath: (outputFolder as NSString).appendingPathComponent("figures"), withIntermediateDirectories: true)
            try fm.createDirectory(
                atPath: (outputFolder as NSString).appendingPathComponent("tables"), withIntermediateDirectories: true)
        } catch {
            throw AnalysisError(
                "\(outputFolder): cannot create the report folder (\(error.localizedDescription)); choose another --out."
            )
        }

        let conditions = StudyData.sortLevels(Array(data.conditions.keys))
        let people = StudyData.sortLevels(Array(data.participants.keys))
        func group(of participant: String) -> String {
            guard let groupBy else { return "all" }
            let v = participantTable?.value(participant: participant, column: groupBy) ?? ""
            return v.isEmpty ? "unknown" : v
        }
        let groupNames = StudyData.sortLevels(Array(Set(people.map(group))))

        // Design: who played what, and how many trials per participant x condition cell.
        let present = data.cells.keys
        let perParticipant = Dictionary(grouping: present, by: \.a).mapValues(\.count)
        let missingCells = people.count * conditions.count - present.count
        var countsByCondition: [String: [String: Int]] = [:]
        for (key, m) in data.cells { countsByCondition[key.b, default: [:]][key.a] = m.deviation.count }
        let design: String
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
        let within =
            conditions.count >= 2 && missingCells < people.count * conditions.count - people.count
            && !perParticipant.values.allSatisfy({ $0 == 1 })

        // Tables 6.1 and 6.2: tests on participant means (the participant is the unit, not the trial).
        var tests: [TestRow] = []
        var problems: [String] = []
        for (measure, pick) in [
            ("deviation", { (m: ReportData.Measures) in m.deviation }),
            ("time", { (m: ReportData.Measures) in m.time }),
        ] {
            guard conditions.count >= 2 else { break }
            do {
                if within {
                    let matrix = people.compactMap { p -> [Double]? in
                        let row = conditions.map { data.cells[ReportData.PairKey(a: p, b: $0)].map { pick($0).mean } }
                        return row.contains { $0 == nil } ? nil : row.map { $0! }
                    }
                    let rm = try RepeatedMeasuresAnova.test(matrix, dropped: people.count - matrix.count)
                    tests.append(
                        TestRow(
                            measure: measure, test: "ANOVA (repeated measures)",
                            statistic: "F = \(RFormat.signif(rm.f, 4))",
                            df: "\(RFormat.signif(rm.dfEffect, 4)), \(RFormat.signif(rm.dfError, 4))", p: rm.p,
                            note:
                                "GG ε = \(RFormat.signif(rm.epsilonGG, 3)), p(GG) = \(RFormat.pValue(rm.pGG, digits: 3)); \(matrix.count) complete participants"
                        ))
                    var raw: [(String, TTestResult)] = []
                    for j in 0..<conditions.count {
                        for i in (j + 1)..<conditions.count {
                            let diffs = GroupAccumulator(matrix.map { $0[j] - $0[i] })
                            raw.append(
                                (
                                    "\(conditions[j]) vs \(conditions[i])",
                                    try TTest.oneSample(diffs, mu: 0, kind: .paired)
                                ))
                        }
                    }
                    let adjusted = PValueAdjustment.holm.adjust(raw.map { $0.1.p })
                    for (k, (name, r)) in raw.enumerated() {
                        tests.append(
                            TestRow(
                                measure: measure, test: "T-Test (paired) \(name)",
                                statistic: "t = \(RFormat.signif(r.t, 4))",
                                df: RFormat.signif(r.df, 4), p: adjusted[k],
                                note: raw.count > 1 ? "Holm-adjusted (raw p = \(RFormat.pValue(r.p, digits: 3)))" : ""))
                    }
                } else {
                    let groups = conditions.map { c in
                        GroupAccumulator(
                            people.compactMap { p in data.cells[ReportData.PairKey(a: p, b: c)].map { pick($0).mean } })
                    }
                    let a = try OneWayAnova.fisher(groups)
                    tests.append(
                        TestRow(
                            measure: measure, test: "ANOVA (one-way)", statistic: "F = \(RFormat.signif(a.f, 4))",
                            df: "\(RFormat.signif(a.dfBetween, 4)), \(RFormat.signif(a.dfWithin, 4))", p: a.p,
                            note: "η² = \(RFormat.signif(a.etaSquared, 3))"))
                    let c = try PostHoc.pairwiseT(names: conditions, groups: groups, pooled: false, adjustment: .holm)
                    for x in c {
                        tests.append(
                            TestRow(
                                measure: measure, test: "T-Test (Welch) \(x.b) vs \(x.a)",
                                statistic: "t = \(RFormat.signif(-x.statistic, 4))",
                                df: RFormat.signif(x.df, 4), p: x.pAdjusted,
                                note: c.count > 1 ? "Holm-adjusted (raw p = \(RFormat.pValue(x.p, digits: 3)))" : ""))
                    }
                }
            } catch let e as AnalysisError { problems.append("\(measure): \(e.message)") }
        }

        // Participant groups (e.g. tinnitus yes/no): Welch t-test or one-way ANOVA on participant means.
        var groupTests: [TestRow] = []
        // Participants without an answer ("unknown") are shown in the figures but take no part in the tests.
        let known = groupNames.filter { $0 != "unknown" }
        if groupBy != nil, known.count >= 2 {
            for (measure, pick) in [
                ("deviation", { (m: ReportData.Measures) in m.deviation }),
                ("time", { (m: ReportData.Measures) in m.time }),
            ] {
                let groups = known.map { g in
                    GroupAccumulator(people.filter { group(of: $0) == g }.map { pick(data.participants[$0]!).mean })
                }
                do {
                    if groups.count == 2 {
                        let t = try TTest.twoSample(groups[0], groups[1], welch: true)
                        groupTests.append(
                            TestRow(
                                measure: measure, test: "T-Test (Welch) \(known[0]) vs \(known[1])",
                                statistic: "t = \(RFormat.signif(t.t, 4))",
                                df: RFormat.signif(t.df, 4), p: t.p, note: "d = \(RFormat.signif(t.cohenD, 3))"))
                    } else {
                        let a = try OneWayAnova.fisher(groups)
                        groupTests.append(
                            TestRow(
                                measure: measure, test: "ANOVA (one-way) by \(groupBy!)",
                                statistic: "F = \(RFormat.signif(a.f, 4))",
                                df: "\(RFormat.signif(a.dfBetween, 4)), \(RFormat.signif(a.dfWithin, 4))", p: a.p,
                                note: ""))
                    }
                } catch let e as AnalysisError { problems.append("\(groupBy!) \(measure): \(e.message)") }
                // Within-subjects conditions and participant groups: the mixed ANOVA (group x condition) on participant x
                // condition means; participants without an answer or without every condition take no part.
                guard within else { continue }
                do {
                    var y = known.map { _ in [[Double]]() }
                    var dropped: [String] = []
                    for p in people {
                        guard let g = known.firstIndex(of: group(of: p)) else { continue }
                        let row = conditions.map { data.cells[ReportData.PairKey(a: p, b: $0)].map { pick($0).mean } }
                        if row.contains(where: { $0 == nil }) {
                            dropped.append(p)
                        } else {
                            y[g].append(row.map { $0! })
                        }
                    }
                    let kept = known.indices.filter { !y[$0].isEmpty }
                    let m = try MixedAnova.test(
                        kept.map { y[$0] }, groupNames: kept.map { known[$0] }, levelNames: conditions,
                        dropped: dropped, between: groupBy!, within: compare)
                    let unanswered = people.filter { group(of: $0) == "unknown" }.count
                    let who =
                        "\(m.subjects) participants ("
                        + zip(m.groupNames, m.subjectsPerGroup).map { "\($0) \($1)" }.joined(separator: ", ") + ")"
                        + (dropped.isEmpty ? "" : "; \(dropped.count) without every \(compare) left out")
                        + (unanswered == 0 ? "" : "; \(unanswered) without a '\(groupBy!)' answer left out")
                    for (t, label) in [
                        (m.group, "\(groupBy!) (between)"), (m.within, "\(compare) (within)"),
                        (m.interaction, "\(groupBy!) x \(compare)"),
                    ] {
                        var note = "partial η² = \(RFormat.signif(t.partialEtaSquared, 3))"
                        if let e = t.epsilonGG, let pg = t.pGG, let ph = t.pHF {
                            note +=
                                "; GG ε = \(RFormat.signif(e, 3)), p(GG) = \(RFormat.pValue(pg, digits: 3)), p(HF) = \(RFormat.pValue(ph, digits: 3))"
                        }
                        if t.name == groupBy! { note += "; \(who)" }
                        groupTests.append(
                            TestRow(
                                measure: measure, test: "Mixed ANOVA: \(label)",
                                statistic: "F = \(RFormat.signif(t.f, 4))",
                                df: "\(RFormat.signif(t.df, 4)), \(RFormat.signif(t.dfError, 4))", p: t.p, note: note))
                    }
                } catch let e as AnalysisError { problems.append("\(groupBy!) x \(compare) \(measure): \(e.message)") }
            }
        }

        // Per-condition summary table (figure 6.1's numbers), with circular statistics and confusion rates.
        var conditionRows: [[String]] = []
        var devCI: [(Double, Double, Double)] = []
        var timeCI: [(Double, Double, Double)] = []
        for c in conditions {
            let m = data.conditions[c]!
            let d = Describe.summarize(name: c, m.deviation, origin: 0)
            let t = Describe.summarize(name: c, m.time, origin: 0)
            devCI.append((d.mean, d.ciLow, d.ciHigh))
            timeCI.append((t.mean, t.ciLow, t.ciHigh))
            var row = [c, "\(d.n)", num(d.mean), num(d.ciLow), num(d.ciHigh), num(t.mean), num(t.ciLow), num(t.ciHigh)]
            if let circ = data.circular[c] {
                let s = CircularStatistics.summarize(cosineSum: circ.cos.value, sineSum: circ.sin.value, n: circ.n)
                row += [num(s.meanDeg), num(s.resultantLength), num(s.rayleighP)]
            } else {
                row += ["", "", ""]
            }
            if let conf = data.confusion[c] {
                let w = CircularStatistics.wilson(successes: conf.count, n: conf.n)
                row += [num(w.rate), num(w.ciLow), num(w.ciHigh)]
            } else {
                row += ["", "", ""]
            }
            conditionRows.append(row)
        }
        let conditionHeader = [
            compare, "n_trials", "mean_abs_deviation_deg", "ci_low", "ci_high", "mean_time_s", "time_ci_low",
            "time_ci_high",
            "circular_mean_deviation_deg", "resultant_length", "rayleigh_p", "front_back_confusion_rate",
            "confusion_ci_low", "confusion_ci_high",
        ]
        let participantHeader = ["participant", "group", "n_trials", "mean_abs_deviation_deg", "mean_time_s"]
        let participantRows = people.map { p -> [String] in
            let m = data.participants[p]!
            return [p, group(of: p), "\(m.deviation.count)", num(m.deviation.mean), num(m.time.mean)]
        }
        let testHeader = ["measure", "test", "statistic", "df", "p_value", "note"]
        let testRows = (tests + groupTests).map {
            [$0.measure, $0.test, $0.statistic, $0.df, RFormat.pValue($0.p, digits: 3), $0.note]
        }

        try writeCSV(outputFolder + "/tables/conditions.csv", header: conditionHeader, rows: conditionRows)
        try writeCSV(outputFolder + "/tables/participants.csv", header: participantHeader, rows: participantRows)
        try writeCSV(outputFolder + "/tables/tests.csv", header: testHeader, rows: testRows)

        // Figures.
        var figures: [(file: String, caption: String, svg: String)] = []
        figures.append(
            (
                "figure-6-1-conditions.svg",
                "Figure 6.1: mean absolute deviation and mean time per \(compare), with 95% confidence intervals.",
                SVGFigure.barPanels(
                    title: "Comparison between \(compare)s", categories: conditions,
                    panels: [
                        ("abs deviation (deg)", devCI.map(\.0), devCI.map(\.1), devCI.map(\.2)),
                        ("time (s)", timeCI.map(\.0), timeCI.map(\.1), timeCI.map(\.2)),
                    ])
            ))
        for (i, c) in conditions.enumerated() {
            let points = people.compactMap { p -> (x: Double, y: Double, group: String)? in
                guard let m = data.cells[ReportData.PairKey(a: p, b: c)] else { return nil }
                return (m.time.mean, m.deviation.mean, group(of: p))
            }
            figures.append(
                (
                    "figure-6-\(i + 2)-participants-\(slug(c)).svg",
                    "Figure 6.\(i + 2): participants in \(compare) '\(c)': mean time vs mean absolute deviation\(groupBy.map { ", coloured by \($0)" } ?? "").",
                    SVGFigure.scatter(
                        title: "\(c) participants", xLabel: "mean time (s)", yLabel: "mean abs deviation (deg)",
                        points: points, groups: groupNames)
                ))
        }
        let roundKeys = data.rounds.keys.sorted()
        if !roundKeys.isEmpty {
            let s = roundKeys.map { Describe.summarize(name: "\($0)", data.rounds[$0]!, origin: 0) }
            figures.append(
                (
                    "learning-curve-rounds.svg", "Learning curve: mean absolute deviation by round number (95% CI).",
                    SVGFigure.lineWithCI(
                        title: "Deviation over rounds", xLabel: "round", yLabel: "mean abs deviation (deg)",
                        xs: roundKeys.map(Double.init), means: s.map(\.mean), low: s.map(\.ciLow), high: s.map(\.ciHigh)
                    )
                ))
        }
        if !data.sessions.isEmpty {
            // Session number = order of a participant's session folders (their names sort by time).
            var bySessionNumber: [Int: GroupAccumulator] = [:]
            for (p, keys) in Dictionary(grouping: data.sessions.keys, by: \.a) {
                _ = p
                for (index, key) in keys.sorted(by: { $0.b < $1.b }).enumerated() {
                    bySessionNumber[index + 1, default: GroupAccumulator()].add(data.sessions[key]!.mean)
                }
            }
            let keys = bySessionNumber.keys.sorted()
            let s = keys.map { Describe.summarize(name: "\($0)", bySessionNumber[$0]!, origin: 0) }
            figures.append(
                (
                    "learning-curve-sessions.svg",
                    "Learning curve: mean of participants' mean absolute deviation by their n-th session (95% CI).",
                    SVGFigure.lineWithCI(
                        title: "Deviation over sessions", xLabel: "session number", yLabel: "mean abs deviation (deg)",
                        xs: keys.map(Double.init), means: s.map(\.mean), low: s.map(\.ciLow), high: s.map(\.ciHigh))
                ))
        }
        if !data.polarPairs.isEmpty {
            figures.append(
                (
                    "polar-aims-targets.svg",
                    "Aims against targets (first \(data.polarPairs.count) trials): targets on the outer ring, aims on the inner ring.",
                    SVGFigure.polar(title: "Aims vs targets", pairs: data.polarPairs)
                ))
        }
        // Questionnaire answers of the participants in the logs (the thesis's figures 6.6-6.9).
        var questionnaireFacts: [String] = []
        if let table = participantTable {
            let answered = people.filter { table.value(participant: $0, column: "participant") != nil }
            let ages = answered.compactMap { table.value(participant: $0, column: "age").flatMap(Double.init) }
            if !ages.isEmpty {
                questionnaireFacts.append(
                    "Questionnaire: \(answered.count) of \(people.count) participants in participants.csv; mean age \(RFormat.signif(ages.reduce(0, +) / Double(ages.count), 3)) years (\(ages.count) answers)"
                )
            }
            var number = conditions.count + 2  // after figures 6.1 and 6.2 ... (one per condition)
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
                        "figure-6-\(number)-\(slug(column)).svg",
                        "Figure 6.\(number): questionnaire, \(column) (participants per answer, \(answers.count) answers).",
                        SVGFigure.barPanels(
                            title: "Participants by \(column)", categories: levels,
                            panels: [("participants", counts, none, none)])
                    ))
                number += 1
            }
        }
        for f in figures { try writeText(outputFolder + "/figures/" + f.file, f.svg) }

        // The documents.
        var facts = [
            "Rows analysed: \(data.rows) from \(files.count) file(s)\(data.skipped > 0 ? "; \(data.skipped) invalid rows skipped" : "")",
            "Participants: \(people.count); \(compare)s: \(conditions.joined(separator: ", "))",
            "Design detected: \(design)",
            "Balance: \(DesignBalance.statement(counts: countsByCondition, compare: compare))",
            "Unit of analysis for the tests: participant means per \(compare) (trials of one person are not independent)",
        ]
        facts += questionnaireFacts
        if let groupBy {
            facts.append(
                "Participant groups by '\(groupBy)': "
                    + groupNames.map { g in "\(g) (\(people.filter { group(of: $0) == g }.count))" }.joined(
                        separator: ", "))
        }
        facts += problems.map { "Not computed: \($0)" }

        let md = markdown(
            facts: facts, tests: tests, groupTests: groupTests, groupBy: groupBy, conditionHeader: conditionHeader,
            conditionRows: conditionRows, figures: figures)
        try writeText(outputFolder + "/report.md", md)
        try writeText(
            outputFolder + "/report.html",
            html(
                facts: facts, tests: tests, groupTests: groupTests, groupBy: groupBy,
                conditionHeader: conditionHeader, conditionRows: conditionRows, figures: figures))
        return
            "Wrote \(outputFolder)/report.html, report.md, \(figures.count) figures and 3 tables (\(data.rows) rows, \(people.count) participants; design: \(design))."
    }

    static func num(_ x: Double) -> String { x.isFinite ? RFormat.signif(x, 5) : "" }
    static func slug(_ s: String) -> String { String(s.map { $0.isLetter || $0.isNumber ? $0 : "-" }) }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        "| " + header.joined(separator: " | ") + " |\n|" + header.map { _ in "---|" }.joined() + "\n"
            + rows.map { "| " + $0.map { $0.replacingOccurrences(of: "|", with: "/") }.joined(separator: " | ") + " |" }
            .joined(separator: "\n") + "\n"
    }

    static func testTable(_ rows: [TestRow]) -> ([String], [[String]]) {
        (
            ["Test", "Statistic", "df", "p-value", "Note"],
            rows.map { [$0.test, $0.statistic, $0.df, RFormat.pValue($0.p, digits: 3), $0.note] }
        )
    }

    static func markdown(
        facts: [String], tests: [TestRow], groupTests: [TestRow], groupBy: String?, conditionHeader: [String],
        conditionRows: [[String]], figures: [(file: String, caption: String, svg: String)]
    ) -> String {
        var md = "# SoundSafari study report\n\n" + facts.map { "- \($0)\n" }.joined() + "\n"
        for (number, measure, title) in [(1, "deviation", "angle deviation"), (2, "time", "time")] {
            let (h, r) = testTable(tests.filter { $0.measure == measure })
            md +=
                "## Table 6.\(number): p-values for \(title)\n\n"
                + (r.isEmpty ? "Not enough conditions or data for a test.\n" : table(h, r)) + "\n"
        }
        if let groupBy, !groupTests.isEmpty {
            let (h, r) = testTable(groupTests)
            md +=
                "## Participant groups by \(groupBy)\n\n"
                + table(["Measure"] + h, zip(groupTests, r).map { [$0.measure] + $1 }) + "\n"
        }
        md += "## Conditions\n\n" + table(conditionHeader, conditionRows) + "\n"
        md += "## Figures\n\n" + figures.map { "![\($0.caption)](figures/\($0.file))\n\n*\($0.caption)*\n\n" }.joined()
        md += "Tables as CSV: `tables/conditions.csv`, `tables/participants.csv`, `tables/tests.csv`.\n"
        return md
    }

    static func html(
        facts: [String], tests: [TestRow], groupTests: [TestRow], groupBy: String?, conditionHeader: [String],
        conditionRows: [[String]], figures: [(file: String, caption: String, svg: String)]
    ) -> String {
        func htmlTable(_ header: [String], _ rows: [[String]]) -> String {
            "<table><thead><tr>" + header.map { "<th>\(SVGFigure.escape($0))</th>" }.joined() + "</tr></thead><tbody>"
                + rows.map { "<tr>" + $0.map { "<td>\(SVGFigure.escape($0))</td>" }.joined() + "</tr>" }.joined(
                    separator: "\n") + "</tbody></table>\n"
        }
        var h =
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>SoundSafari study report</title>\n"
        h +=
            "<style>body{font-family:DejaVu Sans,sans-serif;max-width:1100px;margin:2em auto;color:#222}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f3f3f3}td:first-child{text-align:left}figure{margin:2em 0}</style></head><body>\n"
        h +=
            "<h1>SoundSafari study report</h1>\n<ul>" + facts.map { "<li>\(SVGFigure.escape($0))</li>" }.joined()
            + "</ul>\n"
        for (number, measure, title) in [(1, "deviation", "angle deviation"), (2, "time", "time")] {
            let (hd, r) = testTable(tests.filter { $0.measure == measure })
            h +=
                "<h2>Table 6.\(number): p-values for \(title)</h2>\n"
                + (r.isEmpty ? "<p>Not enough conditions or data for a test.</p>\n" : htmlTable(hd, r))
        }
        if let groupBy, !groupTests.isEmpty {
            let (hd, r) = testTable(groupTests)
            h +=
                "<h2>Participant groups by \(SVGFigure.escape(groupBy))</h2>\n"
                + htmlTable(["Measure"] + hd, zip(groupTests, r).map { [$0.measure] + $1 })
        }
        h += "<h2>Conditions</h2>\n" + htmlTable(conditionHeader, conditionRows)
        h +=
            "<h2>Figures</h2>\n"
            + figures.map { "<figure>\($0.svg)<figcaption>\(SVGFigure.escape($0.caption))</figcaption></figure>\n" }
            .joined()
        return h + "</body></html>\n"
    }

    static func writeText(_ path: String, _ text: String) throws {
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw AnalysisError("\(path): cannot write (\(error.localizedDescription)); check the --out folder.")
        }
    }

    /// CSV through libcsv's quoting (the same rules the game's log writer follows).
    static func writeCSV(_ path: String, header: [String], rows: [[String]]) throws {
        var out = [UInt8]()
        for row in [header] + rows {
            for (i, field) in row.enumerated() {
                if i > 0 { out.append(0x2C) }
                var bytes = Array(field.utf8)
                let needed = csv_write(nil, 0, &bytes, bytes.count)
                var buffer = [UInt8](repeating: 0, count: needed)
                _ = csv_write(&buffer, needed, &bytes, bytes.count)
                out += buffer
            }
            out.append(0x0A)
        }
        do { try Data(out).write(to: URL(fileURLWithPath: path)) } catch {
            throw AnalysisError("\(path): cannot write (\(error.localizedDescription)); check the --out folder.")
        }
    }
}
