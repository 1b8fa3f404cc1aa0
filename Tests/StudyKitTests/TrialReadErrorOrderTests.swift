// trials.csv decoded while it is read says the same as the whole table read and then decoded: which problem a file
// with several is reported by, and the rows of a readable one.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyKit

struct TrialReadErrorOrderTests {
    /// A header and four rows as the log writes them.
    private func lines() throws -> [String] {
        let folder = try TemporaryFolder()
        let log = try TrialLog.create(at: folder.file("trials.csv"))
        for index in 1...4 { try log.append(Fixtures.row(round: index)) }
        return try String(contentsOf: folder.file("trials.csv"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    /// What reading `text` as trials.csv gives, the rows or the error's sentence, checked to be what reading the
    /// whole table and then decoding it gives.
    private func sameAsTheTableRead(_ text: String) throws -> String {
        let folder = try TemporaryFolder()
        let url = folder.file("trials.csv")
        try Data(text.utf8).write(to: url)
        func outcome(_ read: (URL) throws -> [TrialRow]) -> String {
            do { return "rows \(try read(url).map(\.round))" } catch { return "\(error)" }
        }
        let streamed = outcome { try TrialRow.readAll(from: $0) }
        #expect(streamed == outcome { try TrialRow.rows(of: CSVTable.read($0)) })
        return streamed
    }

    /// `line` (1-based, the header is 1) with field `field` replaced.
    private func damaged(_ lines: [String], line: Int, field: Int, _ value: String) -> [String] {
        var lines = lines
        var fields = lines[line - 1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[field] = value
        lines[line - 1] = fields.joined(separator: ",")
        return lines
    }

    @Test func aFileWithSeveralProblemsIsReportedByTheSameOne() throws {
        let good = try lines()
        let column = TrialRow.columns.firstIndex(of: "deviation_deg")!
        let badNumber = damaged(good, line: 3, field: column, "twelve")
        // A bad value on line 3 and a short row on line 5: the reader's problem (line 5) comes first, as before.
        var short = badNumber
        short[4] = "1,2,3"
        #expect(try sameAsTheTableRead(short.joined(separator: "\n") + "\n").contains("trials.csv:5: "))
        // Two bad values: the first line's.
        let twoBad = damaged(badNumber, line: 4, field: TrialRow.columns.firstIndex(of: "background")!, "maybe")
        #expect(try sameAsTheTableRead(twoBad.joined(separator: "\n") + "\n").contains("trials.csv:3: column"))
        // A bad value on line 2 and a stray quote on line 4.
        var quoted = damaged(good, line: 2, field: column, "-")
        quoted[3] = quoted[3].replacingOccurrences(of: "frog", with: "fr\"og")
        #expect(try sameAsTheTableRead(quoted.joined(separator: "\n") + "\n").contains("trials.csv:4: malformed"))
        // A header without a column every row needs.
        let missing = good.map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset != TrialRow.columns.firstIndex(of: "target")! }.map(\.element)
                .joined(separator: ",")
        }
        #expect(try sameAsTheTableRead(missing.joined(separator: "\n") + "\n").contains("no column named 'target'"))
    }

    @Test func aReadableFileGivesTheSameRowsAndLeavesACutOffLastLineOut() throws {
        let good = try lines()
        #expect(try sameAsTheTableRead(good.joined(separator: "\n") + "\n") == "rows [1, 2, 3, 4]")
        #expect(try sameAsTheTableRead(good.joined(separator: "\n")) == "rows [1, 2, 3]")
        #expect(try sameAsTheTableRead(good[0] + "\n") == "rows []")
    }
}
