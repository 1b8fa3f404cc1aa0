// Invariances every analysis must keep: row order, adding a constant, scaling (effects scale, statistics do not).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct PropertyTests {
    /// Deterministic pseudo-random groups (a linear congruential generator, so failures reproduce).
    static func groups(seed: UInt64) -> [[Double]] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<4).map { g in (0..<(8 + g * 3)).map { _ in (next() * 10 + Double(g)).rounded(toPlaces: 3) } }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func permutingRowsChangesNothing(seed: UInt64) throws {
        let g = Self.groups(seed: seed)
        let a = try OneWayAnova.fisher(g.map { GroupAccumulator($0) })
        let b = try OneWayAnova.fisher(g.map { GroupAccumulator($0.reversed()) })
        let c = try OneWayAnova.fisher(g.map { GroupAccumulator($0.sorted()) })
        #expect(close(a.f, b.f, 1e-12) && close(a.f, c.f, 1e-12))
        let ka = try RankTests.kruskalWallis(g)
        let kb = try RankTests.kruskalWallis(g.map { $0.reversed() })
        #expect(close(ka.statistic, kb.statistic, 1e-12))
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func addingAConstantChangesNoStatistic(seed: UInt64) throws {
        let g = Self.groups(seed: seed)
        let shifted = g.map { $0.map { $0 + 1000 } }
        let a = try OneWayAnova.fisher(g.map { GroupAccumulator($0) })
        let b = try OneWayAnova.fisher(shifted.map { GroupAccumulator($0) })
        #expect(close(a.f, b.f, 1e-9))
        let t1 = try TTest.twoSample(GroupAccumulator(g[0]), GroupAccumulator(g[1]), welch: true)
        let t2 = try TTest.twoSample(GroupAccumulator(shifted[0]), GroupAccumulator(shifted[1]), welch: true)
        #expect(close(t1.t, t2.t, 1e-9) && close(t1.meanDifference, t2.meanDifference, 1e-9))
        #expect(close(try Levene.test(g).f, try Levene.test(shifted).f, 1e-9))
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func scalingScalesEffectsButNotTestStatistics(seed: UInt64) throws {
        let g = Self.groups(seed: seed)
        let scaled = g.map { $0.map { $0 * 4 } }
        let a = try OneWayAnova.fisher(g.map { GroupAccumulator($0) })
        let b = try OneWayAnova.fisher(scaled.map { GroupAccumulator($0) })
        #expect(
            close(b.ssBetween, 16 * a.ssBetween, 1e-12) && close(a.f, b.f, 1e-12)
                && close(a.etaSquared, b.etaSquared, 1e-12))
        let t1 = try TTest.twoSample(GroupAccumulator(g[0]), GroupAccumulator(g[2]), welch: true)
        let t2 = try TTest.twoSample(GroupAccumulator(scaled[0]), GroupAccumulator(scaled[2]), welch: true)
        #expect(
            close(t2.meanDifference, 4 * t1.meanDifference, 1e-12) && close(t1.t, t2.t, 1e-12)
                && close(t1.cohenD, t2.cohenD, 1e-12))
        let names = ["a", "b", "c", "d"]
        let c1 = try PostHoc.tukey(names: names, groups: g.map { GroupAccumulator($0) })
        let c2 = try PostHoc.tukey(names: names, groups: scaled.map { GroupAccumulator($0) })
        for (x, y) in zip(c1, c2) { #expect(close(y.diff, 4 * x.diff, 1e-12) && close(x.pAdjusted, y.pAdjusted, 1e-9)) }
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        (self * pow(10, Double(places))).rounded() / pow(10, Double(places))
    }
}
