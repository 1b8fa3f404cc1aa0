// Precision on data with many constant leading digits (1000000000000.xx) and agreement with scipy's fixtures.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct AccuracyTests {
    @Test func decimalTextIsParsedExactlyAndDifferencesAreExact() {
        let a = ExactDecimal.parse("1000000000000.4")!
        let b = ExactDecimal.parse("1000000000000.3")!
        #expect(a.minus(b) == 0.1)
        #expect(Double(1000000000000.4) - Double(1000000000000.3) != 0.1)  // what binary parsing loses
        #expect(ExactDecimal.parse("-2.5e-3")!.minus(ExactDecimal.parse("0")!) == -0.0025)
        #expect(ExactDecimal.parse("'-12.25")!.minus(ExactDecimal.parse("0")!) == -12.25)
        for bad in ["", "abc", "1.2.3", "NA", "1e", "--1", "1,5", "inf"] {
            #expect(ExactDecimal.parse(bad) == nil, "\(bad)")
        }
    }

    /// The literal powers of ten the parser divides by are the values `pow` gives (the table they replaced).
    @Test func thePowersOfTenAreExactlyPowsValues() {
        for n in 0...22 { #expect(ExactDecimal.powerOfTen(n) == pow(10, Double(n)), "10^\(n)") }
    }

    @Test func fAndTOnConstantLeadingDigitsAgreeWithExactRationalArithmeticToTwelveDigits() throws {
        let data = try Fixtures.load("leading-digits.csv", value: "value", by: ["group"])
        let groups = Fixtures.groups(data)
        let f = try OneWayAnova.fisher(groups).f
        let t = try TTest.twoSample(groups[0], groups[1], welch: true).t
        let exactF = try #require(Fixtures.scipy["leading.exact.f"])
        let exactT = try #require(Fixtures.scipy["leading.exact.welch_t_A_B"])
        #expect(agreeingDigits(f, exactF) >= 12)
        #expect(agreeingDigits(t, exactT) >= 12)
        // The float64 pipeline (scipy) keeps only a few digits on the same data: the fixture is a real test.
        #expect(agreeingDigits(Fixtures.scipy["leading.scipy.f"]!, exactF) < 6)
    }

    @Test func compensatedSumKeepsWhatNaiveSummationLoses() {
        let values = [1e16, 1.0, -1e16, 1.0] + Array(repeating: 0.1, count: 10)
        #expect(abs(CompensatedSum.of(values) - 3.0) < 1e-15)
        #expect(values.reduce(0, +) != 3.0)
    }

    @Test func oneWayAnovaAndTTestsAgreeWithScipyOnGeneratedGroups() throws {
        let s = Fixtures.scipy
        let data = try Fixtures.load("scipy-groups.csv", value: "value", by: ["group"])
        let groups = Fixtures.groups(data)
        let a = try OneWayAnova.fisher(groups)
        #expect(close(a.f, s["groups.anova.f"]) && close(a.p, s["groups.anova.p"], 1e-9))
        let w = try TTest.twoSample(groups[0], groups[1], welch: true)
        #expect(
            close(w.t, s["groups.welch.t"]) && close(w.df, s["groups.welch.df"])
                && close(w.p, s["groups.welch.p"], 1e-9))
        let k = try RankTests.kruskalWallis(groups.map { $0.values! })
        #expect(close(k.statistic, s["groups.kruskal.h"]))
        let tukey = try PostHoc.tukey(names: ["A", "B", "C", "D"], groups: groups)
        for c in tukey { #expect(close(c.pAdjusted, s["groups.tukey.\(c.a)_\(c.b).p"], 1e-8)) }
    }
}
