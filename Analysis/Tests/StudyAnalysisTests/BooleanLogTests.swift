// Logs written before and after the game's switch to TRUE/FALSE pool into one level per boolean, and the trials.csv
// column `protocol` (appended at the end by the game) is read as any other factor.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite final class BooleanLogTests {
    let scratch = Fixtures.temporaryFolder()
    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    static let header = "participant,condition,background,abs_deviation_deg,time_s,front_back_confusion"

    /// Rows of P01 in the older spelling (true/false) and of P02 as the game writes now (TRUE/FALSE, `protocol` last).
    func writeLogs() throws -> String {
        let logs = scratch + "/logs"
        var old = [Self.header]
        var new = [Self.header + ",protocol"]
        for (i, background) in ["false", "true", "false", "true"].enumerated() {
            let condition = i < 2 ? "quiet" : "noise"
            old.append("P01,\(condition),\(background),\(10 + i).000,2.000,\(i == 1 ? "true" : "false")")
            let upper = background.uppercased()
            new.append("P02,\(condition),\(upper),\(20 + i).000,3.000,\(i == 1 ? "TRUE" : "FALSE"),thesis-study")
            new.append("P02,\(condition),\(upper),\(21 + i).000,3.500,FALSE,thesis-study")
        }
        for (participant, lines) in [("P01", old), ("P02", new)] {
            let folder = logs + "/\(participant)/s1"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: folder + "/trials.csv"))
        }
        return logs
    }

    func load(_ logs: String, value: String = "abs_deviation_deg", by: [String], booleans: Bool = false) throws
        -> StudyData
    {
        var options = LoadOptions(value: value, factors: by)
        options.acceptBooleans = booleans
        options.showProgress = false
        return try StudyData.load(paths: [logs], options: options)
    }

    @Test func trueAndTRUEAreOneLevelOfABooleanFactor() throws {
        let data = try load(try writeLogs(), by: ["background"])
        #expect(data.sortedGroupKeys == [["FALSE"], ["TRUE"]])
        #expect(data.groups[["TRUE"]]?.count == 2 + 4)
    }

    @Test func aRateCountsTRUEAndTrueAlike() throws {
        let data = try load(try writeLogs(), value: "front_back_confusion", by: [], booleans: true)
        let rate = Analyses.proportion(data)
        #expect(data.groups[[]]?.count == 12)
        let json = rate[0].json.rendered()
        #expect(json.contains("\"count\": 2,") && json.contains("\"n\": 12,"))
    }

    @Test func theProtocolColumnIsAFactorLikeAnyOther() throws {
        let logs = try writeLogs()
        let data = try load(logs + "/P02", by: ["protocol"])
        #expect(data.sortedGroupKeys == [["thesis-study"]])
        #expect(data.rows == 8)
        // The older log has no such column: pooled with --by protocol, it is named.
        #expect {
            try load(logs, by: ["protocol"])
        } throws: { "\($0)".contains("P01/s1/trials.csv:1: no column named 'protocol'") }
    }

    @Test func aMixedModelSeesOneBackgroundContrastAcrossOldAndNewLogs() throws {
        var input = MixedModelInput(paths: [try writeLogs()])
        input.showProgress = false
        let fit = try LinearMixedModel.fit(
            formula: "abs_deviation_deg ~ background + (1 | participant)", input: input)
        #expect(fit.fixed.map(\.term) == ["(Intercept)", "backgroundTRUE"])
    }

    @Test func theReportCountsConfusionsWrittenEitherWay() throws {
        let logs = try writeLogs()
        _ = try StudyReport.write(
            inputs: [logs], outputFolder: scratch + "/report", groupBy: nil, participantsFile: nil, skipInvalid: false)
        let table = try String(contentsOfFile: scratch + "/report/tables/conditions.csv", encoding: .utf8)
        // quiet: P01's true and P02's TRUE among 2 + 4 trials.
        let quiet = try #require(table.split(separator: "\n").first { $0.hasPrefix("quiet,") })
        #expect(quiet.split(separator: ",", omittingEmptySubsequences: false)[12] == "0.33333")
    }
}
