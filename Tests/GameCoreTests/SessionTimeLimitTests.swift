// A training plan's minutes_per_session: playing time (searching without pauses, result screens up to 30 s), ended after the round.
import Foundation
import Testing

@testable import GameCore

@Suite struct SessionTimeLimitTests {
    let scene = FakeAudioScene()
    let clock = ManualClock()
    let sink = RecordingSink()

    func session(rounds: Int, limit: Double?) throws -> GameSession {
        let plan = try SessionPlan(
            rounds: (1...rounds).map { RoundPlan.builtIn(.twoTargets, round: $0) }, seed: 1)
        let session = GameSession(plan: plan, scene: scene, clock: clock, sink: sink, input: .keyboard)
        session.timeLimitSeconds = limit
        return session
    }

    /// Searches `seconds`, photographs, looks at the result for `looking` seconds and goes on.
    func photo(_ session: GameSession, searching seconds: Double, looking: Double) throws {
        clock.advance(by: seconds)
        try session.photograph(aim: .forward, at: clock.now())
        clock.advance(by: looking)
        try session.proceed(at: clock.now(), heading: .forward)
    }

    @Test func playingTimeCountsSearchesAndResultScreensUpTo30SecondsButNoPauses() throws {
        let session = try session(rounds: 3, limit: nil)
        try session.start(heading: .forward)
        clock.advance(by: 4)
        try session.pause(at: clock.now(), heading: .forward)
        clock.advance(by: 100)
        session.resume(at: clock.now())
        clock.advance(by: 2)
        try session.photograph(aim: .forward, at: clock.now())
        #expect(session.playedSeconds == 6, "the 100 s pause does not count")
        clock.advance(by: 300)
        try session.proceed(at: clock.now(), heading: .forward)
        #expect(session.playedSeconds == 36, "a result screen counts at most 30 s")
    }

    @Test func theSessionEndsAfterTheRoundThatReachesTheLimitNeverInTheMiddle() throws {
        let session = try session(rounds: 10, limit: 50)
        try session.start(heading: .forward)
        // Round 1: 2 × (10 s + 5 s) = 30 s. Round 2: the first photo reaches 45 s, the second 55 s.
        for _ in 0..<3 { try photo(session, searching: 10, looking: 5) }
        #expect(session.state == .searching(TrialKey(round: 2, targetIndex: 2)), "not in the middle of a round")
        try photo(session, searching: 10, looking: 5)
        #expect(session.state == .finished)
        #expect(session.endedBy == .time)
        #expect(session.playedSeconds == 60)
        #expect(sink.trials.count == 4 && session.nextUnloggedKey != nil)
        #expect(scene.playingSounds.isEmpty)
    }

    /// The minutes-left bar reads `playedSeconds(at:)` every frame: it never runs backwards (not at a photo, a pause
    /// or a continue), stays below the limit while rounds are still to come, and is at the limit or past it exactly
    /// when the round that used the minutes ends the session (the bar then shows 0).
    @Test func theLivePlayingTimeNeverGoesBackAndReachesTheLimitWhenTheSessionEnds() throws {
        let session = try session(rounds: 10, limit: 50)
        try session.start(heading: .forward)
        var last = session.playedSeconds(at: clock.now())
        func step(_ seconds: Double, _ action: () throws -> Void = {}) throws {
            for _ in 0..<Int(seconds * 4) {
                clock.advance(by: 0.25)
                let now = session.playedSeconds(at: clock.now())
                #expect(now >= last, "the bar never fills up again")
                last = now
            }
            try action()
            let after = session.playedSeconds(at: clock.now())
            #expect(after >= last - 1e-9, "an action does not take played time back: \(after) < \(last)")
            last = after
        }
        // The round during which the bar reached 0: no later round may begin.
        var usedUpIn: Int?
        while session.state != .finished {
            try step(3) { try session.pause(at: clock.now(), heading: .forward) }
            try step(2)
            session.resume(at: clock.now())
            try step(5) { try session.photograph(aim: .forward, at: clock.now()) }
            if last >= 50, usedUpIn == nil { usedUpIn = session.currentRound?.round }
            try step(5) { try session.proceed(at: clock.now(), heading: .forward) }
            if case .searching(let key) = session.state, let usedUpIn {
                #expect(key.round == usedUpIn, "the minutes were used up in round \(usedUpIn)")
            }
        }
        #expect(session.endedBy == .time)
        #expect(session.playedSeconds(at: clock.now()) >= 50, "the bar reaches 0 when the session ends by its minutes")
    }

    @Test func aResumedSessionGoesOnFromItsStoredTimeAndEveryEndHasItsReason() throws {
        let resumed = try session(rounds: 4, limit: 40)
        resumed.playedSeconds = 35
        try resumed.start(heading: .forward)
        try photo(resumed, searching: 2, looking: 1)
        try photo(resumed, searching: 2, looking: 1)
        #expect(resumed.endedBy == .time && resumed.playedSeconds == 41)

        // Stopped on the result of the round that used up the time: resumed, it plays no further round.
        let stoppedAfterTheLastRound = GameSession(
            plan: try SessionPlan(rounds: (1...3).map { RoundPlan.builtIn(.twoTargets, round: $0) }, seed: 1),
            scene: scene, clock: clock, sink: sink, input: .keyboard,
            alreadyLogged: [TrialKey(round: 1, targetIndex: 1), TrialKey(round: 1, targetIndex: 2)])
        stoppedAfterTheLastRound.timeLimitSeconds = 40
        stoppedAfterTheLastRound.playedSeconds = 41
        let before = sink.trials.count
        try stoppedAfterTheLastRound.start(heading: .forward)
        #expect(stoppedAfterTheLastRound.state == .finished && stoppedAfterTheLastRound.endedBy == .time)
        #expect(sink.trials.count == before && scene.playingSounds.isEmpty)

        let quit = try session(rounds: 1, limit: nil)
        try quit.start(heading: .forward)
        quit.stop()
        #expect(quit.endedBy == .player)

        let done = try session(rounds: 1, limit: 1)
        try done.start(heading: .forward)
        try photo(done, searching: 2, looking: 1)
        try photo(done, searching: 2, looking: 1)
        #expect(done.endedBy == .allTargets, "the last round ends the session by its targets, not by the time")
    }

    /// A plan session lasts its minutes (issue 38): with its rounds all played and minutes left, the rounds come
    /// again, numbered on and placed on from the same seed, each new pass told before the pass before is complete.
    @Test func aSessionThatRepeatsPlaysItsRoundsAgainUntilItsMinutesAreUp() throws {
        let base = try SessionPlan(rounds: (1...2).map { RoundPlan.builtIn(.oneTarget, round: $0) }, seed: 7)
        let session = GameSession(plan: base, scene: scene, clock: clock, sink: sink, input: .keyboard)
        session.timeLimitSeconds = 60
        session.repeatsWhileTimeRemains = true
        var passes: [[RoundPlan]] = []
        session.onRepeat = { rounds in
            #expect(sink.trials.count % 2 == 1, "told before the pass's last photo is recorded")
            passes.append(rounds)
        }
        try session.start(heading: .forward)
        // 15 s a round: the fourth round's end reaches 60 s.
        while !session.state.isOver { try photo(session, searching: 10, looking: 5) }
        #expect(session.endedBy == .time && session.playedSeconds == 60)
        #expect(sink.trials.map(\.round) == [1, 2, 3, 4], "each round once, numbered on")
        #expect(passes.map { $0.map(\.round) } == [[3, 4], [5, 6]])
        #expect(passes.flatMap { $0.map(\.repeatsRound) } == [1, 2, 1, 2])
        #expect(session.plan.rounds.count == 6)
        // The first pass keeps its bearings; the later ones are drawn on from the same seed, again the same.
        #expect(Array(session.plan.bearings.prefix(2)) == base.bearings)
        #expect(try base.repeated().repeated().bearings == session.plan.bearings)
        #expect(session.plan.bearings[2...].contains { !base.bearings.contains($0) }, "new placements")
        #expect(scene.playingSounds.isEmpty)
    }

    /// Killed during the second pass, resumed from session.json's rounds (both passes) and the played time: the
    /// rounds logged are not played again, the one left is, and the session still ends by its minutes.
    @Test func aRepeatingSessionResumedGoesOnWhereItStoppedAndEndsByItsMinutes() throws {
        let stored = try SessionPlan(rounds: (1...2).map { RoundPlan.builtIn(.oneTarget, round: $0) }, seed: 7)
            .repeated()
        let logged = Set([1, 2, 3].map { TrialKey(round: $0, targetIndex: 1) })
        let resumed = GameSession(
            plan: stored, scene: scene, clock: clock, sink: sink, input: .keyboard, alreadyLogged: logged)
        resumed.timeLimitSeconds = 60
        resumed.repeatsWhileTimeRemains = true
        resumed.playedSeconds = 45
        try resumed.start(heading: .forward)
        #expect(resumed.state == .searching(TrialKey(round: 4, targetIndex: 1)))
        while !resumed.state.isOver { try photo(resumed, searching: 10, looking: 5) }
        #expect(sink.trials.map(\.round) == [4], "nothing twice, nothing lost")
        #expect(resumed.endedBy == .time && resumed.playedSeconds == 60)

        // Without repeating, the same rounds end the session by its targets, minutes or not.
        let once = GameSession(plan: stored, scene: scene, clock: clock, sink: sink, input: .keyboard)
        once.timeLimitSeconds = 600
        try once.start(heading: .forward)
        while !once.state.isOver { try photo(once, searching: 10, looking: 5) }
        #expect(once.endedBy == .allTargets && once.plan.rounds.count == 4)
    }
}
