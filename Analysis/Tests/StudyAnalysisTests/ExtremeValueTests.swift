// One extreme value must not change other groups' statistics; values the sums cannot hold are an error naming the row.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct ExtremeValueTests {
    static let groupB = ["3.141", "11.216", "1.255", "7.5", "6.98", "10.02", "4.4", "11.0", "2.25", "12.0"]

    /// A CSV with group A first (its first row `first`) and group B's values.
    func write(_ folder: String, _ name: String, first: String?, extraA: [String] = ["4.5", "9.0"]) -> String {
        var lines = ["group,value"]
        if let first { lines += (["A,\(first)"] + extraA.map { "A,\($0)" }) }
        lines += Self.groupB.map { "B,\($0)" }
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        return path
    }

    func load(_ path: String, skipInvalid: Bool = false) throws -> StudyData {
        var options = LoadOptions(value: "value", factors: ["group"])
        options.keepValues = true
        options.showProgress = false
        options.skipInvalid = skipInvalid
        return try StudyData.load(paths: [path], options: options)
    }

    func summaryOfB(_ data: StudyData) throws -> GroupSummary {
        Describe.summarize(name: "B", try #require(data.groups[["B"]]))
    }

    @Test func aHugeValueInOneGroupLeavesAnotherGroupsSummaryExactlyAsWithoutIt() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let alone = try summaryOfB(try load(write(folder, "alone.csv", first: nil)))
        let withExtreme = try summaryOfB(try load(write(folder, "extreme.csv", first: "1e16")))
        // Shifted by the file's first value (1e16), B became mean 6, min 2, max 10.
        #expect(withExtreme.mean == alone.mean)
        #expect(withExtreme.sd == alone.sd)
        #expect(withExtreme.median == alone.median)
        #expect(withExtreme.min == 1.255 && withExtreme.max == 12.0)
        #expect(abs(alone.mean - 6.9762) < 1e-12)
    }

    @Test func theExtremeGroupsOwnMinimumAndMedianAreTheValuesAsRRreadsThem() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = Describe.summarize(
            name: "A", try #require(try load(write(folder, "extreme.csv", first: "1e16")).groups[["A"]]))
        #expect(a.min == 4.5 && a.median == 9.0 && a.max == 1e16)
    }

    @Test func aValueTheSumsCannotHoldIsAnErrorNamingFileLineAndColumn() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = write(folder, "huge.csv", first: "1e308", extraA: ["1e308"])
        #expect {
            try load(path)
        } throws: { error in
            "\(error)".contains("huge.csv:2: column 'value': '1e308' is out of range")
                && "\(error)".contains("--skip-invalid")
        }
        for (text, reason) in [
            ("Inf", "is not a finite number"), ("NaN", "is not a finite number"), ("1e400", "is out of range"),
        ] {
            let bad = write(folder, "bad.csv", first: text)
            #expect {
                try load(bad)
            } throws: { "\($0)".contains("bad.csv:2: column 'value': '\(text)' \(reason)") }
        }
    }

    @Test func skipInvalidDropsAndCountsThemAndTheOtherGroupIsUntouched() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let alone = try summaryOfB(try load(write(folder, "alone.csv", first: nil)))
        let data = try load(write(folder, "huge.csv", first: "1e308", extraA: ["1e308", "5"]), skipInvalid: true)
        #expect(data.skippedRows == 2)
        #expect(data.firstSkipped?.contains("huge.csv:2") == true)
        let b = try summaryOfB(data)
        #expect(b.mean == alone.mean && b.median == alone.median && b.min == alone.min)
    }

    @Test func aMixedModelNamesTheRowInsteadOfReportingCollinearity() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines = ["participant,condition,y"]
        for p in 0..<4 { for c in ["a", "b"] { for k in 0..<3 { lines.append("P\(p),\(c),\(10 + p + k).5") } } }
        lines.append("P0,a,1e308")
        let path = folder + "/lmm.csv"
        FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        var input = MixedModelInput(paths: [path])
        input.showProgress = false
        #expect {
            try LinearMixedModel.fit(formula: "y ~ condition + (1 | participant)", input: input)
        } throws: { "\($0)".contains("lmm.csv:26: column 'y': '1e308' is out of range") }
        input.skipInvalid = true
        #expect(try LinearMixedModel.fit(formula: "y ~ condition + (1 | participant)", input: input).fixed.count == 2)
    }

    @Test func describingAGroupWithAnInfiniteMeanPrintsInsteadOfCrashing() {
        let s = GroupSummary(
            name: "x", n: 2, mean: .infinity, sd: .nan, se: .nan, median: .infinity, min: 1, max: .infinity,
            ciLow: .nan, ciHigh: .nan)
        #expect(ResultRendering.describe([s], value: "v", by: []).text.contains("Inf"))
    }
}

extension CommandLineTests {
    @Test func describeOnA1e308FileSaysWhichRowInsteadOfCrashing() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/h.csv"
        FileManager.default.createFile(atPath: path, contents: Data("value\n1e308\n-1e308\n5\n".utf8))
        let r = try run(["describe", path, "--value", "value"])
        #expect(r.status == 1)
        #expect(r.err.contains("h.csv:2: column 'value': '1e308' is out of range"))
        let skipped = try run(["describe", path, "--value", "value", "--skip-invalid"])
        #expect(skipped.status == 0)
        #expect(skipped.err.contains("skipped 2 invalid row(s)"))
        #expect(skipped.out.contains(" 1    5 NA NA      5   5   5"))
    }
}

extension CommandLineTests {
    @Test func aRepeatedMeasuresAnovaOnDuplicatedSubjectsWarnsOfAnEssentiallyPerfectFit() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // S3 repeats S1 and S4 repeats S2 (as two simulated participants with one seed): no error left within groups.
        var lines = ["subject,group,condition,y"]
        let data: [(String, String, [Double])] = [
            ("S1", "a", [7.2, 8.9, 8.6]), ("S2", "b", [9.4, 10.1, 9.0]), ("S3", "a", [7.2, 8.9, 8.6]),
            ("S4", "b", [9.4, 10.1, 9.0]),
        ]
        for (subject, group, ys) in data {
            for (c, y) in ys.enumerated() { lines.append("\(subject),\(group),c\(c + 1),\(y)") }
        }
        let path = folder + "/dup.csv"
        FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        let arguments = [
            "anova", path, "--value", "y", "--by", "group", "--within", "condition", "--subject", "subject",
        ]
        let r = try run(arguments)
        #expect(r.status == 0)
        #expect(r.out.contains("warning: essentially perfect fit (group, condition, group:condition)"))
        let effects = try json(try run(arguments + ["--format", "json"]).out)
        #expect(effects.allSatisfy { $0["essentially_perfect_fit"] as? Bool == true })
        // Real data: no warning.
        let normal = try run([
            "anova", Fixtures.path("StudyLogs-sample"), "--within", "condition", "--subject", "participant",
        ])
        #expect(normal.status == 0 && !normal.out.contains("perfect fit"))
    }
}
