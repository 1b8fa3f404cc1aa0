// Condition names a spreadsheet would run as formulas stay guarded through the report's CSV tables, and raw HTML in
// them is escaped in report.md as in report.html.
import Foundation
import Testing
import TidyFormats

@testable import StudyAnalysis

@Suite struct ReportFormulaGuardTests {
    static let hostileNames = [
        "=cmd|' /C calc'!A0", "@SUM(1)", "+1+1", "-2+3", "\t=1+1", "+1", "<script>alert(1)</script>",
    ]

    /// trials.csv written as the game writes it: through TidyFormats' CSVWriter, so the names arrive guarded.
    static func writeLogs(_ folder: String) throws {
        let session = folder + "/P01/s1"
        try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
        var text = CSVWriter.headerLine(["participant", "condition", "abs_deviation_deg", "time_s"])
        for p in ["P01", "P02", "P03"] {
            for (i, name) in hostileNames.enumerated() {
                for k in 0..<2 {
                    text += CSVWriter.line([
                        .text(p), .text(name),
                        .decimal(Double(10 + i * 3 + k) + Double(p.suffix(1))!, fractionDigits: 3),
                        .decimal(1.5 + Double(k), fractionDigits: 3),
                    ])
                }
            }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: session + "/trials.csv"))
    }

    /// RFC 4180 fields of one CSV text (quoted fields may hold commas, quotes and line breaks).
    static func fields(_ text: String) -> [String] {
        var out: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" {
                        field.unicodeScalars.append(chars.removeFirst())
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," || c == "\n" {
                out.append(field)
                field = ""
            } else {
                field.unicodeScalars.append(c)
            }
        }
        return out
    }

    @Test func everyTextCellOfEveryReportTableIsGuardedAndReadingUndidOnlyTheGuard() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.writeLogs(folder + "/logs")
        _ = try StudyReport.write(
            inputs: [folder + "/logs"], outputFolder: folder + "/report", groupBy: nil, participantsFile: nil,
            skipInvalid: false)
        let tables = try FileManager.default.contentsOfDirectory(atPath: folder + "/report/tables")
        #expect(tables.count == 5)
        let dangerous: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
        for table in tables {
            let text = try String(contentsOfFile: folder + "/report/tables/" + table, encoding: .utf8)
            for field in Self.fields(text) {
                guard let first = field.unicodeScalars.first, dangerous.contains(first) else { continue }
                // Only a number the analyzer computed may start so, and none of those starts with +.
                #expect(first != "+" && Double(field) != nil, "\(table): the text cell '\(field)' is not guarded")
            }
        }
        // Read back, each name is the condition's own (the guard was undone once, then applied again).
        let conditions = try String(contentsOfFile: folder + "/report/tables/conditions.csv", encoding: .utf8)
        let firstCells = Set(conditions.split(separator: "\n").dropFirst().map { String($0) })
        for name in Self.hostileNames {
            #expect(
                firstCells.contains { $0.hasPrefix(CSVWriter.field(CSVValue.guardingFormula(name)) + ",") },
                "\(name)")
        }
    }

    @Test func rawHTMLInAConditionNameIsEscapedInMarkdownAsInHTML() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.writeLogs(folder + "/logs")
        _ = try StudyReport.write(
            inputs: [folder + "/logs"], outputFolder: folder + "/report", groupBy: nil, participantsFile: nil,
            skipInvalid: false)
        for document in ["report.md", "report.html"] {
            let text = try String(contentsOfFile: folder + "/report/" + document, encoding: .utf8)
            #expect(!text.contains("<script>"), "\(document)")
            #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(document)")
        }
    }
}
