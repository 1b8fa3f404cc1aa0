// `report`: detects the design, runs the matching tests and writes HTML, Markdown, CSV tables, SVG figures and
// analysis.R (the same tables computed by R from the same CSV files).
import Foundation
import StudyRecords
import TidyFormats

public enum StudyReport {
    /// Returns a short summary of what was written (printed by the CLI).
    public static func write(
        inputs: [String], outputFolder: String, compare: String = "condition", groupBy: String?,
        participantsFile: String?, skipInvalid: Bool, force: Bool = false, filters: [RowFilter] = [],
        publication: Bool = false, mixedModels fitsMixedModels: Bool = true
    ) throws -> String {
        try checkOutputFolder(outputFolder, force: force)
        // Said before anything is computed or written.
        if publication { _ = try PublicationFigures.converter() }
        let (files, foundParticipants) = try StudyData.resolveInputs(inputs)
        // With its mixed models, the report's reading of the trials is also their first pass (one reading, not two).
        let (data, firstPass) =
            fitsMixedModels
            ? try ReportMixedModels.read(files: files, compare: compare, skipInvalid: skipInvalid, filters: filters)
            : (try ReportData.load(files: files, compare: compare, skipInvalid: skipInvalid, filters: filters), [:])
        guard data.rows > 0 else {
            var reason = "no trial rows to report on"
            if !filters.isEmpty {
                reason +=
                    " after the filters; "
                    + data.filterValues.sorted { $0.key < $1.key }.map { column, values in
                        "\(column) has " + StudyData.sortLevels(Array(values)).map { "'\($0)'" }.joined(separator: ", ")
                    }.joined(separator: "; ")
            }
            throw AnalysisError("\(files.joined(separator: ", ")): \(reason).")
        }
        try refuseMixedProtocols(data)
        let participantsPaths = participantsFile.map { [$0] } ?? foundParticipants
        let participantTable = try ParticipantTable.forInputs(explicit: participantsFile, found: foundParticipants)
        if let groupBy, participantTable?.columns.contains(groupBy) != true {
            let known = participantTable.map { "; it has: \($0.columns.joined(separator: ", "))" }
            throw AnalysisError(
                "--group-by '\(groupBy)': no such column in participants.csv\(known ?? " (none found: pass --participants FILE)")."
            )
        }
        try createFolders(outputFolder)
        let c = ReportContext(data: data, compare: compare, groupBy: groupBy, participantTable: participantTable)

        // Left out on request (a quick look, or the benchmark's like-for-like run): they read every trial again.
        let mixedModels = fitsMixedModels ? ReportMixedModels.fit(c, firstPass) : []
        let conditionTests = ReportTestTables.conditions(c)
        let groupTests = ReportTestTables.groups(c)
        let table = conditionTable(c)
        var (figures, questionnaireFacts) = ReportFigures.all(c, devCI: table.devCI, timeCI: table.timeCI)
        let ratings = try RatingsFigure.forReport(
            inputs: inputs, participants: Set(c.people),
            sessions: data.everyRowHasSession ? Set(data.sessions.keys) : nil, skipInvalid: skipInvalid)
        figures += ratings.figures
        let stimuli = ReportStimuli.rows(data)
        if let figure = ReportStimuli.figure(stimuli) { figures.append(figure) }
        let stimulusTable = ReportStimuli.csvRows(stimuli)
        let bandTable = ReportStimuli.bandRows(data)
        let questionnaires = try ReportQuestionnaires.analyse(
            inputs: inputs, participants: Set(c.people), trialFilters: filters)
        let testRows = (conditionTests.rows + groupTests.rows).map {
            [
                $0.measure, $0.test, $0.statistic, $0.df, RFormat.pValue($0.p, digits: 3), $0.note, $0.symbol,
                String($0.value), String($0.p),
            ]
        }
        try writeCSV(outputFolder + "/tables/conditions.csv", header: table.header, rows: table.rows)
        try writeCSV(
            outputFolder + "/tables/participants.csv",
            header: ["participant", "group", "n_trials", "mean_abs_deviation_deg", "mean_time_s"],
            rows: c.people.compactMap { p in
                c.data.participants[p].map {
                    [p, c.group(of: p), "\($0.deviation.count)", num($0.deviation.mean), num($0.time.mean)]
                }
            })
        let cellTable = ReportParticipantConditions.csvRows(c)
        try writeCSV(
            outputFolder + "/tables/participant-conditions.csv", header: ReportParticipantConditions.header(c),
            rows: cellTable)
        try writeCSV(
            outputFolder + "/tables/tests.csv",
            header: ["measure", "test", "statistic", "df", "p_value", "note", "symbol", "statistic_value", "p_exact"],
            rows: testRows)
        try writeCSV(
            outputFolder + "/tables/mixed-models.csv", header: ReportMixedModels.csvHeader,
            rows: ReportMixedModels.csvRows(mixedModels))
        if let questionnaires {
            try writeCSV(
                outputFolder + "/tables/questionnaires.csv", header: ReportQuestionnaires.csvHeader,
                rows: ReportQuestionnaires.csvRows(questionnaires))
        }
        if !stimuli.isEmpty {
            try writeCSV(outputFolder + "/tables/stimuli.csv", header: ReportStimuli.header, rows: stimulusTable)
        }
        if !bandTable.isEmpty {
            try writeCSV(outputFolder + "/tables/spectral-bands.csv", header: ReportStimuli.bandHeader, rows: bandTable)
        }
        for f in figures { try writeText(outputFolder + "/figures/" + f.file, f.svg) }
        if publication {
            try PublicationFigures.convert(svgFiles: figures.map { outputFolder + "/figures/" + $0.file })
            let n = c.conditions.map { condition in
                c.people.filter { c.cellMean($0, condition, { $0.deviation }) != nil }.count
            }
            let tests = conditionTests.rows + groupTests.rows
            func apa(_ italic: (String) -> String) -> [APATable] {
                [
                    APATable.descriptives(
                        compare: compare, levels: c.conditions, n: n, deviation: table.devCI, time: table.timeCI,
                        number: 1)
                ] + (tests.isEmpty ? [] : [APATable.tests(tests, italic: italic, number: 2)])
            }
            try writeText(
                outputFolder + "/tables-apa.html",
                APATable.html(apa { "<i>\($0)</i>" }, heading: "Tables: \(protocolHeading(data))"))
            try writeText(outputFolder + "/tables-apa.md", APATable.markdown(apa { "*\($0)*" }))
        }
        var script = ReportRScript.script(
            c, files: files, participantsFiles: participantsPaths, tests: conditionTests.rows + groupTests.rows,
            mixedModels: mixedModels, filters: filters, outputFolder: outputFolder, stimuli: !stimuli.isEmpty)
        if let questionnaires {
            let questionnaireFiles = questionnaires.data.files.filter { $0.hasSuffix("questionnaires.csv") }
            script += ReportQuestionnaires.rSection(
                files: questionnaireFiles.map { ReportRScript.located($0, outputFolder: outputFolder) },
                participants: c.people)
        }
        try writeText(outputFolder + "/analysis.R", script)

        let filtered =
            filters.isEmpty
            ? ""
            : " (filtered: "
                + filters.map { "\($0.column)\($0.negated ? "!=" : "=")\($0.value)" }.joined(separator: ", ") + ")"
        let protocolNames = data.protocols.keys.filter { !$0.isEmpty }.sorted()
        var facts = [
            "Rows analysed: \(data.rows) from \(files.count) file(s)\(filtered)\(data.skipped > 0 ? "; \(data.skipped) invalid rows skipped" : "")\(SkippedTargets.note(data.skippedTargets))",
            "Participants: \(c.people.count); \(compare)s: \(c.conditions.joined(separator: ", "))",
            "Design detected: \(c.design)"
                + (protocolNames.count == 1
                    ? " (protocol '\(protocolNames[0])'\(data.plans[protocolNames[0]].map { ", training plan '\($0)'" } ?? ""))"
                    : ""),
            "Balance: \(DesignBalance.statement(counts: c.countsByCondition, compare: compare))",
            !fitsMixedModels
                ? "Trial-level mixed models: left out (--no-mixed-models); the tables below compare participant means only"
                : ReportMixedModels.isTraining(c)
                    ? "Primary analysis of trial-level outcomes (training plan): deviation and time over sessions, RESPONSE ~ session_index * \(compare) + (session_index | participant) — each trainee's own intercept and session slope (linear, as lme4::lmer + lmerTest); front-back confusions: binomial with a random intercept, as lme4::glmer"
                    : "Primary analysis of trial-level outcomes: mixed models on every trial with a random intercept per participant (deviation and time: linear, as lme4::lmer + lmerTest; front-back confusions: binomial, as lme4::glmer)",
            "Classical tests (tables 1, 2): participant means per \(compare) (trials of one person are not independent)",
        ]
        if ratings.skippedRows > 0 {
            facts.append(
                "Ratings figure: \(ratings.skippedRows) invalid row(s) of ratings.csv and trials.csv left out (--skip-invalid)"
            )
        }
        if let unfinished = unfinishedSessionsFact(files) { facts.append(unfinished) }
        facts += questionnaireFacts
        facts += questionnaires.map(ReportQuestionnaires.facts) ?? []
        if let groupBy {
            facts.append(
                "Participant groups by '\(groupBy)': "
                    + c.groupNames.map { g in "\(g) (\(c.people.filter { c.group(of: $0) == g }.count))" }.joined(
                        separator: ", "))
            // A participant missing from every participants.csv is filed under "unknown": name them, so a sheet left
            // out of the inputs is noticed.
            let unlisted = c.people.filter { participantTable?.value(participant: $0, column: "participant") == nil }
            if !unlisted.isEmpty {
                facts.append(
                    "Not in any participants.csv (group unknown, left out of the group comparison): \(unlisted.joined(separator: ", "))"
                )
            }
        }
        facts += (conditionTests.problems + groupTests.problems).map { "Not computed: \($0)" }
        let document = ReportDocument(
            facts: facts, mixedModels: mixedModels, tests: conditionTests.rows, groupTests: groupTests.rows,
            groupBy: groupBy, conditionHeader: table.header, conditionRows: table.rows, figures: figures,
            units: ReportUnits(c), stimulusRows: stimulusTable, bandRows: bandTable,
            participantConditions: ReportParticipantConditions.shown(c))
        try writeText(outputFolder + "/report.md", markdown(document))
        try writeText(outputFolder + "/report.html", html(document))
        let published = publication ? " (each also as PDF and 300-dpi PNG), tables-apa.html, tables-apa.md" : ""
        return
            "Wrote \(outputFolder)/report.html, report.md, analysis.R, \(figures.count) figures\(published) and \((questionnaires == nil ? 5 : 6) + (stimuli.isEmpty ? 0 : 1) + (bandTable.isEmpty ? 0 : 1)) tables (\(data.rows) rows, \(c.people.count) participants; design: \(c.design))."
    }

    /// The APA page's heading: the protocol analysed, or "study report" when the logs name none.
    static func protocolHeading(_ data: ReportData) -> String {
        let names = data.protocols.keys.filter { !$0.isEmpty }.sorted()
        return names.count == 1 ? names[0] : "study report"
    }

    /// The input sessions whose session.json (beside their trials.csv) says they are not done — interrupted or still
    /// running — named, so their partial rounds are not taken for complete sessions. Nil when every session is done or
    /// no session.json lies beside the files.
    static func unfinishedSessionsFact(_ files: [String]) -> String? {
        let unfinished = files.compactMap { file -> String? in
            let folder = (file as NSString).deletingLastPathComponent
            guard let data = FileManager.default.contents(atPath: folder + "/session.json"),
                let record = try? SessionRecord.decode(data, file: folder + "/session.json"), !record.countsAsDone
            else { return nil }
            return
                "\(record.participant) \(record.sessionID) (\(record.endedBy.map { "ended by \($0.rawValue)" } ?? "not ended"))"
        }
        guard !unfinished.isEmpty else { return nil }
        return
            "Sessions not completed (their trials are included; `soundsafari status` lists them with the command that continues each): "
            + unfinished.joined(separator: ", ")
    }

    /// One report analyses one design: logs of two protocols (a lab study and a training plan's sessions, or two
    /// studies) pooled would be called "every participant played every condition" over trials of different tasks.
    /// Refused with the `--filter` that picks each.
    static func refuseMixedProtocols(_ data: ReportData) throws {
        let named = data.protocols.filter { !$0.key.isEmpty }
        guard named.count > 1 else { return }
        let parts = named.sorted { $0.key < $1.key }.map { name, rows in
            "'\(name)' (\(rows) rows\(data.plans[name].map { ", training plan '\($0)'" } ?? ""))"
        }
        let first = named.keys.sorted()[0]
        throw AnalysisError(
            "The input mixes \(named.count) protocols — \(parts.joined(separator: ", ")) — and a report analyses one "
                + "design: write one report per protocol, e.g. --filter protocol=\(first).")
    }

    /// Files whose presence makes a folder a logs, participant or session folder: a report never writes into one
    /// (nor into a folder inside one), even with --force.
    static let logFileNames: Set<String> = [
        "trials.csv", "participants.csv", "session.json", "ratings.csv", "profile.json", ".start.lock",
        "questionnaires.csv", "diary.csv",
    ]

    /// An earlier report is replaced only with `force`; a folder of study logs never receives a report, and neither
    /// does a folder below one (`<session>/figures` would sit among the session's own files).
    static func checkOutputFolder(_ outputFolder: String, force: Bool) throws {
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: outputFolder)) ?? [])
        var folder = URL(fileURLWithPath: outputFolder).standardizedFileURL
        for level in 0..<4 {
            // A report folder of its own beside the participants (`<logs>/report`) is no participant's folder.
            let markers = level == 0 ? logFileNames : logFileNames.subtracting(["participants.csv"])
            let inside = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            let plan = inside.first { $0.hasPrefix("plan-") && $0.hasSuffix(".json") }
            if let log = inside.intersection(markers).sorted().first ?? plan {
                throw AnalysisError(
                    "\(outputFolder) is \(folder.path == URL(fileURLWithPath: outputFolder).standardizedFileURL.path ? "" : "inside ")a folder of study logs (\(folder.path) holds \(log)): write the report to a folder of its own, outside the logs, with --out."
                )
            }
            guard folder.path != "/" else { break }
            folder = folder.deletingLastPathComponent()
        }
        if !force, let earlier = ["report.html", "report.md", "analysis.R"].first(where: names.contains) {
            throw AnalysisError(
                "\(outputFolder) already holds a report (\(earlier)): pass --force to replace it, or choose another --out."
            )
        }
    }

    static func createFolders(_ outputFolder: String) throws {
        do {
            for sub in ["figures", "tables"] {
                try FileManager.default.createDirectory(
                    atPath: (outputFolder as NSString).appendingPathComponent(sub), withIntermediateDirectories: true)
            }
        } catch {
            throw AnalysisError(
                "\(outputFolder): cannot create the report folder (\(error.localizedDescription)); choose another --out."
            )
        }
    }

    /// Per-condition table (figure 1's numbers): participant-level means and CIs, trial-level circular statistics,
    /// confusion and reversal rates.
    static func conditionTable(_ c: ReportContext) -> (
        header: [String], rows: [[String]], devCI: [(Double, Double, Double)], timeCI: [(Double, Double, Double)]
    ) {
        var rows: [[String]] = []
        var devCI: [(Double, Double, Double)] = []
        var timeCI: [(Double, Double, Double)] = []
        for condition in c.conditions {
            let trials = c.data.conditions[condition]?.deviation.count ?? 0
            let summaries = ReportContext.measures.map { measure in
                Describe.summarize(
                    name: condition,
                    GroupAccumulator(c.people.compactMap { c.cellMean($0, condition, measure.pick) }))
            }
            let (d, t) = (summaries[0], summaries[1])
            devCI.append((d.mean, d.ciLow, d.ciHigh))
            timeCI.append((t.mean, t.ciLow, t.ciHigh))
            var row = [
                condition, "\(d.n)", "\(trials)", num(d.mean), num(d.ciLow), num(d.ciHigh), num(t.mean), num(t.ciLow),
                num(t.ciHigh),
            ]
            if let circ = c.data.circular[condition] {
                let s = CircularStatistics.summarize(cosineSum: circ.cos.value, sineSum: circ.sin.value, n: circ.n)
                row += [num(s.meanDeg), num(s.resultantLength), num(s.rayleighP)]
            } else {
                row += ["", "", ""]
            }
            if let conf = c.data.confusion[condition] {
                let w = CircularStatistics.wilson(successes: conf.count, n: conf.n)
                row += [num(w.rate), num(w.ciLow), num(w.ciHigh)]
            } else {
                row += ["", "", ""]
            }
            if let reversals = c.data.reversals[condition] {
                let w = CircularStatistics.wilson(successes: reversals.count, n: reversals.n)
                row += ["\(reversals.count)", num(w.rate), num(w.ciLow), num(w.ciHigh)]
            } else {
                row += ["", "", "", ""]
            }
            rows.append(row)
        }
        let header = [
            c.compare, "n_participants", "n_trials", "mean_abs_deviation_deg", "ci_low", "ci_high", "mean_time_s",
            "time_ci_low", "time_ci_high", "circular_mean_deviation_deg", "resultant_length", "rayleigh_p",
            "front_back_confusion_rate", "confusion_ci_low", "confusion_ci_high", "front_back_reversals",
            "front_back_reversal_rate", "reversal_ci_low", "reversal_ci_high",
        ]
        return (header, rows, devCI, timeCI)
    }

    static func num(_ x: Double) -> String { x.isFinite ? RFormat.signif(x, 5) : "" }
    static func slug(_ s: String) -> String { String(s.map { $0.isLetter || $0.isNumber ? $0 : "-" }) }

    static func writeText(_ path: String, _ text: String) throws {
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw AnalysisError("\(path): cannot write (\(error.localizedDescription)); check the --out folder.")
        }
    }

    /// Through the one CSV writer the game's logs use too: libcsv quoting, and the spreadsheet formula guard on
    /// every text cell (a condition named `=cmd|...` must not run in a spreadsheet); numbers stay numbers.
    static func writeCSV(_ path: String, header: [String], rows: [[String]]) throws {
        let text = CSVWriter.headerLine(header) + rows.map { CSVWriter.line($0.map(CSVValue.cell)) }.joined()
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) } catch {
            throw AnalysisError("\(path): cannot write (\(error.localizedDescription)); check the --out folder.")
        }
    }
}
