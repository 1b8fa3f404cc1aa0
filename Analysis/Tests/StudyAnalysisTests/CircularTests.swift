// Circular statistics against circular::rayleigh.test (with and without mu = 0) and Zar's CI formula (issue 14).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct CircularTests {
    let r = Fixtures.issue14

    @Test func rayleighVTestMeanAndConfidenceIntervalMatchRAtSmallAndLargeN() throws {
        var options = LoadOptions(value: "deviation_deg", factors: ["group"])
        options.angularSums = true
        options.showProgress = false
        let data = try StudyData.load(paths: [Fixtures.path("angles.csv")], options: options)
        for group in ["small", "large", "left", "right"] {
            let sums = try #require(data.angular[[group]])
            let s = CircularStatistics.summarize(cosineSum: sums.cosineSum, sineSum: sums.sineSum, n: sums.n)
            let k = "circ.\(group)"
            #expect(close(s.rayleighP, r["\(k).rayleigh_p"]), "\(k) Rayleigh p \(s.rayleighP)")
            #expect(close(s.vTestP, r["\(k).v_test_p"]), "\(k) V-test p \(s.vTestP)")
            #expect(close(s.meanDeg, r["\(k).mean_deg"]) && close(s.resultantLength, r["\(k).rbar"]))
            let half = try #require(r["\(k).ci_half_deg"])
            #expect(close(s.ciLowDeg ?? .nan, s.meanDeg - half) && close(s.ciHighDeg ?? .nan, s.meanDeg + half))
        }
    }

    @Test func theConfidenceIntervalIsNotGivenWhenTheResultantIsTooShort() {
        // R̄ = 0.1 with n = 20: sqrt(3.84 / 40) = 0.31 > 0.1, so the interval does not exist.
        let s = CircularStatistics.summarize(cosineSum: 2, sineSum: 0, n: 20)
        #expect(s.ciLowDeg == nil && s.ciHighDeg == nil)
    }

    @Test func watsonWilliamsMatchesCircularForTwoAndFourGroups() throws {
        let cli = CommandLineTests()
        let args = ["circular", Fixtures.path("angles.csv"), "--by", "group", "--format", "json"]
        let two = try cli.json(try cli.run(args + ["--filter", "group=left", "--filter", "group=right"]).out)
        let ww = try #require(two.first { $0["test"] as? String == "watson-williams" })
        #expect(close(ww["f"] as? Double ?? .nan, r["ww.two.f"]) && close(ww["p"] as? Double ?? .nan, r["ww.two.p"]))
        #expect(ww["df_effect"] as? Double == 1 && ww["df_error"] as? Double == r["ww.two.df2"])
        let groups = try #require(two.first?["groups"] as? [[String: Any]])
        for key in ["mean_deg", "resultant_length", "ci_low_deg", "ci_high_deg", "rayleigh_p", "v_test_p"] {
            #expect(groups[0][key] is Double, "\(key)")
        }
        let four = try cli.json(try cli.run(args).out)
        let all = try #require(four.first { $0["test"] as? String == "watson-williams" })
        #expect(
            close(all["f"] as? Double ?? .nan, r["ww.four.f"]) && close(all["p"] as? Double ?? .nan, r["ww.four.p"]))
        #expect((all["note"] as? String)?.contains("probably not applicable") == true)
    }
}
