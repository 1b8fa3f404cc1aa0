// The one per-session summary: medians, the reversal rate (unknown, not 0, for rows that do not say), thresholds.
import Testing

@testable import StudyRecords

struct SessionSummaryTests {
    @Test func rowsThatDoNotLogReversalsHaveNoRateRatherThanZero() {
        var older = SessionSummary.Accumulator()
        var newer = SessionSummary.Accumulator()
        for (deviation, time) in [(10.0, 2.0), (30.0, 4.0), (20.0, 3.0), (40.0, 1.0)] {
            older.add(
                absDeviationDeg: deviation, timeSeconds: time, reversal: nil, staircaseReversalValue: nil, plan: "")
            newer.add(
                absDeviationDeg: deviation, timeSeconds: time, reversal: deviation > 25, staircaseReversalValue: nil,
                plan: "")
        }
        #expect(older.summary().reversalRate == nil)
        #expect(newer.summary().reversalRate == 0.5)
        #expect(older.summary().medianAbsDeviationDeg == 25 && older.summary().medianTimeSeconds == 2.5)
    }

    @Test func theThresholdIsTheMeanOfTheLastReversalValues() {
        var session = SessionSummary.Accumulator()
        for (index, value) in [40.0, 30, 35, 25, 30, 20, 25, 15].enumerated() {
            session.add(
                absDeviationDeg: 5, timeSeconds: 1, reversal: false, staircaseReversalValue: index == 0 ? nil : value,
                plan: "clinic-10")
        }
        #expect(session.summary(thresholdReversals: 4).staircaseThreshold == 22.5, "the mean of 30, 20, 25 and 15")
        #expect(session.summary().plan == "clinic-10")
        #expect(SessionSummary.Accumulator().summary().staircaseThreshold == nil)
    }
}
