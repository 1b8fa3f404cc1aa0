// The session state machine: photos become rows before results, two-target rounds, pause, resume, stop, restart.
import Foundation
import Testing

@testable import GameCore

@Suite struct GameSessionTests {
    let scene = FakeAudioScene()
    let clock = ManualClock()
    let sink = RecordingSink()

    func session(_ rounds: [RoundPlan], logged: Set<TrialKey> = [], seed: UInt64 = 1) throws -> GameSession {
        let plan = try SessionPlan(rounds: rounds, seed: seed)
        return GameSession(plan: plan, scene: scene, clock: clock, sink: sink, input: .keyboard, alreadyLogged: logged)
    }

    @Test func aPhotoAtTheTargetsBearingLogsZeroDeviationAndTheSearchTime() throws {
        let session = try session([.builtIn(.oneTarget, round: 1)])
        clock.advance(by: 3)
        try session.start(heading: .forward)
        let target = session.plan.bearings[0][0]
        clock.advance(by: 2.5)
        let trial = try #require(try session.photograph(aim: target, at: clock.now()))
        #expect(trial.deviationDeg == 0)
        #expect(trial.timeSeconds == 2.5)
        #expect(trial.target == "frog" && trial.round == 1 && trial.targetIndex == 1 && trial.targetsInRound == 1)
        #expect(sink.trials == [trial])
        #expect(session.state == .showingResult(TrialKey(round: 1, targetIndex: 1), roundEnd: true))
        #expect(scene.playingSounds.isEmpty)
    }

    @Test func theRowIsRecordedBeforeTheResultIsShown() throws {
        let session = try session([.builtIn(.oneTarget, round: 1)])
        session.onResult = { [sink] result in sink.events.append("result \(result.kind.rawValue)") }
        try session.start(heading: .forward)
        try session.photograph(aim: .forward, at: clock.now())
        #expect(sink.events == ["row 1.1", "result roundEnd"])
    }

    @Test func aTwoTargetRoundGivesAnIntermediateThenAnEndResultWithTimesFromEachSearchStart() throws {
        let session = try session([.builtIn(.twoTargets, round: 1)])
        try session.start(heading: .forward)
        clock.advance(by: 4)
        let first = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(session.lastResult?.kind == .intermediate)
        #expect(session.lastResult?.latestPhoto == first)
        #expect(scene.playingSounds.isEmpty, "sounds wait while the intermediate result is shown")
        clock.advance(by: 10)  // reading the intermediate result does not count
        try session.proceed(at: clock.now(), heading: .forward)
        #expect(session.state == .searching(TrialKey(round: 1, targetIndex: 2)))
        #expect(scene.playingSounds == ["bluejay"])
        clock.advance(by: 1.5)
        let second = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(first.timeSeconds == 4 && second.timeSeconds == 1.5)
        #expect(first.target == "frog" && second.target == "bluejay" && second.targetIndex == 2)
        #expect(session.lastResult?.kind == .roundEnd)
        #expect(session.lastResult?.photos.count == 2)
        #expect(session.lastResult?.targets.allSatisfy(\.photographed) == true)
        try session.proceed(at: clock.now(), heading: .forward)
        #expect(session.state == .finished)
    }

    @Test func pausedTimeDoesNotCountAndThePauseShowsAPartialResult() throws {
        let session = try session([.builtIn(.oneTarget, round: 1)])
        try session.start(heading: .forward)
        clock.advance(by: 2)
        try session.pause(at: clock.now(), heading: Bearing(degrees: 45))
        #expect(session.state == .paused(TrialKey(round: 1, targetIndex: 1)))
        #expect(session.lastResult?.kind == .interrupted)
        #expect(session.lastResult?.searchedSeconds == 2)
        #expect(session.lastResult?.aim == Bearing(degrees: 45))
        #expect(scene.playingSounds.isEmpty)
        clock.advance(by: 30)
        session.resume(at: clock.now())
        #expect(scene.playingSounds == ["frog"])
        clock.advance(by: 1)
        let trial = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(trial.timeSeconds == 3)
    }

    @Test func aResumedSessionStartsAtTheFirstTargetNotYetLogged() throws {
        let rounds = [
            RoundPlan.builtIn(.oneTarget, round: 1), .builtIn(.twoTargets, round: 2), .builtIn(.oneTarget, round: 3),
        ]
        let logged: Set = [TrialKey(round: 1, targetIndex: 1), TrialKey(round: 2, targetIndex: 1)]
        let session = try session(rounds, logged: logged)
        try session.start(heading: .forward)
        #expect(session.state == .searching(TrialKey(round: 2, targetIndex: 2)))
        #expect(scene.playingSounds == ["bluejay"], "the photographed frog stays silent")
        #expect(session.progress.logged == 2 && session.progress.total == 4)
        let trial = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(trial.target == "bluejay" && trial.targetBearing == session.plan.bearings[1][1])
        try session.proceed(at: clock.now(), heading: .forward)
        #expect(session.state == .searching(TrialKey(round: 3, targetIndex: 1)))
    }

    @Test func aFullyLoggedSessionIsFinishedAtOnce() throws {
        let session = try session([.builtIn(.oneTarget, round: 1)], logged: [TrialKey(round: 1, targetIndex: 1)])
        try session.start(heading: .forward)
        #expect(session.state == .finished)
    }

    @Test func stoppingSilencesEverythingAndIgnoresLaterPhotos() throws {
        let session = try session([.builtIn(.twoTargetsBackground, round: 1)])
        try session.start(heading: .forward)
        #expect(scene.playingSounds == ["frog", "bluejay", "ambience"])
        session.stop()
        #expect(session.state == .stopped)
        #expect(scene.playingSounds.isEmpty)
        #expect(try session.photograph(aim: .forward, at: clock.now()) == nil)
        #expect(sink.trials.isEmpty)
    }

    @Test func restartingASearchResetsItsTimeAndRewindsTheSounds() throws {
        let session = try session([.builtIn(.oneTarget, round: 1)])
        try session.start(heading: .forward)
        clock.advance(by: 5)
        let playsBefore = scene.live("frog")[0].playCount
        session.restart(at: clock.now())
        #expect(scene.live("frog")[0].playCount == playsBefore + 1)
        clock.advance(by: 1)
        #expect(try session.photograph(aim: .forward, at: clock.now())?.timeSeconds == 1)
    }

    @Test func aFailingLogStopsTheSessionAndReportsTheError() throws {
        let session = try session([.builtIn(.oneTarget, round: 1), .builtIn(.oneTarget, round: 2)])
        try session.start(heading: .forward)
        sink.failWith = DiskFull()
        #expect(throws: DiskFull.self) { try session.photograph(aim: .forward, at: clock.now()) }
        #expect(session.state == .stopped)
        #expect(scene.playingSounds.isEmpty)
    }

    @Test func theFrontBackAxisIsTheHeadingAtRoundStart() throws {
        let session = try session([.builtIn(.oneTarget, round: 1)])
        try session.start(heading: Bearing(degrees: 90))
        let trial = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(trial.roundStartHeading == Bearing(degrees: 90))
    }

    @Test func onsetAndShotDatesFollowTheClock() throws {
        let session = try session([.builtIn(.oneTarget, round: 1)])
        try session.start(heading: .forward)
        clock.advance(by: 1.25)
        let trial = try #require(try session.photograph(aim: .forward, at: clock.now()))
        #expect(abs(trial.shotAt.timeIntervalSince(trial.onsetAt) - 1.25) < 1e-9)
        #expect(trial.onsetAt == clock.date(at: trial.onsetTime))
    }
}
