// Two-way type II and repeated-measures ANOVA against R (ToothGrowth, a seeded repeated-measures fixture).
import Testing

@testable import StudyAnalysis

@Suite struct DesignTests {
    let r = Fixtures.r

    @Test(arguments: [("ToothGrowth.csv", "tooth"), ("ToothGrowth-unbalanced.csv", "tooth_unbalanced")])
    func twoWayTypeIIAnovaMatchesRsNestedModelComparison(file: String, tag: String) throws {
        let data = try Fixtures.load(file, value: "len", by: ["supp", "dose"], keepValues: false)
        let a = try TwoWayAnova.test(
            factorA: "supp", factorB: "dose", levelsA: data.levels(of: 0), levelsB: data.levels(of: 1),
            cells: data.groups)
        #expect(a.terms.map(\.name) == ["supp", "dose", "supp:dose"])
        for (term, key) in zip(a.terms, ["supp", "dose", "inter"]) {
            #expect(close(term.ss, r["\(tag).\(key).ss"], 1e-9))
            #expect(close(term.f, r["\(tag).\(key).f"], 1e-9))
            #expect(close(term.p, r["\(tag).\(key).p"], 1e-8))
        }
        #expect(close(a.ssWithin, r["\(tag).ss_within"]))
    }

    @Test func repeatedMeasuresAnovaMatchesRsAovAndAnovaMlm() throws {
        let data = try Fixtures.load(
            "repeated.csv", value: "value", by: ["level"], subject: "subject", keepValues: false)
        let results = try Analyses.anova(data, checks: false, withinCount: 1)
        let a = try Analyses.factorialAnova(data, betweenCount: 0, type: 3)
        #expect(a.droppedSubjects.isEmpty && a.subjects == 8)
        let e = try #require(a.effects.first)
        #expect(close(e.f, r["rm.f"]))
        #expect(close(e.p, r["rm.p"]))
        #expect(abs((e.epsilonGG ?? .nan) - r["rm.epsilon_gg"]!) < 5e-5)  // R prints epsilons to 4 decimals
        #expect(abs((e.epsilonHF ?? .nan) - r["rm.epsilon_hf"]!) < 5e-5)
        #expect(close(e.pGG ?? .nan, r["rm.p_gg"], 1e-9))
        #expect(close(e.pHF ?? .nan, r["rm.p_hf"], 1e-9))
        #expect(close(e.mauchlyW ?? .nan, r["rm.mauchly_w"]))
        #expect(close(e.mauchlyP ?? .nan, r["rm.mauchly_p"], 1e-9))
        #expect(results[0].text.contains("Greenhouse-Geisser"))
    }

    @Test func epsilonsStayWithinTheirBounds() throws {
        let y = [[1.0, 2, 3.5], [2, 2.5, 4], [0.5, 1.5, 2], [1, 3, 3]]
        let design = FactorialDesign(
            withinNames: ["w"], withinLevels: [["a", "b", "c"]], betweenNames: [], betweenLevels: [])
        let e = try #require(
            try FactorialAnova.test(y, groups: y.map { _ in [] }, design: design, type: 3).effects.first)
        #expect((e.epsilonGG ?? 0) >= 0.5 - 1e-12 && (e.epsilonGG ?? 2) <= 1 + 1e-12)  // bounds 1/(k-1) .. 1
    }

    @Test func wilsonIntervalMatchesRsPropTestWithoutCorrection() {
        let w = CircularStatistics.wilson(successes: 7, n: 20)
        #expect(close(w.ciLow, r["wilson.7_of_20.low"]))
        #expect(close(w.ciHigh, r["wilson.7_of_20.high"]))
    }

    @Test func wilsonBoundsAreExactlyZeroAndOneAtTheExtremes() {
        // R: prop.test(0, 180, correct = FALSE)$conf.int[1] is 0; at 180 of 180 the upper bound is 1.
        #expect(CircularStatistics.wilson(successes: 0, n: 180).ciLow == 0)
        #expect(CircularStatistics.wilson(successes: 180, n: 180).ciHigh == 1)
        #expect(CircularStatistics.wilson(successes: 0, n: 180).ciHigh > 0.02)
    }

    @Test func circularStatisticsFromStreamedSumsEqualThoseFromTheValues() throws {
        var options = LoadOptions(value: "deviation_deg", factors: ["condition"])
        options.angularSums = true
        options.keepValues = true
        options.showProgress = false
        let data = try StudyData.load(paths: [Fixtures.path("StudyLogs-sample")], options: options)
        let streamed = try Analyses.circular(data)[0].text
        for key in data.sortedGroupKeys {
            let direct = CircularStatistics.summarize(degrees: data.groups[key]!.values!.map { $0 + data.originValue })
            let sums = data.angular[key]!
            let fromSums = CircularStatistics.summarize(cosineSum: sums.cosineSum, sineSum: sums.sineSum, n: sums.n)
            #expect(
                close(direct.meanDeg, fromSums.meanDeg, 1e-9)
                    && close(direct.resultantLength, fromSums.resultantLength, 1e-12))
        }
        #expect(streamed.contains("cond-01") && streamed.contains("Rayleigh"))
    }

    @Test func circularMeanOfErrorsAcrossTheSeamIsNearZeroNotNearOneEighty() {
        let s = CircularStatistics.summarize(degrees: [170, -170, 178, -179])
        #expect(abs(abs(s.meanDeg) - 180) < 5)
        let t = CircularStatistics.summarize(degrees: [10, -10, 5, -5, 0])
        #expect(abs(t.meanDeg) < 1e-9)
        #expect(t.rayleighP < 0.01)
        let uniform = CircularStatistics.summarize(degrees: stride(from: -180.0, to: 180, by: 10).map { $0 })
        #expect(uniform.resultantLength < 1e-9)
        #expect(uniform.rayleighP > 0.9)
    }
}
