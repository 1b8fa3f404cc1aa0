// The 60 Hz loop on a virtual clock: exact deadlines without drift, the tick order, events to actions.
import Testing

@testable import GameCore

@Suite struct GameManagerTests {
    let scene = FakeAudioScene()
    let clock = ManualClock(start: MonotonicTime(seconds: 100))
    let sink = RecordingSink()
    let heading = PlayerHeading()

    func manager(_ rounds: [RoundPlan] = [.builtIn(.oneTarget, round: 1)]) throws -> GameManager {
        let session = GameSession(
            plan: try SessionPlan(rounds: rounds, seed: 3), scene: scene, clock: clock,
            sink: sink, input: .keyboard)
        return GameManager(session: session, clock: clock, scene: scene, headingSource: heading)
    }

    @Test func anHourOfTicksLandsExactlyOnTheDeadlinesWithoutDrift() throws {
        let manager = try manager()
        var times: [Double] = []
        try manager.run(while: { manager.tickCount < 216_000 }, beforeTick: { times.append($0.seconds) })
        #expect(manager.tickCount == 216_000)
        #expect(abs(times.last! - (100 + 215_999.0 / 60)) < 1e-6)
        #expect(manager.statistics.count == 216_000)
        #expect(manager.statistics.worstLateness < 1e-6)
        #expect(manager.statistics.lateCount == 0)
    }

    @Test func eachTickTurnsTheListenerToTheCurrentHeading() throws {
        let manager = try manager()
        try manager.session.start(heading: .forward)
        heading.turn(by: 30)
        try manager.tick()
        heading.turn(by: 30)
        try manager.tick()
        #expect(Array(scene.listenerHeadings.suffix(2)) == [Bearing(degrees: 30), Bearing(degrees: 60)])
    }

    /// A head tracker stores each reading into the audio's heading cell from its own thread; the tick's copy
    /// could be a reading older, so the tick leaves the listener to it.
    final class SelfPublishingHeading: HeadingSource {
        var heading = Bearing(degrees: 45)
        func recentre() {}
        var publishesHeading: Bool { true }
    }

    @Test func theTickLeavesTheListenerToASourceThatStoresItsOwnHeadings() throws {
        let session = GameSession(
            plan: try SessionPlan(rounds: [.builtIn(.oneTarget, round: 1)], seed: 3), scene: scene, clock: clock,
            sink: sink, input: .keyboard)
        let manager = GameManager(session: session, clock: clock, scene: scene, headingSource: SelfPublishingHeading())
        try manager.session.start(heading: .forward)
        let stored = scene.listenerHeadings.count
        for _ in 0..<5 { try manager.tick() }
        #expect(scene.listenerHeadings.count == stored, "\(scene.listenerHeadings)")
    }

    @Test func aShootEventBecomesAPhotoAtTheEventsHeadingAndTime() throws {
        let manager = try manager()
        try manager.session.start(heading: .forward)
        let target = manager.session.plan.bearings[0][0]
        clock.advance(by: 0.7)
        manager.enqueue(Event(kind: .shoot, time: clock.now(), heading: target.rotated(by: 2), device: .mouse))
        #expect(sink.trials.isEmpty, "events wait for the tick")
        clock.advance(by: 0.01)
        try manager.tick()
        let trial = try #require(sink.trials.first)
        #expect(abs(trial.deviationDeg + 2) < 1e-9)
        #expect(abs(trial.timeSeconds - 0.7) < 1e-9)
        #expect(trial.input == .mouse)
    }

    @Test func aRecentreEventResetsTheHeadingSource() throws {
        let manager = try manager()
        try manager.session.start(heading: .forward)
        heading.turn(by: 100)
        manager.enqueue(Event(kind: .recentre, time: clock.now(), heading: heading.heading, device: .keyboard))
        try manager.tick()
        #expect(heading.heading == .forward)
    }

    @Test func aStallReanchorsTheLoopOnceWithoutBurstingOrCountingTheStallAsLateness() throws {
        let manager = try manager()
        var ticks = 0
        try manager.run(
            while: { ticks < 10 },
            beforeTick: { _ in
                ticks += 1
                if ticks == 3 { clock.advance(by: 1) }
            })
        #expect(manager.statistics.resyncCount == 1)
        #expect(manager.statistics.worstLateness < 1e-6, "lateness is measured at wake-up, before the stall")
        #expect(ticks == 10)
    }

    @Test func latenessPercentilesUseNearestRank() {
        var statistics = TickStatistics()
        for value in 1...100 { statistics.record(lateness: Double(value) / 1000) }
        #expect(statistics.latenessPercentile(99) == 0.099)
        #expect(statistics.latenessPercentile(50) == 0.05)
        #expect(statistics.lateCount == 96)
        #expect(statistics.worstLateness == 0.1)
    }
}
