// Reading CSV back over libcsv's parser: exact round trips and errors that name file, line and column.
import Foundation
import Testing
import TidyFormats

@testable import StudyKit

struct CSVReaderTests {
    @Test func everyTrickyFieldSurvivesAWriteAndReadRoundTrip() throws {
        let tricky = [
            "a,b", "say \"hi\"", "two\nlines", "crlf\r\nend", "=1+1", "-minus", "+plus", "@at",
            "'=already", "''", " padded ", "", "plain", "ümlaut",
        ]
        let text = CSVWriter.headerLine(tricky.indices.map { "c\($0)" }) + CSVWriter.line(tricky.map(CSVValue.text))
        let table = try CSVReader.parse(Data(text.utf8), file: "round.csv")
        let row = table.row(try #require(table.records.first))
        let back = try tricky.indices.map { try row.text("c\($0)") }
        #expect(back == tricky)
    }

    @Test func recordsKnowTheLineTheyStartOnEvenAfterAQuotedLineBreak() throws {
        let text = "a,b\n1,\"x\ny\"\n2,z\n"
        let table = try CSVReader.parse(Data(text.utf8), file: "lines.csv")
        #expect(table.records.map(\.line) == [2, 4])
        #expect(table.records[0].fields == ["1", "x\ny"])
    }

    @Test func aStrayQuoteIsAnErrorNamingFileAndLine() {
        let text = "a,b\n1,2\n3,x\"y\n"
        #expect(
            throws: CSVReadError.malformed(
                file: "bad.csv", line: 3, reason: "error parsing data while strict checking enabled")
        ) {
            try CSVReader.parse(Data(text.utf8), file: "bad.csv")
        }
    }

    @Test func aRowWithTheWrongNumberOfFieldsNamesItsLine() {
        let text = "a,b\n1,2\n3\n4,5\n"
        #expect(throws: CSVReadError.wrongFieldCount(file: "short.csv", line: 3, found: 1, expected: 2)) {
            try CSVReader.parse(Data(text.utf8), file: "short.csv")
        }
    }

    @Test func aValueOfTheWrongTypeNamesFileLineAndColumn() throws {
        let table = try CSVReader.parse(Data("round,time_s\n1,0.5\n2,slow\n".utf8), file: "typed.csv")
        #expect(try table.row(table.records[0]).decimal("time_s") == 0.5)
        let error = #expect(throws: CSVReadError.self) { try table.row(table.records[1]).decimal("time_s") }
        #expect(
            error?.description == "typed.csv line 3, column time_s: 'slow' is not a number with '.' as decimal mark.")
    }

    @Test func aMissingColumnIsNamed() throws {
        let table = try CSVReader.parse(Data("a\n1\n".utf8), file: "cols.csv")
        #expect(throws: CSVReadError.missingColumn(file: "cols.csv", column: "round")) {
            try table.row(table.records[0]).integer("round")
        }
    }

    @Test func aRowCutOffByACrashIsDroppedAndReported() throws {
        let table = try CSVReader.parse(Data("a,b,c\n1,2,3\n4,5".utf8), file: "cut.csv")
        #expect(table.records.count == 1)
        #expect(table.droppedIncompleteTail)
    }

    @Test func anUnterminatedQuoteAtTheEndIsACutOffRowNotAnError() throws {
        let table = try CSVReader.parse(Data("a,b\n1,2\n3,\"par".utf8), file: "cut.csv")
        #expect(table.records.count == 1)
        #expect(table.droppedIncompleteTail)
    }

    @Test func appendOnlyFilesCanDropAnUnterminatedRowThatHasAllItsFields() throws {
        let data = Data("a,b\n1,2\n3,4.5".utf8)
        #expect(try CSVReader.parse(data, file: "x.csv").records.count == 2)
        #expect(try CSVReader.parse(data, file: "x.csv", dropUnterminatedLastRow: true).records.count == 1)
    }

    @Test func windowsLineEndingsAndBlankLinesAreRead() throws {
        let table = try CSVReader.parse(Data("a,b\r\n1,2\r\n\r\n3,4\r\n".utf8), file: "crlf.csv")
        #expect(table.records.map(\.fields) == [["1", "2"], ["3", "4"]])
        #expect(table.records.map(\.line) == [2, 4])
    }

    @Test func aByteOrderMarkFromASpreadsheetIsNotPartOfTheFirstColumnName() throws {
        let table = try CSVReader.parse(
            Data([0xEF, 0xBB, 0xBF] + Array("participant,age\nP01,30\n".utf8)), file: "bom.csv")
        #expect(try table.row(table.records[0]).text("participant") == "P01")
    }

    @Test func anEmptyFileIsAnErrorAskingForAHeader() {
        #expect(throws: CSVReadError.self) { try CSVReader.parse(Data(), file: "empty.csv") }
    }

    @Test func nonASCIITextWrittenByTheWriterReadsBackAsUTF8() throws {
        let table = try CSVReader.parse(Data(CSVWriter.line([.text("grüne Wiese, 森")]).utf8), file: "t.csv")
        #expect(table.header == ["grüne Wiese, 森"])
    }
}
