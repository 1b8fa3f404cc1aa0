// Friedman test and Kendall's W against stats::friedman.test and effectsize::kendalls_w (issue 14).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct FriedmanTests {
    let r = Fixtures.issue14

    @Test func friedmanOnCellMeansMatchesR() throws {
        for (file, factor, subject, key) in [
            ("factorial.csv", "B", "participant", "fac"), ("repeated.csv", "level", "subject", "rm"),
        ] {
            let data = try Fixtures.load(file, value: "value", by: [factor], subject: subject, keepValues: false)
            let f = try Friedman.test(try Analyses.subjectCells(data, betweenCount: 0, asRead: true).means)
            #expect(close(f.statistic, r["friedman.\(key).statistic"]) && close(f.p, r["friedman.\(key).p"]), "\(key)")
            #expect(close(f.kendallW, r["friedman.\(key).kendall_w"]), "\(key) W")
        }
    }

    @Test func tiesWithinASubjectGetMidRanksAndTheTieCorrection() throws {
        // friedman.test(matrix(c(1, 1, 2, 3, 2, 1, 2, 2, 3), 3, byrow = TRUE)) in R 4.2.2 (print(digits = 17)):
        // Friedman chi-squared = 0.80000000000000004, p-value = 0.67032004603563933.
        let f = try Friedman.test([[1, 1, 2], [3, 2, 1], [2, 2, 3]])
        #expect(close(f.statistic, 0.80000000000000004) && close(f.p, 0.67032004603563933))
    }
}
