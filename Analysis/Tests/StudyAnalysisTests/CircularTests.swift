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
}
