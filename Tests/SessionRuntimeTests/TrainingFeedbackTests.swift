// What the player is told after a training photo, and the progress series a patient sees.
import Foundation
import GameCore
import Testing

@testable import SessionRuntime

@Suite struct TrainingFeedbackTests {
    static func trial(target: Double, aim: Double) -> TrialResult {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        return TrialResult(
            condition: "one-target", level: "one-target", background: false, round: 1, targetsInRound: 1,
            targetIndex: 1, target: "frog", targetBearing: Bearing(degrees: target), aimBearing: Bearing(degrees: aim),
            roundStartHeading: .forward, onsetTime: MonotonicTime(seconds: 1), shotTime: MonotonicTime(seconds: 3),
            onsetAt: start, shotAt: start.addingTimeInterval(2), input: .bot("ideal"))
    }

    @Test func aHitEarnsMorePointsThanAMissAndStreaksAddABonus() {
        let hit = TrainingFeedback(
            trial: Self.trial(target: 30, aim: 25), step: Staircase.Step(value: 10, hit: true, reversal: false),
            parameter: .hitToleranceDeg, streak: 3, hitZoneDeg: 10)
        #expect(hit.headline == "Hit!")
        #expect(hit.points == 12)
        #expect(hit.zone == "zone 10°")
        #expect(hit.encouragement.contains("3 in a row"))
        let miss = TrainingFeedback(
            trial: Self.trial(target: 170, aim: 10), step: Staircase.Step(value: 10, hit: false, reversal: true),
            parameter: .hitToleranceDeg, streak: 0, hitZoneDeg: 10)
        #expect(miss.points == 2, "every completed photo earns something")
        #expect(miss.wasBehind)
        #expect(!miss.encouragement.isEmpty)
    }

    /// A 117° miss was met with "Turn a little, listen again"; a lone hit added "Well heard!" to the verdict.
    @Test func theWordAfterTheVerdictFitsTheMissAndNeverRepeatsTheVerdict() {
        func feedback(target: Double, aim: Double, hit: Bool, streak: Int) -> TrainingFeedback {
            TrainingFeedback(
                trial: Self.trial(target: target, aim: aim), step: Staircase.Step(value: 30, hit: hit, reversal: false),
                parameter: .hitToleranceDeg, streak: streak, hitZoneDeg: 30)
        }
        #expect(feedback(target: 127, aim: 10, hit: false, streak: 0).encouragement.contains("behind you"))
        #expect(feedback(target: 70, aim: 10, hit: false, streak: 0).encouragement.contains("louder"))
        #expect(feedback(target: 45, aim: 10, hit: false, streak: 0).encouragement.contains("a little further"))
        #expect(feedback(target: 20, aim: 10, hit: true, streak: 1).encouragement.isEmpty)
        #expect(feedback(target: 20, aim: 10, hit: true, streak: 2).encouragement == "2 in a row. Keep it up!")
    }

    static func point(_ index: Int, deviation: Double) -> ProgressSeries.Point {
        ProgressSeries.Point(
            sessionIndex: index, startedAt: Date(timeIntervalSince1970: Double(index) * 86_400), photos: 10,
            medianAbsDeviationDeg: deviation, reversalRate: 0, medianTimeSeconds: 2)
    }

    @Test func manySessionsAreThinnedKeepingTheFirstAndTheLast() {
        let series = ProgressSeries(
            participant: "P01", points: (1...200).map { Self.point($0, deviation: 30 - Double($0) / 10) })
        let shown = series.thinned(to: 30)
        #expect(shown.count == 30)
        #expect(shown.first?.sessionIndex == 1)
        #expect(shown.last?.sessionIndex == 200)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0.sessionIndex < $1.sessionIndex })
        #expect(ProgressSeries(participant: "P01", points: [Self.point(1, deviation: 9)]).thinned(to: 30).count == 1)
    }

    @Test func theComparisonNamesTheFirstAndTheLatestSessions() throws {
        let series = ProgressSeries(
            participant: "P01",
            points: [20, 18, 16, 10, 8, 6].enumerated().map { Self.point($0.offset + 1, deviation: $0.element) })
        let line = try #require(series.comparison)
        #expect(line.hasPrefix("First 3: 18.0° off, latest 3: 8.0° off"))
        #expect(line.contains("56 % closer"))
        #expect(ProgressSeries(participant: "P01", points: [Self.point(1, deviation: 9)]).comparison == nil)
    }
}
