// time_s from the first audible sample: the session asks the scene where the target became audible.
import Foundation
import Testing

@testable import GameCore

@Suite struct AudibleOnsetSessionTests {
    let scene = FakeAudioScene()
    let clock = ManualClock()
    let sink = RecordingSink()

    func oneTargetSession() throws -> GameSession {
        let plan = try SessionPlan(rounds: [.builtIn(.oneTarget, round: 1)], seed: 1)
        return GameSession(plan: plan, scene: scene, clock: clock, sink: sink, input: .keyboard)
    }

    @Test func theRoundsSoundsAreScheduledAtTheStartAndTimeRunsFromTheAudibleOnset() throws {
        let session = try oneTargetSession()
        clock.advance(by: 3)
        try session.start(heading: .forward)
        let frog = try #require(scene.sources.first { $0.value.sound == "frog" }?.key)
        #expect(scene.scheduledStarts[frog] == MonotonicTime(seconds: 3))
        // The file's 111 ms of leading silence: the audio clock reports the first audible sample then.
        scene.audibleOnsets[frog] = AudibleOnset(
            frame: 5_306, time: MonotonicTime(seconds: 3.111), uncertaintySeconds: 0.0004)
        clock.advance(by: 1.111)
        let trial = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(abs(trial.timeSeconds - 1.0) < 1e-9)
        #expect(trial.onsetFrame == 5_306 && trial.onsetUncertaintySeconds == 0.0004)
        #expect(trial.onsetTime == MonotonicTime(seconds: 3.111))
    }

    @Test func aPauseAfterTheOnsetDoesNotCountAndTheOnsetIsKeptAcrossTheResume() throws {
        let session = try oneTargetSession()
        try session.start(heading: .forward)
        let frog = try #require(scene.sources.first { $0.value.sound == "frog" }?.key)
        scene.audibleOnsets[frog] = AudibleOnset(
            frame: 5_306, time: MonotonicTime(seconds: 0.111), uncertaintySeconds: 0)
        clock.advance(by: 0.5)
        try session.pause(at: clock.now(), heading: .forward)
        // The resume is audible where it resumes; the row must still time from the first start.
        scene.audibleOnsets[frog] = AudibleOnset(
            frame: 500_000, time: MonotonicTime(seconds: 10.4), uncertaintySeconds: 0)
        clock.advance(by: 10)
        session.resume(at: clock.now())
        clock.advance(by: 0.5)
        let trial = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(abs(trial.timeSeconds - 0.889) < 1e-9)
        #expect(trial.onsetFrame == 5_306)
    }

    @Test func withoutAnAudioClockTheSearchStartIsTheOnsetAndNoFrameIsLogged() throws {
        let session = try oneTargetSession()
        try session.start(heading: .forward)
        clock.advance(by: 2)
        let trial = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(trial.timeSeconds == 2)
        #expect(trial.onsetFrame == nil && trial.onsetUncertaintySeconds == nil)
    }
}
