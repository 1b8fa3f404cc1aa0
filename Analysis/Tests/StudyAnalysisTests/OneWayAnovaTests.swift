// One-way ANOVA, Welch, Levene and Kruskal–Wallis on R's PlantGrowth against R's own output.
import Testing

@testable import StudyAnalysis

@Suite struct OneWayAnovaTests {
    let r = Fixtures.r

    @Test func fisherAnovaOnPlantGrowthMatchesRsSummaryAov() throws {
        let data = try Fixtures.load("PlantGrowth.csv", value: "weight", by: ["group"])
        let a = try OneWayAnova.fisher(Fixtures.groups(data))
        #expect(close(a.f, r["plant.f"]))
        #expect(close(a.p, r["plant.p"]))
        #expect(close(a.ssBetween, r["plant.ss_between"]))
        #expect(close(a.ssWithin, r["plant.ss_within"]))
        #expect(close(a.msWithin, r["plant.ms_within"]))
        #expect(a.dfBetween == 2 && a.dfWithin == 27)
        #expect(close(a.etaSquared, r["plant.eta_squared"]))
        #expect(close(a.omegaSquared, r["plant.omega_squared"]))
    }

    @Test func welchAnovaMatchesRsOnewayTest() throws {
        let data = try Fixtures.load("PlantGrowth.csv", value: "weight", by: ["group"])
        let w = try OneWayAnova.welch(Fixtures.groups(data))
        #expect(close(w.f, r["plant.welch.f"]))
        #expect(close(w.dfWithin, r["plant.welch.df2"]))
        #expect(close(w.p, r["plant.welch.p"]))
    }

    @Test(arguments: [true, false])
    func leveneAndBrownForsytheMatchAnAnovaOnAbsoluteDeviations(useMedian: Bool) throws {
        let data = try Fixtures.load("PlantGrowth.csv", value: "weight", by: ["group"])
        let l = try Levene.test(Fixtures.groups(data).map { $0.values! }, useMedian: useMedian)
        let key = useMedian ? "median" : "mean"
        #expect(close(l.f, r["plant.levene.\(key).f"], 1e-9))
        #expect(close(l.p, r["plant.levene.\(key).p"], 1e-9))
    }

    @Test func kruskalWallisMatchesRWithTieCorrection() throws {
        let data = try Fixtures.load("PlantGrowth.csv", value: "weight", by: ["group"])
        let k = try RankTests.kruskalWallis(Fixtures.groups(data).map { $0.values! })
        #expect(close(k.statistic, r["plant.kruskal.h"]))
        #expect(close(k.p, r["plant.kruskal.p"]))
    }

    @Test func anovaWithOneGroupIsAClearError() throws {
        let g = GroupAccumulator([1, 2, 3])
        #expect(throws: AnalysisError.self) { try OneWayAnova.fisher([g]) }
    }
}
