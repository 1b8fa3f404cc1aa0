// Reading CSV: columns by name, folders, filters, quoting, participants.csv joins, and clear errors with file/line/column.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite final class InputTests {
    /// One scratch folder per test, removed when the test's instance goes away.
    let scratch = Fixtures.temporaryFolder()
    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    func write(_ text: String, name: String = "trials.csv", in folder: String? = nil) -> String {
        let path = (folder ?? scratch) + "/" + name
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func load(
        _ paths: [String], value: String = "abs_deviation_deg", by: [String] = ["condition"], skip: Bool = false,
        filters: [String] = []
    ) throws -> StudyData {
        var o = LoadOptions(value: value, factors: by)
        o.skipInvalid = skip
        o.showProgress = false
        o.filters = try filters.map { try RowFilter(parsing: $0) }
        return try StudyData.load(paths: paths, options: o)
    }

    func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch { return "\(error)" }
    }

    @Test func aNonNumericValueNamesFileLineAndColumn() {
        let path = write("participant,condition,abs_deviation_deg\np1,a,1.5\np1,a,oops\n")
        let m = message { _ = try load([path]) }
        #expect(
            m.contains("trials.csv:3") && m.contains("abs_deviation_deg") && m.contains("'oops'")
                && m.contains("--skip-invalid"))
    }

    @Test func skipInvalidDropsBadRowsAndCountsThem() throws {
        let path = write("participant,condition,abs_deviation_deg\np1,a,1.5\np1,a,oops\np1,b\np2,b,2.5\np2,a,\n")
        let data = try load([path], skip: true)
        #expect(data.rows == 2 && data.skippedRows == 3)
        #expect(data.firstSkipped?.contains(":3:") == true)
    }

    @Test func aRowWithTheWrongNumberOfFieldsIsAnError() {
        let path = write("participant,condition,abs_deviation_deg\np1,a,1.5\np1,a,1,extra\n")
        let m = message { _ = try load([path]) }
        #expect(m.contains(":3:") && m.contains("4 fields") && m.contains("header has 3"))
    }

    @Test func aMissingColumnListsTheColumnsThatExist() {
        let path = write("participant,condition,deviation\np1,a,1.5\n")
        let m = message { _ = try load([path]) }
        #expect(m.contains("no column named 'abs_deviation_deg'") && m.contains("participant, condition, deviation"))
    }

    @Test func anUnclosedQuoteIsAMalformedCSVError() {
        let path = write("participant,condition,abs_deviation_deg\np1,\"a,1.5\n")
        let m = message { _ = try load([path]) }
        #expect(m.contains("quote"))
    }

    @Test func quotedFieldsWithCommasAndNewlinesAreOneField() throws {
        let path = write(
            "participant,condition,abs_deviation_deg\np1,\"loud, with\nnewline\",1.5\np2,\"loud, with\nnewline\",2.5\np3,'-quiet,3\n"
        )
        let data = try load([path])
        #expect(data.groups[["loud, with\nnewline"]]?.count == 2)
        #expect(data.groups[["-quiet"]]?.count == 1)  // the spreadsheet guard is undone
    }

    @Test func lineNumbersCountBlankLinesCRLFAndNewlinesInsideQuotes() {
        let crlf = write("participant,condition,abs_deviation_deg\r\np1,a,1\r\n\r\np1,\"two\nlines\",2\r\np1,a,bad\r\n")
        #expect(message { _ = try load([crlf]) }.contains("trials.csv:6:"))
        let quoted = write("participant,condition,abs_deviation_deg\np1,\"x\ny\",oops\n")
        #expect(message { _ = try load([quoted]) }.contains("trials.csv:2:"))  // the line where the record starts
    }

    @Test func skipInvalidResumesAfterAMalformedLine() throws {
        let path = write("participant,condition,abs_deviation_deg\np1,a,1\np1,a\"b,2\np2,b,3\n")
        let data = try load([path], skip: true)
        #expect(data.rows == 2 && data.skippedRows == 1)
        #expect(data.firstSkipped?.contains("trials.csv:3") == true)
    }

    @Test func largeFilesSpanningManyChunksKeepExactLineNumbers() throws {
        var text = "participant,condition,abs_deviation_deg\n"
        for i in 0..<60_000 { text += "p\(i % 7),\(i % 3 == 0 ? "a" : "b"),\(Double(i % 100) / 10)\n" }
        text += "p1,a,NaNish\n"
        let path = write(text)
        #expect(message { _ = try load([path]) }.contains("trials.csv:60002:"))
        #expect(try load([path], skip: true).rows == 60_000)
    }

    @Test func foldersAreSearchedForTrialsFilesAndMerged() throws {
        let root = scratch + "/logs"
        _ = write("participant,condition,abs_deviation_deg\np1,a,1\np1,b,2\n", name: "p1/s1/trials.csv", in: root)
        _ = write("participant,condition,abs_deviation_deg\np2,a,3\n", name: "p2/s1/trials.csv", in: root)
        _ = write("not,a,log\n", name: "p2/s1/other.csv", in: root)
        let data = try load([root])
        #expect(data.files.count == 2 && data.rows == 3 && data.groups[["a"]]?.count == 2)
    }

    @Test func filtersKeepMatchingRowsAndExcludeNegatedOnes() throws {
        let path = write("participant,condition,abs_deviation_deg\np1,a,1\np2,a,2\np3,b,3\np1,b,4\n")
        #expect(try load([path], filters: ["participant=p1", "participant=p3"]).rows == 3)
        #expect(try load([path], filters: ["participant!=p1"]).rows == 2)
        #expect(throws: AnalysisError.self) { try load([path], filters: ["participant=nobody"]) }
    }

    @Test func participantColumnsAreJoinedFromParticipantsCSV() throws {
        let root = scratch + "/joined"
        _ = write("participant,condition,abs_deviation_deg\np1,a,1\np2,a,3\np3,a,5\n", name: "p/s/trials.csv", in: root)
        _ = write("participant,age,tinnitus\np1,30,yes\np2,41,no\np3,25,yes\n", name: "participants.csv", in: root)
        let data = try load([root], by: ["tinnitus"])
        #expect(data.groups[["yes"]]?.count == 2 && data.groups[["no"]]?.count == 1)
    }

    @Test func aMissingFileOrAnEmptyFolderIsAClearError() {
        #expect(message { _ = try load(["/nonexistent/trials.csv"]) }.contains("no such file or folder"))
        #expect(message { _ = try load([self.scratch]) }.contains("no trials.csv below"))
    }

    @Test func levelsSortNumericallyWhenAllAreNumbers() {
        #expect(StudyData.sortLevels(["10", "2", "1"]) == ["1", "2", "10"])
        #expect(StudyData.sortLevels(["b", "A", "c"]) == ["A", "b", "c"])
    }
}
