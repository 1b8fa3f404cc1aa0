// The transformed up-down staircase against simulated listeners whose hit probability is known exactly.
import Foundation
import Testing

@testable import GameCore

@Suite struct StaircaseTests {
    /// A hit-zone staircase like the example plan's.
    let rule = Staircase.Rule(
        up: 1, down: 2, stepSizes: [8, 4, 2], stopAfterReversals: 8, thresholdReversals: 6, largerIsHarder: false,
        range: 1...90)

    /// A listener whose aim error is N(0, σ): a photo is a hit when |error| ≤ the zone.
    struct GaussianListener {
        let sigma: Double
        var random: SeededRandom
        mutating func responds(zone: Double) -> Bool { abs(random.gaussian() * sigma) <= zone }
        /// The zone hit 70.7 % of the time: P(|N(0,σ)| ≤ t) = erf(t / (σ√2)) = 2^{-1/2}.
        var zoneAt707: Double {
            var low = 0.0
            var high = 10 * sigma
            for _ in 0..<100 {
                let middle = (low + high) / 2
                if erf(middle / (sigma * 2.0.squareRoot())) < pow(0.5, 0.5) { low = middle } else { high = middle }
            }
            return low
        }
    }

    @Test func twoHitsInARowMakeItHarderAndOneMissMakesItEasier() {
        var staircase = Staircase(rule: rule, start: 40)
        #expect(staircase.record(hit: true) == Staircase.Step(value: 40, hit: true, reversal: false))
        #expect(staircase.value == 40, "one hit is not enough for 1-up/2-down")
        staircase.record(hit: true)
        #expect(staircase.value == 32)
        let step = staircase.record(hit: false)
        #expect(step.reversal, "the first move back up is a reversal")
        #expect(staircase.runReversals == [32])
        #expect(staircase.value == 36, "after the first reversal the step is 4")
    }

    @Test func valuesStayInsideTheRuleRange() {
        var staircase = Staircase(rule: rule, start: 88)
        for _ in 0..<5 { staircase.record(hit: false) }
        #expect(staircase.value == 90)
        var harder = Staircase(rule: rule, start: 3)
        for _ in 0..<10 { harder.record(hit: true) }
        #expect(harder.value == 1)
    }

    @Test func aRunStopsAfterItsReversalsAndHoldsTheMeanOfTheLastOnes() {
        var staircase = Staircase(rule: rule, start: 20)
        // Alternating pairs of hits and single misses turn the staircase around every move.
        var guardCount = 0
        while !staircase.runStopped && guardCount < 200 {
            staircase.record(hit: true)
            staircase.record(hit: true)
            staircase.record(hit: false)
            guardCount += 1
        }
        #expect(staircase.runReversals.count == 8)
        let expected = staircase.runReversals.suffix(6).reduce(0, +) / 6
        // The value goes on from the threshold kept to trials.csv's 3 decimals, so later values log exactly.
        let onTheLogsGrid = (expected * 1000).rounded() / 1000
        #expect(staircase.value == onTheLogsGrid)
        #expect(staircase.runThreshold == expected)
        staircase.record(hit: false)
        #expect(staircase.value == onTheLogsGrid, "a stopped run no longer moves")
    }

    @Test func aNewRunKeepsTheValueAndTheSmallestStepButCountsReversalsAfresh() {
        var staircase = Staircase(rule: rule, start: 30)
        var listener = GaussianListener(sigma: 8, random: SeededRandom(seed: 3))
        while !staircase.runStopped { staircase.record(hit: listener.responds(zone: staircase.value)) }
        let carried = staircase.value
        #expect(carried == (carried * 1000).rounded() / 1000, "\(carried) is on the log's 3-decimal grid")
        staircase.startRun()
        #expect(staircase.value == carried)
        #expect(staircase.runReversals.isEmpty)
        #expect(staircase.stepSize == 2)
        #expect(staircase.allReversals.count == 8)
    }

    @Test(arguments: [5.0, 10.0, 20.0])
    func oneUpTwoDownConvergesOnTheZoneHitSeventyPercentOfTheTime(sigma: Double) {
        // Many runs of a simulated listener: the mean threshold lies near the 70.7 % point of its
        // psychometric function (Levitt 1971), and each run's last four reversals are within two steps.
        var listener = GaussianListener(sigma: sigma, random: SeededRandom(seed: UInt64(sigma * 10)))
        let target = listener.zoneAt707
        var staircase = Staircase(rule: rule, start: 45)
        var thresholds: [Double] = []
        for _ in 0..<200 {
            staircase.startRun()
            while !staircase.runStopped { staircase.record(hit: listener.responds(zone: staircase.value)) }
            if let threshold = staircase.runThreshold { thresholds.append(threshold) }
        }
        let settled = thresholds.dropFirst(5)
        let mean = settled.reduce(0, +) / Double(settled.count)
        #expect(abs(mean - target) < 0.15 * target + 1, "mean threshold \(mean) vs 70.7 % point \(target)")
        #expect(rule.targetHitRate.map { abs($0 - 0.7071) < 0.0001 } == true)
    }

    /// The spread of the last four reversals: their sample standard deviation (the convergence test
    /// asks for at most two steps).
    static func spread(_ values: ArraySlice<Double>) -> Double {
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
    }

    @Test func theLastFourReversalsOfASettledListenerSpreadLessThanTwoSteps() {
        var listener = GaussianListener(sigma: 6, random: SeededRandom(seed: 99))
        var staircase = Staircase(rule: rule, start: 45)
        var spreads: [Double] = []
        for _ in 0..<50 {
            staircase.startRun()
            while !staircase.runStopped { staircase.record(hit: listener.responds(zone: staircase.value)) }
            spreads.append(Self.spread(staircase.runReversals.suffix(4)))
        }
        let withinTwoSteps = spreads.dropFirst(2).filter { $0 <= 2 * staircase.stepSize }.count
        #expect(Double(withinTwoSteps) >= 0.9 * Double(spreads.count - 2), "spreads: \(spreads)")
    }

    @Test func aStaircaseRoundTripsThroughJSON() throws {
        var staircase = Staircase(rule: rule, start: 30)
        for hit in [true, true, false, true] { staircase.record(hit: hit) }
        let data = try JSONEncoder().encode(staircase)
        #expect(try JSONDecoder().decode(Staircase.self, from: data) == staircase)
    }
}
