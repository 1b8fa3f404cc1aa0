// t-tests and rank tests on R's sleep data against R's t.test and wilcox.test.
import Testing

@testable import StudyAnalysis

@Suite struct TTestTests {
    let r = Fixtures.r

    func groups() throws -> (GroupAccumulator, GroupAccumulator) {
        let data = try Fixtures.load("sleep.csv", value: "extra", by: ["group"])
        return (data.groups[["1"]]!, data.groups[["2"]]!)
    }

    @Test(arguments: ["welch", "student"])
    func twoSampleTTestsMatchRsTTest(kind: String) throws {
        let (x, y) = try groups()
        let t = try TTest.twoSample(x, y, welch: kind == "welch")
        #expect(close(t.t, r["sleep.\(kind).t"]))
        #expect(close(t.df, r["sleep.\(kind).df"]))
        #expect(close(t.p, r["sleep.\(kind).p"]))
        #expect(close(t.ciLow, r["sleep.\(kind).ci_low"]))
        #expect(close(t.ciHigh, r["sleep.\(kind).ci_high"]))
        #expect(close(t.cohenD, r["sleep.cohen_d"]))
        #expect(abs(t.hedgesG) < abs(t.cohenD))
    }

    @Test func pairedTTestPairsBySubjectAndMatchesR() throws {
        var options = LoadOptions(value: "extra", factors: ["group"], subject: "ID")
        options.showProgress = false
        let data = try StudyData.load(paths: [Fixtures.path("sleep.csv")], options: options)
        let results = try Analyses.tTest(data, mu: nil, student: false, levels: nil, nonparametric: true, paired: true)
        guard case .object(let pairs) = results[0].json else {
            Issue.record("not an object")
            return
        }
        let json = Dictionary(uniqueKeysWithValues: pairs)
        guard case .string("paired") = json["kind"]!, case .number(let t) = json["t"]!,
            case .number(let p) = json["p"]!,
            case .number(let low) = json["ci_low"]!
        else {
            Issue.record("missing keys")
            return
        }
        #expect(close(t, r["sleep.paired.t"]))
        #expect(close(p, r["sleep.paired.p"]))
        #expect(close(low, r["sleep.paired.ci_low"]))
        #expect(results[1].text.contains("V = 0"))
    }

    @Test func oneSampleTTestAgainstMuMatchesR() throws {
        let data = try Fixtures.load("sleep.csv", value: "extra", by: ["group"])
        // Values are held relative to the first value read; mu is shifted the same way, exactly.
        let mu = ExactDecimal.parse("0.5")!.minus(data.origin!)
        let t = try TTest.oneSample(data.groups[["1"]]!, mu: mu)
        #expect(close(t.t, r["sleep.one.t"]))
        #expect(close(t.p, r["sleep.one.p"]))
        #expect(close(t.ciLow, r["sleep.one.ci_low"]))
        #expect(close(t.ciHigh, r["sleep.one.ci_high"]))
    }

    @Test func wilcoxonSignedRankAndMannWhitneyMatchRsNormalApproximationWithTies() throws {
        let (x, y) = try groups()
        // The doubles as R reads them, subtracted as R does: R's -1.3 and -1.3 tie (relative values would not).
        let differences = zip(x.valuesAsRead!, y.valuesAsRead!).map { $0 - $1 }
        let v = try RankTests.wilcoxonSignedRank(differences)
        #expect(v.statistic == r["sleep.wilcoxon.v"])
        #expect(close(v.p, r["sleep.wilcoxon.p"]))
        let w = try RankTests.mannWhitney(x.valuesAsRead!, y.valuesAsRead!)
        #expect(w.statistic == r["sleep.mw.w"])
        #expect(close(w.p, r["sleep.mw.p"]))
    }

    @Test func mannWhitneyWithoutTiesUsesTheExactDistribution() throws {
        let data = try Fixtures.load("PlantGrowth.csv", value: "weight", by: ["group"])
        let w = try RankTests.mannWhitney(data.groups[["ctrl"]]!.values!, data.groups[["trt2"]]!.values!)
        #expect(w.exact)
        #expect(w.statistic == r["plant.mw.ctrl_trt2.w"])
        #expect(close(w.p, r["plant.mw.ctrl_trt2.p"]))
    }

    @Test func threeGroupsInATTestAskForLevels() throws {
        let data = try Fixtures.load("PlantGrowth.csv", value: "weight", by: ["group"])
        #expect(throws: AnalysisError.self) {
            try Analyses.tTest(data, mu: nil, student: false, levels: nil, nonparametric: false)
        }
        let picked = try Analyses.tTest(data, mu: nil, student: false, levels: ["trt2", "ctrl"], nonparametric: false)
        #expect(picked[0].text.contains("mean in group trt2"))
    }
}
