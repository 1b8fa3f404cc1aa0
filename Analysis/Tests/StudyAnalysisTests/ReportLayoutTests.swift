// The report as a reader sees it: rendered by headless Chromium at 1280 px, nothing wider than the page, no SVG text
// cut off at a figure's edge; count axes with whole-number ticks; confidence whiskers inside the plot.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct ReportLayoutTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Measures the page after it loads: the document's scroll width, every top-level element wider than the window,
    /// and every SVG text whose box (after rotation) leaves its figure.
    static let measuringScript = """
        <script>window.addEventListener("load", () => {
          const out = ["scrollWidth=" + document.documentElement.scrollWidth];
          for (const e of document.body.children) {
            const r = e.getBoundingClientRect();
            if (r.right > document.documentElement.clientWidth) out.push("wide=" + e.tagName + ":" + e.textContent.slice(0, 40));
          }
          for (const svg of document.querySelectorAll("svg")) {
            const s = svg.getBoundingClientRect();
            for (const t of svg.querySelectorAll("text")) {
              const b = t.getBoundingClientRect();
              if (b.left < s.left - 0.5 || b.right > s.right + 0.5 || b.top < s.top - 0.5 || b.bottom > s.bottom + 0.5)
                out.push("clipped=" + t.textContent);
            }
          }
          const p = document.createElement("pre"); p.id = "measure"; p.textContent = out.join("|");
          document.body.appendChild(p);
        });</script>
        """

    /// Runs Chromium headless on `page` at `width` px; `arguments` add --dump-dom or --screenshot.
    static func chromium(_ page: String, width: Int, profile: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(chromium))
        p.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)",
                "--window-size=\(width),1000", "--virtual-time-budget=3000",
            ] + arguments + ["file://" + page]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.needsChromium)
    func theReportFitsA1280PixelPageAndNoFigureTextIsCutOff() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // Group by tinnitus: the questionnaire figures have the longest titles (phone_experience_0_5).
        _ = try StudyReport.write(
            inputs: [Fixtures.path("StudyLogs-sample")], outputFolder: scratch + "/report", groupBy: "tinnitus",
            participantsFile: nil, skipInvalid: false)
        let html = try String(contentsOfFile: scratch + "/report/report.html", encoding: .utf8)
        let measured = scratch + "/report/measure.html"
        try html.replacingOccurrences(of: "</body>", with: Self.measuringScript + "</body>").write(
            toFile: measured, atomically: true, encoding: .utf8)
        let dom = try Self.chromium(measured, width: 1280, profile: scratch + "/profile", ["--dump-dom"])
        let start = try #require(dom.range(of: "<pre id=\"measure\">"), "Chromium did not run the page's script")
        let findings = dom[start.upperBound...].prefix { $0 != "<" }.split(separator: "|").map(String.init)
        #expect(findings.first == "scrollWidth=1280", "\(findings)")
        #expect(findings.dropFirst().isEmpty, "\(findings)")
        // A picture to look at when this fails (artifacts/ is git-ignored).
        let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("artifacts/report-1280")
            .path
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        _ = try Self.chromium(
            scratch + "/report/report.html", width: 1280, profile: scratch + "/profile",
            ["--screenshot=\(artifacts)/report.png"])
    }

    @Test func everyNumberCellOfTheHTMLReportStaysOnOneLineAndTextCellsMayWrap() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = try StudyReport.write(
            inputs: [Fixtures.path("StudyLogs-sample")], outputFolder: scratch + "/report", groupBy: "tinnitus",
            participantsFile: nil, skipInvalid: false)
        let html = try String(contentsOfFile: scratch + "/report/report.html", encoding: .utf8)
        #expect(html.contains("td.n{white-space:nowrap}"))
        let cells = html.matches(of: /<td( class="n")?>([^<]*)<\/td>/).map {
            (numbered: $0.1 != nil, text: String($0.2))
        }
        let numbers = cells.filter { Double($0.text.replacingOccurrences(of: "\u{2212}", with: "-")) != nil }
        #expect(!numbers.isEmpty)
        #expect(numbers.allSatisfy { $0.numbered }, "\(numbers.filter { !$0.numbered }.prefix(5))")
        #expect(cells.filter { $0.numbered }.count < cells.count, "names are no number cells")
        // Statistics and degrees of freedom stay on one line too ("t =" above "0.795" reads as two cells).
        let statistics = cells.filter { $0.text.hasPrefix("t = ") || $0.text.hasPrefix("F = ") }
        #expect(!statistics.isEmpty)
        #expect(statistics.allSatisfy { $0.numbered }, "\(statistics.filter { !$0.numbered }.prefix(5))")
    }

    @Test func aCellIsANumberCellWhenItHoldsNumbersAStatisticOrAPValue() {
        for text in ["0.5", "\u{2212}0.123", "< 0.001", "t = \u{2212}0.7951", "F = 2.491", "2, 6", "1, 5.9"] {
            #expect(StudyReport.htmlCell(text).hasPrefix("<td class=\"n\">"), "\(text)")
        }
        for text in ["one-target", "conditiontwo-targets", "Holm-adjusted (raw p = 0.485)", "GG ε = 0.704", ""] {
            #expect(StudyReport.htmlCell(text).hasPrefix("<td>"), "\(text)")
        }
    }

    /// The y positions of an SVG's horizontal tick labels (text anchored at the end, left of the axis).
    static func tickLabels(_ svg: String) -> [String] {
        svg.components(separatedBy: "text-anchor=\"end\" font-weight=\"normal\">").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
    }

    @Test func aCountAxisOfOneOrTwoParticipantsHasWholeNumberTicks() {
        for counts in [[1.0, 1.0], [2.0, 1.0], [3.0]] {
            let none = counts.map { _ in Double.nan }
            let svg = SVGFigure.barPanels(
                title: "Participants by gender", categories: counts.indices.map { "a\($0)" },
                panels: [("participants", counts, none, none)], counts: true)
            let ticks = Self.tickLabels(svg)
            #expect(!ticks.isEmpty)
            #expect(ticks.allSatisfy { Int($0) != nil }, "\(ticks)")
        }
    }

    /// Every line's y coordinates in an SVG.
    static func lineYs(_ svg: String) -> [Double] {
        svg.components(separatedBy: "<line ").dropFirst().flatMap { element in
            ["y1=\"", "y2=\""].compactMap { key in
                element.range(of: key).flatMap { r in Double(element[r.upperBound...].prefix { $0 != "\"" }) }
            }
        }
    }

    @Test func whiskersReachingBelowZeroStayAboveTheXAxis() {
        // Two participants: t-intervals of the mean reach far below 0.
        let bars = SVGFigure.barPanels(
            title: "Comparison between conditions", categories: ["a", "b"],
            panels: [("abs deviation (deg)", [5.0, 7.1], [-7.95, -4.8], [17.96, 19.04])])
        let curve = SVGFigure.lineWithCI(
            title: "Deviation over sessions", xLabel: "session", yLabel: "deg", xs: [1, 2], means: [6.6, 5.2],
            low: [1.3, -5.9], high: [11.9, 16.3])
        // The x-axis is at the bottom of the plot area (y0 + h: 40 + 260 for bars, 40 + 290 for the curve); only the
        // x ticks hang below it, by 4 px.
        for (svg, axis) in [(bars, 300.0), (curve, 330.0)] {
            let ys = Self.lineYs(svg)
            #expect(ys.contains(axis))
            #expect(ys.allSatisfy { $0 <= axis + 4 }, "lowest lines: \(ys.sorted().suffix(3)), x-axis at \(axis)")
        }
    }

    @Test func aFigureIsWideEnoughForItsTitle() {
        let title = "Participants by phone_experience_0_5"
        let svg = SVGFigure.barPanels(
            title: title, categories: ["3", "4"], panels: [("participants", [1, 2], [.nan, .nan], [.nan, .nan])],
            counts: true)
        let width = Double(svg.components(separatedBy: "width=\"")[1].prefix { $0 != "\"" }) ?? 0
        #expect(width >= SVGFigure.titleWidth(title))
        #expect(width > 280)  // the panel alone was 280 px wide and cut the title at both ends
    }
}
