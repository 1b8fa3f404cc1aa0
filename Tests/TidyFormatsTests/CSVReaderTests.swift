// The one CSV reader (libcsv): exact round trips and errors that name file, line and column.
import Foundation
import Testing

@testable import TidyFormats

struct CSVReaderTests {
    @Test func everyTrickyFieldSurvivesAWriteAndReadRoundTrip() throws {
        let tricky = [
            "a,b", "say \"hi\"", "two\nlines", "crlf\r\nend", "=1+1", "-minus", "+plus", "@at",
            "'=already", "''", " padded ", "", "plain", "ümlaut",
        ]
        let text = CSVWriter.headerLine(tricky.indices.map { "c\($0)" }) + CSVWriter.line(tricky.map(CSVValue.text))
        let table = try CSVTable.parse(Data(text.utf8), file: "round.csv")
        let row = table.row(try #require(table.records.first))
        let back = try tricky.indices.map { try row.text("c\($0)") }
        #expect(back == tricky)
    }

    @Test func recordsKnowTheLineTheyStartOnEvenAfterAQuotedLineBreak() throws {
        let text = "a,b\n1,\"x\ny\"\n2,z\n"
        let table = try CSVTable.parse(Data(text.utf8), file: "lines.csv")
        #expect(table.records.map(\.line) == [2, 4])
        #expect(table.records[0].fields == ["1", "x\ny"])
    }

    @Test func aStrayQuoteIsAnErrorNamingFileAndLine() {
        let text = "a,b\n1,2\n3,x\"y\n"
        #expect(
            throws: CSVReadError.malformed(
                file: "bad.csv", line: 3, reason: "error parsing data while strict checking enabled",
                advice: CSVReadError.defaultAdvice)
        ) {
            try CSVTable.parse(Data(text.utf8), file: "bad.csv")
        }
    }

    @Test func aRowWithTheWrongNumberOfFieldsNamesItsLine() {
        let text = "a,b\n1,2\n3\n4,5\n"
        #expect(
            throws: CSVReadError.invalidRow(
                file: "short.csv", line: 3, column: nil, problem: "the row has 1 fields but the header has 2",
                advice: CSVReadError.defaultAdvice)
        ) {
            try CSVTable.parse(Data(text.utf8), file: "short.csv")
        }
    }

    @Test func aValueOfTheWrongTypeNamesFileLineAndColumn() throws {
        let table = try CSVTable.parse(Data("round,time_s\n1,0.5\n2,slow\n".utf8), file: "typed.csv")
        #expect(try table.row(table.records[0]).decimal("time_s") == 0.5)
        let error = #expect(throws: CSVReadError.self) { try table.row(table.records[1]).decimal("time_s") }
        #expect(
            error?.description
                == "typed.csv:3: column 'time_s': 'slow' is not a number with '.' as decimal mark; "
                + "fix or remove that line in a text editor.")
    }

    @Test func aMissingColumnIsNamed() throws {
        let table = try CSVTable.parse(Data("a\n1\n".utf8), file: "cols.csv")
        #expect(throws: CSVReadError.missingColumn(file: "cols.csv", line: 1, column: "round", header: ["a"])) {
            try table.row(table.records[0]).integer("round")
        }
    }

    @Test func aRowCutOffByACrashIsDroppedAndReported() throws {
        let table = try CSVTable.parse(Data("a,b,c\n1,2,3\n4,5".utf8), file: "cut.csv")
        #expect(table.records.count == 1)
        #expect(table.cutOff == CSVCutOff(line: 3, bytes: 3))
    }

    @Test func anUnterminatedQuoteAtTheEndIsACutOffRowNotAnError() throws {
        let table = try CSVTable.parse(Data("a,b\n1,2\n3,\"par".utf8), file: "cut.csv")
        #expect(table.records.count == 1)
        #expect(table.droppedIncompleteTail)
    }

    @Test func aLastLineWithoutLineBreakIsCutOffEvenWithAllItsFields() throws {
        // A cut number still parses ("4.5" of "4.567"): the missing line break is the only sign, so it decides.
        let table = try CSVTable.parse(Data("a,b\n1,2\n3,4.5".utf8), file: "x.csv")
        #expect(table.records.map(\.fields) == [["1", "2"]])
        #expect(table.cutOff?.line == 3)
        let whole = try CSVTable.parse(Data("a,b\n1,2\n3,4.5\n".utf8), file: "x.csv")
        #expect(whole.records.count == 2 && whole.cutOff == nil)
    }

    @Test func aHeaderAloneWithoutLineBreakIsAHeaderWithNoRows() throws {
        let table = try CSVTable.parse(Data("a,b".utf8), file: "h.csv")
        #expect(table.header == ["a", "b"] && table.records.isEmpty && table.cutOff == nil)
    }

    @Test func theStreamingReaderAndTheTableGiveTheSameRecordsAndLines() throws {
        let text = "x,y,z\n1,\"two\nlines\",3\n\n4,5,6\n7,8"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID()).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = CSVReader(columns: ["z", "x"])
        var seen: [(Int, [String])] = []
        try reader.read(path: url.path) { seen.append(($0.line, $0.fields)) }
        #expect(seen.map(\.0) == [2, 5])
        #expect(seen.map(\.1) == [["3", "1"], ["6", "4"]])
        #expect(reader.cutOff?.line == 6)
        let table = try CSVTable.read(url)
        #expect(table.records.map(\.line) == [2, 5])
    }

    /// A streamed record is a view of the parser's buffer, which grows for a long record and is reused for the next:
    /// a record kept by the table owns its fields, read after the reader is gone.
    @Test func keptRecordsOwnTheirFieldsThroughLongRecordsOfBothSplits() throws {
        let long = String(repeating: "x", count: 9_000)
        let rows = [
            ["1", "a", "b"], ["2", long, "c"], ["3", "quoted, \(long)", "d"], ["4", "", long + "y"], ["5", "e", "f"],
        ]
        let text =
            CSVWriter.headerLine(["n", "text", "more"]) + rows.map { CSVWriter.line($0.map(CSVValue.text)) }.joined()
        let table = try CSVTable.parse(Data(text.utf8), file: "long.csv")
        #expect(table.records.map(\.fields) == rows)
        #expect(table.records.map(\.line) == [2, 3, 4, 5, 6])
        #expect(table.records[3].isEmpty(1) && table.records[3].has(2) && !table.records[3].isEmpty(2))
        let again = try CSVTable.parse(Data(text.utf8), file: "long.csv")
        #expect(table.records == again.records)
        #expect(table.records[0] != table.records[4])
        var streamed: [[String]] = []
        try CSVReader(columns: ["more", "n"]).read(data: Data(text.utf8), file: "long.csv") { record in
            streamed.append(record.fields)
        }
        #expect(streamed == rows.map { [$0[2], $0[0]] })
    }

    @Test func windowsLineEndingsAndBlankLinesAreRead() throws {
        let table = try CSVTable.parse(Data("a,b\r\n1,2\r\n\r\n3,4\r\n".utf8), file: "crlf.csv")
        #expect(table.records.map(\.fields) == [["1", "2"], ["3", "4"]])
        #expect(table.records.map(\.line) == [2, 4])
    }

    @Test func aByteOrderMarkFromASpreadsheetIsNotPartOfTheFirstColumnName() throws {
        let table = try CSVTable.parse(
            Data([0xEF, 0xBB, 0xBF] + Array("participant,age\nP01,30\n".utf8)), file: "bom.csv")
        #expect(try table.row(table.records[0]).text("participant") == "P01")
    }

    @Test func anEmptyFileIsAnErrorAskingForAHeader() {
        #expect(throws: CSVReadError.self) { try CSVTable.parse(Data(), file: "empty.csv") }
    }

    @Test func nonASCIITextWrittenByTheWriterReadsBackAsUTF8() throws {
        let table = try CSVTable.parse(Data(CSVWriter.line([.text("grüne Wiese, 森")]).utf8), file: "t.csv")
        #expect(table.header == ["grüne Wiese, 森"])
    }
}
