// "Skip this animal": a skipped target is logged as such (never as a photo) and the session goes on as after a photo.
import Foundation
import Testing

@testable import GameCore

@Suite struct GameSessionSkipTests {
    let scene = FakeAudioScene()
    let clock = ManualClock()
    let sink = RecordingSink()

    @Test func aSkipWhileSearchingLogsTheTargetAsSkippedWithTheHeadingAndTimeOfTheSkip() throws {
        let plan = try SessionPlan(rounds: [.builtIn(.twoTargets, round: 1)], seed: 3)
        let session = GameSession(plan: plan, scene: scene, clock: clock, sink: sink, input: .keyboard)
        try session.start(heading: .forward)
        clock.advance(by: 12)
        let skip = Event(kind: .skip, time: clock.now(), heading: Bearing(degrees: 30), device: .keyboard)
        try session.perform(ActionResolver().action(for: skip, in: session.state), for: skip)
        let row = try #require(sink.trials.first)
        #expect(row.skipped && row.aimBearing == Bearing(degrees: 30) && row.timeSeconds == 12)
        #expect(session.state == .showingResult(TrialKey(round: 1, targetIndex: 1), roundEnd: false))
        try session.proceed(at: clock.now(), heading: .forward)
        let photo = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(!photo.skipped, "the round's next target is photographed as before")
    }

    @Test func aSkipMeansNothingOutsideASearch() {
        let key = TrialKey(round: 1, targetIndex: 1)
        let skip = Event(kind: .skip, time: .zero, heading: .forward, device: .keyboard)
        #expect(ActionResolver().action(for: skip, in: .searching(key)) == .skip)
        #expect(ActionResolver().action(for: skip, in: .paused(key)) == .ignore)
        #expect(ActionResolver().action(for: skip, in: .showingResult(key, roundEnd: true)) == .ignore)
    }
}
