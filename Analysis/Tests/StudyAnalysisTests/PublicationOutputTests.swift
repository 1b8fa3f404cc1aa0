// report --publication: each figure also as PDF and 300-dpi PNG, figure 1 with every participant's mean, APA tables.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct PublicationOutputTests {
    /// Width and height of a PNG, from its IHDR chunk.
    static func pngSize(_ path: String) throws -> (Int, Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(path) is no PNG")
        func int(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// The SVG's width and height attributes.
    static func svgSize(_ path: String) throws -> (Double, Double) {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let match = try #require(text.firstMatch(of: /<svg[^>]* width="([0-9.]+)" height="([0-9.]+)"/))
        return (Double(match.1)!, Double(match.2)!)
    }

    @Test(.needsRsvgConvert)
    func everyFigureIsAlsoAPDFAndA300DpiPNGAndTheTablesAreInAPAStyle() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/report"
        let summary = try StudyReport.write(
            inputs: [Fixtures.path("StudyLogs-sample")], outputFolder: out, groupBy: nil, participantsFile: nil,
            skipInvalid: false, publication: true)
        #expect(summary.contains("each also as PDF and 300-dpi PNG"))
        let svgs = try FileManager.default.contentsOfDirectory(atPath: out + "/figures").filter { $0.hasSuffix(".svg") }
        #expect(svgs.count >= 3)
        for svg in svgs {
            let base = out + "/figures/" + String(svg.dropLast(4))
            let pdf = try Data(contentsOf: URL(fileURLWithPath: base + ".pdf"))
            #expect(pdf.starts(with: Data("%PDF-".utf8)), "\(svg)")
            let (w, h) = try Self.pngSize(base + ".png")
            let (sw, sh) = try Self.svgSize(base + ".svg")
            // 300 pixels per inch at the SVG's size (96 px per inch): 3.125 times its pixels.
            #expect(abs(Double(w) - sw * 3.125) <= 1 && abs(Double(h) - sh * 3.125) <= 1, "\(svg): \(w)x\(h)")
        }
        let html = try String(contentsOfFile: out + "/tables-apa.html", encoding: .utf8)
        #expect(html.contains("<p class=\"number\">Table 1</p>") && html.contains("<p class=\"number\">Table 2</p>"))
        #expect(html.contains("font-style: italic") && !html.contains("border-left") && !html.contains("border-right"))
        #expect(html.contains("<i>F</i>(") || html.contains("<i>t</i>("))
        let markdown = try String(contentsOfFile: out + "/tables-apa.md", encoding: .utf8)
        #expect(
            markdown.contains("**Table 1**\n\n*Participant Means of Absolute Deviation and Search Time by Condition*"))
        // No p value with a leading zero: APA writes .042 and < .001.
        #expect(markdown.firstMatch(of: /\| 0\.\d{3} \|$/.anchorsMatchLineEndings()) == nil)
        #expect(markdown.firstMatch(of: /\| (< \.001|\.\d{3}|> \.999) \|$/.anchorsMatchLineEndings()) != nil)
        // The R-like report is unchanged beside them.
        #expect(FileManager.default.fileExists(atPath: out + "/report.html"))
    }

    @Test func withoutTheFlagNoPDFPNGOrAPATablesAreWritten() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/report"
        _ = try StudyReport.write(
            inputs: [Fixtures.path("StudyLogs-sample")], outputFolder: out, groupBy: nil, participantsFile: nil,
            skipInvalid: false)
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/figures")
        #expect(!files.contains { $0.hasSuffix(".pdf") || $0.hasSuffix(".png") })
        #expect(!FileManager.default.fileExists(atPath: out + "/tables-apa.html"))
    }

    @Test func figureOneShowsEveryParticipantsMeanAsADot() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/report"
        _ = try StudyReport.write(
            inputs: [Fixtures.path("StudyLogs-sample")], outputFolder: out, groupBy: nil, participantsFile: nil,
            skipInvalid: false)
        let svg = try String(contentsOfFile: out + "/figures/figure-6-1-conditions.svg", encoding: .utf8)
        let cells = try String(contentsOfFile: out + "/tables/conditions.csv", encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        // Column 2 is n (participants with a mean in that condition); two panels: deviation and time.
        let participantMeans = cells.reduce(0) { $0 + Int($1[1])! } * 2
        #expect(participantMeans > 0)
        #expect(svg.matches(of: /class="point"/).count == participantMeans)
    }

    @Test func pValuesAndNumbersAreTypesetAsAPAAsks() {
        #expect(APATable.p(0.0004) == "< .001")
        #expect(APATable.p(0.0421) == ".042")
        #expect(APATable.p(0.5) == ".500")
        #expect(APATable.p(0.9996) == "> .999")
        #expect(APATable.number(-2.314) == "−2.31")
        #expect(APATable.number(-0.001) == "0.00", "no negative zero")
        #expect(APATable.statistic(symbol: "F", df: "2, 14", value: 3.2109) { "*\($0)*" } == "*F*(2, 14) = 3.21")
    }
}

/// `report --no-mixed-models`: the report's work without the trial-level mixed models (make bench's like-for-like run).
@Suite struct ReportWithoutMixedModelsTests {
    @Test func theMixedModelsAreLeftOutAndTheReportSaysSo() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for fits in [true, false] {
            let out = scratch + "/report-\(fits)"
            _ = try StudyReport.write(
                inputs: [Fixtures.path("StudyLogs-sample")], outputFolder: out, groupBy: nil, participantsFile: nil,
                skipInvalid: false, mixedModels: fits)
            let csv = try String(contentsOfFile: out + "/tables/mixed-models.csv", encoding: .utf8)
            let script = try String(contentsOfFile: out + "/analysis.R", encoding: .utf8)
            let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
            #expect((csv.split(separator: "\n").count > 1) == fits, "header only when left out")
            #expect(script.contains("lmer(") == fits)
            #expect(markdown.contains("left out (--no-mixed-models)") == !fits)
            // The classical tables are the same either way.
            #expect(markdown.contains("Table 1: p-values for angle deviation"))
        }
    }
}
