// Skipped animals (trials.csv `skipped` TRUE) are no photos: every reader of deviations and times leaves them out.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite final class SkippedTargetsTests {
    let scratch = Fixtures.temporaryFolder()
    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    /// Two photos and one skipped animal far off; and the same photos in a file written before the column existed.
    func write() throws -> (new: String, old: String) {
        let new = scratch + "/new/trials.csv"
        let old = scratch + "/old/trials.csv"
        for path in [new, old] {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        try """
        participant,condition,session_index,abs_deviation_deg,time_s,skipped
        p1,a,1,10.000,2.000,FALSE
        p1,a,1,20.000,4.000,FALSE
        p1,a,1,170.000,90.000,TRUE

        """.write(toFile: new, atomically: true, encoding: .utf8)
        try """
        participant,condition,session_index,abs_deviation_deg,time_s
        p2,a,1,10.000,2.000
        p2,a,1,20.000,4.000

        """.write(toFile: old, atomically: true, encoding: .utf8)
        return (new, old)
    }

    func load(_ paths: [String], value: String = "abs_deviation_deg", filters: [String] = []) throws -> StudyData {
        var options = LoadOptions(value: value, factors: ["condition"])
        options.showProgress = false
        options.filters = try filters.map { try RowFilter(parsing: $0) }
        return try StudyData.load(paths: paths, options: options)
    }

    @Test func describeLeavesSkippedAnimalsOutAndCountsThem() throws {
        let files = try write()
        let data = try load([files.new, files.old])
        #expect(data.rows == 4 && data.skippedTargets == 1)
        #expect(data.groups[["a"]]?.count == 4 && data.groups[["a"]]?.meanAsRead == 15)
    }

    @Test func aFilterOnTheColumnAnalysesTheSkippedRows() throws {
        let files = try write()
        let data = try load([files.new], filters: ["skipped=TRUE"])
        #expect(data.rows == 1 && data.skippedTargets == 0 && data.groups[["a"]]?.meanAsRead == 170)
    }

    @Test func theProgressMediansLeaveSkippedAnimalsOut() throws {
        let files = try write()
        let rows = try SessionProgress.read(files: [files.new])
        #expect(rows.map(\.photos) == [2] && rows.map(\.medianAbsDeviationDeg) == [15])
        #expect(rows.map(\.medianTimeSeconds) == [3])
    }
}
