// The report's tables in APA 7 layout (numbered, italic title, horizontal rules only, APA p values) as HTML and Markdown.
import Foundation

/// A manuscript wants APA tables, not R's printout: "Table 1" in bold, the title in italic title case on the next
/// line, rules only above and below the header and below the body, numbers right-aligned, p without a leading zero
/// ("< .001", ".042") and statistics as *t*(7) = −2.31. The R-like text stays in report.html and report.md.
struct APATable: Equatable {
    var number: Int
    var title: String
    var header: [String]
    var rows: [[String]]
    /// "Note." text under the table (nil: none).
    var note: String?
    /// Columns holding numbers (right-aligned); the first column is text.
    var numeric: Set<Int>

    /// APA 7 p value: "< .001", else three decimals without the leading zero (".042"), "> .999" near 1.
    static func p(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        if value < 0.001 { return "< .001" }
        if value > 0.999 { return "> .999" }
        return String(String(format: "%.3f", value).dropFirst())
    }

    /// A number with `digits` decimals and a real minus sign (APA typesetting).
    static func number(_ value: Double, _ digits: Int = 2) -> String {
        guard value.isFinite else { return "—" }
        let text = String(format: "%.\(digits)f", value)
        return text == "-" + String(format: "%.\(digits)f", 0.0)
            ? String(text.dropFirst()) : text.replacingOccurrences(of: "-", with: "−")
    }

    /// "[1.20, 3.45]".
    static func interval(_ low: Double, _ high: Double) -> String { "[\(number(low)), \(number(high))]" }

    /// The test's statistic with its degrees of freedom in APA form; the symbol in `italic` marks (HTML or Markdown).
    static func statistic(symbol: String, df: String, value: Double, italic: (String) -> String) -> String {
        let dfs = df.isEmpty ? "" : "(\(df))"
        return "\(italic(symbol))\(dfs) = \(number(value))"
    }

    /// Descriptive table (participant means with 95% t-intervals per level of the compared column).
    static func descriptives(
        compare: String, levels: [String], n: [Int], deviation: [(Double, Double, Double)],
        time: [(Double, Double, Double)], number: Int
    ) -> APATable {
        APATable(
            number: number,
            title: "Participant Means of Absolute Deviation and Search Time by \(titleCase(compare))",
            header: [titleCase(compare), "n", "Deviation M (°)", "95% CI", "Time M (s)", "95% CI"],
            rows: levels.indices.map { i in
                [
                    levels[i], "\(n[i])", Self.number(deviation[i].0), interval(deviation[i].1, deviation[i].2),
                    Self.number(time[i].0), interval(time[i].1, time[i].2),
                ]
            },
            note: "Means of each participant's mean; CI = confidence interval (t-based, over participants).",
            numeric: [1, 2, 3, 4, 5])
    }

    /// The classical tests (ANOVA and Holm-adjusted comparisons) with APA statistics and p values.
    static func tests(_ rows: [TestRow], italic: (String) -> String, number: Int) -> APATable {
        APATable(
            number: number, title: "Tests of the Participant Means",
            header: ["Measure", "Test", "Statistic", "p"],
            rows: rows.map {
                [
                    $0.measure, $0.test, statistic(symbol: $0.symbol, df: $0.df, value: $0.value, italic: italic),
                    p($0.p),
                ]
            },
            note: "Pairwise comparisons are Holm-adjusted.",
            numeric: [2, 3])
    }

    static func titleCase(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: " ").split(separator: " ").map {
            $0.prefix(1).uppercased() + $0.dropFirst()
        }.joined(separator: " ")
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// One standalone HTML page (print-ready: Times 12 pt, double-spaced titles, rules only).
    static func html(_ tables: [APATable], heading: String) -> String {
        let style = """
            body { font-family: "Times New Roman", "DejaVu Serif", serif; font-size: 12pt; margin: 2.5em; max-width: 60em; }
            .apa { margin: 2em 0; }
            .apa .number { font-weight: bold; margin: 0; }
            .apa .title { font-style: italic; margin: 0.6em 0 0.4em; }
            table { border-collapse: collapse; border-top: 1.5px solid #000; border-bottom: 1.5px solid #000; }
            th { border-bottom: 1px solid #000; font-weight: normal; padding: 0.3em 0.8em; text-align: left; }
            td { padding: 0.2em 0.8em; text-align: left; vertical-align: top; }
            th.n, td.n { text-align: right; white-space: nowrap; }
            .note { margin-top: 0.4em; }
            .note i { font-style: italic; }
            """
        var out =
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escape(heading))</title>\n<style>\n\(style)\n</style></head><body>\n"
        out += "<h1 style=\"font-size: 12pt; text-align: center;\">\(escape(heading))</h1>\n"
        for table in tables {
            out += "<div class=\"apa\">\n<p class=\"number\">Table \(table.number)</p>\n"
            out += "<p class=\"title\">\(escape(table.title))</p>\n<table>\n<thead><tr>"
            for (i, h) in table.header.enumerated() {
                out += "<th\(table.numeric.contains(i) ? " class=\"n\"" : "")>\(headerHTML(h))</th>"
            }
            out += "</tr></thead>\n<tbody>\n"
            for row in table.rows {
                out += "<tr>"
                for (i, cell) in row.enumerated() {
                    // Cells are escaped; the statistic's italic symbol is the one tag they carry.
                    let text = escape(cell).replacingOccurrences(of: "&lt;i&gt;", with: "<i>")
                        .replacingOccurrences(of: "&lt;/i&gt;", with: "</i>")
                    out += "<td\(table.numeric.contains(i) ? " class=\"n\"" : "")>\(text)</td>"
                }
                out += "</tr>\n"
            }
            out += "</tbody>\n</table>\n"
            if let note = table.note { out += "<p class=\"note\"><i>Note.</i> \(escape(note))</p>\n" }
            out += "</div>\n"
        }
        return out + "</body></html>\n"
    }

    /// "M", "n", "p" are statistical symbols: italic in the header.
    static func headerHTML(_ h: String) -> String {
        var text = escape(h)
        for symbol in ["M", "n", "p"] {
            if text == symbol { return "<i>\(symbol)</i>" }
            text = text.replacingOccurrences(of: " \(symbol) (", with: " <i>\(symbol)</i> (")
        }
        return text
    }

    /// The same tables in Markdown (a pipe table cannot drop vertical rules; the layout is the HTML's).
    static func markdown(_ tables: [APATable]) -> String {
        tables.map { table in
            var out = "**Table \(table.number)**\n\n*\(table.title)*\n\n"
            out += "| " + table.header.joined(separator: " | ") + " |\n|"
            out += table.header.indices.map { table.numeric.contains($0) ? "---:|" : ":---|" }.joined() + "\n"
            for row in table.rows {
                out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "/") }.joined(separator: " | ") + " |\n"
            }
            if let note = table.note { out += "\n*Note.* \(note)\n" }
            return out
        }.joined(separator: "\n")
    }
}
