// The report's Markdown and HTML documents, with the unit of analysis stated above every table.
import Foundation

/// One sentence per table saying what one observation is.
struct ReportUnits {
    let conditionTests: String, groupTests: String, conditionTable: String
    let mixedModels: String
    /// The compared column (the participant x condition table's title names it).
    let compare: String

    init(_ c: ReportContext) {
        compare = c.compare
        let random =
            ReportMixedModels.isTraining(c)
            ? "a random intercept and session_index slope per participant for deviation and time (each trainee starts and improves at their own rate), a random intercept for front-back confusions"
            : "a random intercept per participant (the trials of one person share it)"
        mixedModels =
            "Unit of analysis: trials, with \(random). Treatment contrasts as R's default: each term compares a level with the first one."
        let complete = c.within ? "; only participants with every \(c.compare) take part" : ""
        conditionTests =
            "Unit of analysis: one mean per participant and \(c.compare) (the mean of that participant's trials in it)\(complete)\(c.within ? "; the repeated-measures ANOVA uses type 3 sums of squares (as afex)" : "")."
        groupTests =
            "Unit of analysis: one value per participant, the mean of their \(c.compare) means (each \(c.compare) weighs the same)\(complete); the t-test is Student's, so t² equals the F of the same comparison as an ANOVA (the mixed ANOVA's group row); the mixed ANOVA uses type 3 sums of squares (as afex)."
        conditionTable =
            "Unit of analysis: participants. Means and 95% t-intervals are across the participant x \(c.compare) means (n_participants); n_trials counts trials; the circular statistics, the confusion and the reversal rates pool the trials of each \(c.compare)."
    }
}

/// Everything the report's two documents (Markdown and HTML) show, in the order they show it.
struct ReportDocument {
    let facts: [String]
    let mixedModels: [ReportMixedModel]
    let tests: [TestRow]
    let groupTests: [TestRow]
    let groupBy: String?
    let conditionHeader: [String]
    let conditionRows: [[String]]
    let figures: [ReportFigure]
    let units: ReportUnits
    /// `tables/stimuli.csv` and `tables/spectral-bands.csv` (empty: the logs name no stimulus).
    var stimulusRows: [[String]] = []
    var bandRows: [[String]] = []
    /// The participant x condition table as shown (`ReportParticipantConditions.shown`; empty: one condition).
    var participantConditions: (header: [String], rows: [[String]]) = ([], [])
}

extension StudyReport {
    /// The conditions table as three: participant-level means (its first 9 columns), the circular statistics and
    /// confusion rate that pool the trials, and the front-back reversals (the last 4, shown when the logs have the
    /// column), each starting with the condition. Together its 19 columns would not fit a 1280 px page; the CSV keeps one.
    static func conditionTables(_ d: ReportDocument) -> [(title: String, header: [String], rows: [[String]])] {
        let split = min(9, d.conditionHeader.count)
        let reversals = max(split, d.conditionHeader.count - 4)
        func columns(_ range: [Int]) -> ([String], [[String]]) {
            (
                range.map { d.conditionHeader[$0] },
                d.conditionRows.map { row in range.map { $0 < row.count ? row[$0] : "" } }
            )
        }
        let (h1, r1) = columns(Array(0..<split))
        let (h2, r2) = columns([0] + Array(split..<reversals))
        let (h3, r3) = columns([0] + Array(reversals..<d.conditionHeader.count))
        let logged = r3.contains { $0.dropFirst().contains { !$0.isEmpty } }
        return [
            ("Participant means with 95% t-intervals", h1, r1),
            (
                "Trials pooled: circular statistics of the signed deviation, front-back confusion rate with 95% Wilson interval",
                h2, r2
            ),
            (
                "Trials pooled: front-back reversals (front and back mixed up outside the lateral zone), their rate with 95% Wilson interval",
                logged ? h3 : [], r3
            ),
        ].filter { $0.1.count > 1 }
    }

    /// The participant x condition table's title, or nil when there is none (a single condition).
    static func participantConditionsTitle(_ d: ReportDocument, compare: String) -> String? {
        d.participantConditions.rows.isEmpty
            ? nil
            : "Participants by \(compare): mean absolute deviation and front-back reversals (reversals/trials)"
    }

    /// The by-stimulus and by-band tables as the report shows them (the CSVs keep every column).
    static func stimulusTables(_ d: ReportDocument) -> [(title: String, header: [String], rows: [[String]])] {
        let shown = [0, 3, 4, 5, 6, 7, 8, 9, 11]
        return [
            (
                "Stimuli: participant means with 95% t-intervals, front-back reversal rate of the trials",
                shown.map { ReportStimuli.header[$0] }, d.stimulusRows.map { row in shown.map { row[$0] } }
            ),
            ("Spectral bands (stimuli by the width of their 90% band)", ReportStimuli.bandHeader, d.bandRows),
        ].filter { !$0.rows.isEmpty }
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        func cell(_ s: String) -> String { markdownText(s.replacingOccurrences(of: "|", with: "/")) }
        return "| " + header.map(cell).joined(separator: " | ") + " |\n|" + header.map { _ in "---|" }.joined() + "\n"
            + rows.map { "| " + $0.map(cell).joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n"
    }

    /// Text from the data (condition and column names, answers) in Markdown: a Markdown viewer passes raw HTML
    /// through, so `<script>` in a condition name is written as entities, as the HTML report escapes it.
    static func markdownText(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    static func testTable(_ rows: [TestRow]) -> ([String], [[String]]) {
        (
            ["Test", "Statistic", "df", "p-value", "Note"],
            rows.map { [$0.test, $0.statistic, $0.df, RFormat.pValue($0.p, digits: 3), $0.note] }
        )
    }

    static func markdown(_ d: ReportDocument) -> String {
        let (facts, mixedModels, tests, groupTests, groupBy) = (
            d.facts, d.mixedModels, d.tests, d.groupTests, d.groupBy
        )
        let (figures, units) = (d.figures, d.units)
        var md = "# SoundSafari study report\n\n" + facts.map { "- \(markdownText($0))\n" }.joined() + "\n"
        md +=
            "## Trial-level mixed models (primary analysis)\n\n\(markdownText(units.mixedModels))\n\n"
            + ReportMixedModels.notes(mixedModels).map { "- \(markdownText($0))\n" }.joined() + "\n"
        let mixedRows = ReportMixedModels.rows(mixedModels)
        if !mixedRows.isEmpty { md += table(ReportMixedModels.header, mixedRows) + "\n" }
        for (number, measure, title) in [(1, "deviation", "angle deviation"), (2, "time", "time")] {
            let (h, r) = testTable(tests.filter { $0.measure == measure })
            md +=
                "## Table \(number): p-values for \(title)\n\n\(markdownText(units.conditionTests))\n\n"
                + (r.isEmpty ? "Not enough conditions or data for a test.\n" : table(h, r)) + "\n"
        }
        if let groupBy, !groupTests.isEmpty {
            let (h, r) = testTable(groupTests)
            md +=
                "## Participant groups by \(markdownText(groupBy))\n\n\(markdownText(units.groupTests))\n\n"
                + table(["Measure"] + h, zip(groupTests, r).map { [$0.measure] + $1 }) + "\n"
        }
        md +=
            "## Conditions\n\n\(markdownText(units.conditionTable))\n\n"
            + conditionTables(d).map { "\($0.title):\n\n" + table($0.header, $0.rows) + "\n" }.joined()
        if let title = participantConditionsTitle(d, compare: units.compare) {
            md +=
                "## \(markdownText(title))\n\n" + table(d.participantConditions.header, d.participantConditions.rows)
                + "\n"
        }
        for (title, header, rows) in stimulusTables(d) {
            md += "## \(title)\n\n" + table(header, rows) + "\n"
        }
        md +=
            "## Figures\n\n"
            + figures.map { "![\(markdownText($0.caption))](figures/\($0.file))\n\n*\(markdownText($0.caption))*\n\n" }
            .joined()
        md +=
            "Tables as CSV: `tables/conditions.csv`, `tables/participants.csv`, `tables/participant-conditions.csv`, `tables/tests.csv`, `tables/mixed-models.csv`"
            + (d.stimulusRows.isEmpty ? "" : ", `tables/stimuli.csv`")
            + (d.bandRows.isEmpty ? "" : ", `tables/spectral-bands.csv`") + ".\n"
        md +=
            "Rerun every table in R: `Rscript analysis.R` (base R, afex, circular, lme4, lmerTest; reads the same CSV files).\n"
        return md
    }

    /// A table cell; a number, a p value such as "< 0.001", a statistic such as "t = −0.795" or degrees of
    /// freedom such as "2, 6" has class "n", kept on one line: wrapped, "−0.123" or "t = 0.795" would read as
    /// two values.
    static func htmlCell(_ text: String) -> String {
        let plain = text.replacingOccurrences(of: "\u{2212}", with: "-").trimmingCharacters(in: .whitespaces)
        var value = Substring(plain)
        if value.hasPrefix("<") {
            value = value.dropFirst()
        } else if let equals = value.range(of: " = "), value[..<equals.lowerBound].count <= 3 {
            value = value[equals.upperBound...]
        }
        let parts = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let number = !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && Double($0) != nil }
        return (number ? "<td class=\"n\">" : "<td>") + SVGFigure.escape(text) + "</td>"
    }

    static func html(_ d: ReportDocument) -> String {
        let (facts, mixedModels, tests, groupTests, groupBy) = (
            d.facts, d.mixedModels, d.tests, d.groupTests, d.groupBy
        )
        let (figures, units) = (d.figures, d.units)
        func htmlTable(_ header: [String], _ rows: [[String]]) -> String {
            // Column names such as mean_abs_deviation_deg may break after each underscore, so a table of 15 columns
            // fits a 1280 px page.
            // Text columns are left-aligned, numbers right-aligned: a column's header follows its cells.
            let numeric = header.indices.map { column in
                let cells = rows.compactMap { column < $0.count ? $0[column] : nil }.filter { !$0.isEmpty }
                return !cells.isEmpty && cells.allSatisfy { htmlCell($0).hasPrefix("<td class=\"n\">") }
            }
            return "<table><thead><tr>"
                + header.enumerated().map { column, name in
                    let label = SVGFigure.escape(name).replacingOccurrences(of: "_", with: "_<wbr>")
                    return numeric[column] ? "<th class=\"n\">\(label)</th>" : "<th>\(label)</th>"
                }
                .joined()
                + "</tr></thead><tbody>"
                + rows.map { "<tr>" + $0.map(htmlCell).joined() + "</tr>" }.joined(separator: "\n")
                + "</tbody></table>\n"
        }
        var h =
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>SoundSafari study report</title>\n"
        h +=
            "<style>body{font-family:DejaVu Sans,sans-serif;max-width:1100px;margin:2em auto;color:#222}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}th{background:#f3f3f3}td.n,th.n{text-align:right}td.n{white-space:nowrap}figure{margin:2em 0}</style></head><body>\n"
        h +=
            "<h1>SoundSafari study report</h1>\n<ul>" + facts.map { "<li>\(SVGFigure.escape($0))</li>" }.joined()
            + "</ul>\n"
        h +=
            "<h2>Trial-level mixed models (primary analysis)</h2>\n<p>\(SVGFigure.escape(units.mixedModels))</p>\n<ul>"
            + ReportMixedModels.notes(mixedModels).map {
                // Markdown code spans read as plain text in HTML.
                "<li>\(SVGFigure.escape($0.replacingOccurrences(of: "`", with: "")))</li>"
            }.joined() + "</ul>\n"
        let mixedRows = ReportMixedModels.rows(mixedModels)
        if !mixedRows.isEmpty { h += htmlTable(ReportMixedModels.header, mixedRows) }
        for (number, measure, title) in [(1, "deviation", "angle deviation"), (2, "time", "time")] {
            let (hd, r) = testTable(tests.filter { $0.measure == measure })
            h +=
                "<h2>Table \(number): p-values for \(title)</h2>\n<p>\(SVGFigure.escape(units.conditionTests))</p>\n"
                + (r.isEmpty ? "<p>Not enough conditions or data for a test.</p>\n" : htmlTable(hd, r))
        }
        if let groupBy, !groupTests.isEmpty {
            let (hd, r) = testTable(groupTests)
            h +=
                "<h2>Participant groups by \(SVGFigure.escape(groupBy))</h2>\n<p>\(SVGFigure.escape(units.groupTests))</p>\n"
                + htmlTable(["Measure"] + hd, zip(groupTests, r).map { [$0.measure] + $1 })
        }
        h +=
            "<h2>Conditions</h2>\n<p>\(SVGFigure.escape(units.conditionTable))</p>\n"
            + conditionTables(d).map { "<p>\(SVGFigure.escape($0.title)):</p>\n" + htmlTable($0.header, $0.rows) }
            .joined()
        if let title = participantConditionsTitle(d, compare: units.compare) {
            h +=
                "<h2>\(SVGFigure.escape(title))</h2>\n"
                + htmlTable(d.participantConditions.header, d.participantConditions.rows)
        }
        for (title, header, rows) in stimulusTables(d) {
            h += "<h2>\(SVGFigure.escape(title))</h2>\n" + htmlTable(header, rows)
        }
        h +=
            "<h2>Figures</h2>\n"
            + figures.map { "<figure>\($0.svg)<figcaption>\(SVGFigure.escape($0.caption))</figcaption></figure>\n" }
            .joined()
        return h + "</body></html>\n"
    }

}
