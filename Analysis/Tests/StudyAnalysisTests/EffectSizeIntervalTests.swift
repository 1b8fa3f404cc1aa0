// Cohen's d / Hedges' g with 95% CIs from the exact noncentral t, against effectsize 0.8.3 and uniroot (issue 14).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct EffectSizeIntervalTests {
    let r = Fixtures.issue14

    func sleep() throws -> (GroupAccumulator, GroupAccumulator) {
        let g = Fixtures.groups(try Fixtures.load("sleep.csv", value: "extra", by: ["group"]))
        return (g[0], g[1])
    }

    /// The point estimates to 10 digits; the bounds to 10 digits of the exact root and 6 of effectsize's optimiser.
    func expect(_ t: TTestResult, _ label: String) {
        #expect(close(t.cohenD, r["\(label).d"]) && close(t.hedgesG, r["\(label).g"]), "\(label)")
        for (value, key) in [
            (t.cohenDCI?.low, "d"), (t.hedgesGCI?.low, "g"),
        ] {
            #expect(close(value ?? .nan, r["\(label).\(key)_exact_low"]), "\(label).\(key) low")
            #expect(close(value ?? .nan, r["\(label).\(key)_ci_low"], 1e-6), "\(label).\(key) low vs effectsize")
        }
        for (value, key) in [(t.cohenDCI?.high, "d"), (t.hedgesGCI?.high, "g")] {
            #expect(close(value ?? .nan, r["\(label).\(key)_exact_high"]), "\(label).\(key) high")
            #expect(close(value ?? .nan, r["\(label).\(key)_ci_high"], 1e-6), "\(label).\(key) high vs effectsize")
        }
    }

    @Test func twoGroupsUseThePooledSDForStudentAndWelchAlike() throws {
        let (x, y) = try sleep()
        let welch = try TTest.twoSample(x, y, welch: true)
        expect(welch, "es.two")
        expect(try TTest.twoSample(x, y, welch: false), "es.two")
    }

    @Test func pairedIsDzAndOneSampleIsMeanMinusMuOverSD() throws {
        let (x, y) = try sleep()
        let differences = GroupAccumulator(zip(x.values ?? [], y.values ?? []).map { $0 - $1 }, keepValues: true)
        expect(try TTest.oneSample(differences, mu: 0, kind: .paired), "es.paired")
        // Values are relative to the first one read (0.7), so mu = 0.5 is -0.2 on that scale.
        expect(try TTest.oneSample(x, mu: 0.5 - 0.7), "es.one")
    }

    @Test func aHugeEffectStillGetsItsInterval() throws {
        let x = GroupAccumulator([1, 1.001, 0.999], keepValues: false)
        let y = GroupAccumulator([100, 100.001, 99.999], keepValues: false)
        let t = try TTest.twoSample(x, y, welch: false)
        #expect(close(t.cohenD, r["es.large.d"], 1e-9))
        #expect(close(t.cohenDCI?.low ?? .nan, r["es.large.d_exact_low"]), "\(t.cohenDCI?.low ?? .nan)")
        #expect(close(t.cohenDCI?.high ?? .nan, r["es.large.d_exact_high"]), "\(t.cohenDCI?.high ?? .nan)")
        #expect(close(t.cohenDCI?.low ?? .nan, r["es.large.d_ci_low"], 1e-6))
        #expect(close(t.cohenDCI?.high ?? .nan, r["es.large.d_ci_high"], 1e-6))
    }
}
