// Tukey HSD and pairwise t-tests on PlantGrowth against R's TukeyHSD and pairwise.t.test.
import Testing

@testable import StudyAnalysis

@Suite struct PostHocTests {
    let r = Fixtures.r
    let names = ["ctrl", "trt1", "trt2"]

    @Test func tukeyHSDMatchesRsTukeyHSD() throws {
        let data = try Fixtures.load("PlantGrowth.csv", value: "weight", by: ["group"])
        let comparisons = try PostHoc.tukey(names: names, groups: Fixtures.groups(data))
        #expect(comparisons.map { "\($0.a)_\($0.b)" } == ["trt1_ctrl", "trt2_ctrl", "trt2_trt1"])
        for c in comparisons {
            let key = "plant.tukey.\(c.a)_\(c.b)"
            #expect(close(c.diff, r[key + ".diff"]))
            #expect(close(c.ciLow, r[key + ".lwr"], 1e-8))
            #expect(close(c.ciHigh, r[key + ".upr"], 1e-8))
            #expect(close(c.pAdjusted, r[key + ".p"], 1e-8))
        }
    }

    @Test(arguments: [PValueAdjustment.holm, .bonferroni])
    func pairwiseTTestsMatchRsPairwiseTTest(adjustment: PValueAdjustment) throws {
        let data = try Fixtures.load("PlantGrowth.csv", value: "weight", by: ["group"])
        let comparisons = try PostHoc.pairwiseT(names: names, groups: Fixtures.groups(data), adjustment: adjustment)
        for c in comparisons {
            #expect(close(c.pAdjusted, r["plant.pairwise.\(adjustment.rawValue).\(c.a)_\(c.b)"]))
        }
    }

    @Test func holmAdjustmentIsMonotoneAndNeverBelowTheRawPValue() {
        let raw = [0.01, 0.04, 0.03, 0.5]
        let adjusted = PValueAdjustment.holm.adjust(raw)
        #expect(adjusted == [0.04, 0.09, 0.09, 0.5])
        #expect(zip(raw, adjusted).allSatisfy { $0 <= $1 })
    }
}
