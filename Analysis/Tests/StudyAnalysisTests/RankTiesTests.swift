// Rank tests on data spanning 1e-6..1e6 with exact ties, against wilcox.test and kruskal.test (issue 14, defect 1).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct RankTiesTests {
    let r = Fixtures.issue14

    @Test func mannWhitneyAndKruskalWallisTieOnlyEqualValuesAcrossTwelveOrdersOfMagnitude() throws {
        let data = try Fixtures.load("wide-range.csv", value: "value", by: ["group"])
        let values = Fixtures.groups(data).map { $0.values ?? [] }
        let mw = try RankTests.mannWhitney(values[0], values[1])
        #expect(mw.statistic == r["wide.mw.w"])  // R: W = 21.5 (the old tolerance tied 1e-6..7e-6: W differed)
        #expect(close(mw.p, r["wide.mw.p"]))
        let kw = try RankTests.kruskalWallis(values)
        #expect(close(kw.statistic, r["wide.kruskal.h"]) && close(kw.p, r["wide.kruskal.p"]))
    }

    @Test func signedRankTestAgainstZeroMatchesWilcoxTest() throws {
        let data = try Fixtures.load("wide-range-signed.csv", value: "value")
        let results = try Analyses.tTest(data, mu: nil, student: false, levels: nil, nonparametric: true)
        guard case .object(let fields) = results[1].json, let v = fields.first(where: { $0.0 == "statistic" })?.1,
            case .number(let statistic) = v, let pField = fields.first(where: { $0.0 == "p" })?.1,
            case .number(let p) = pField
        else {
            Issue.record("no signed-rank result")
            return
        }
        #expect(statistic == r["wide.signed.v"])  // R: V = 83
        #expect(close(p, r["wide.signed.p"]))
    }

    /// 0.3 - 0.1, 0.5 - 0.3 and 1.7 - 1.5 are different doubles: distinct by default (exact test, as R), tied with
    /// --digits-rank 7 (normal approximation with the tie correction, as wilcox.test(digits.rank = 7)).
    @Test func decimalEqualDifferencesTieOnlyWithDigitsRank() throws {
        let data = try Fixtures.load("decimal-differences.csv", value: "value", by: ["cond"], subject: "participant")
        for (digits, key) in [(nil, "exact"), (7, "digits7")] as [(Int?, String)] {
            let results = try Analyses.tTest(
                data, mu: nil, student: false, levels: nil, nonparametric: true, paired: true, digitsRank: digits)
            guard case .object(let fields) = results[1].json,
                case .number(let v) = fields.first(where: { $0.0 == "statistic" })?.1,
                case .number(let p) = fields.first(where: { $0.0 == "p" })?.1
            else {
                Issue.record("no signed-rank result")
                return
            }
            #expect(v == r["decdiff.paired.\(key).v"] && close(p, r["decdiff.paired.\(key).p"]), "\(key)")
        }
        let cli = CommandLineTests()
        let run = try cli.run([
            "ttest", Fixtures.path("decimal-differences.csv"), "--value", "value", "--digits-rank", "7",
        ])
        #expect(run.status != 0 && run.err.contains("--digits-rank 7 applies to the rank tests"))
    }
}
