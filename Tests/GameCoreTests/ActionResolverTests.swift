// The action table: what each input does in each session state.
import Testing

@testable import GameCore

@Suite struct ActionResolverTests {
    let resolver = ActionResolver()
    let key = TrialKey(round: 1, targetIndex: 1)

    func event(_ kind: Event.Kind) -> Event { Event(kind: kind, time: .zero, heading: .forward, device: .keyboard) }

    @Test func shootingWhileSearchingTakesThePhoto() {
        #expect(resolver.action(for: event(.shoot), in: .searching(key)) == .photograph)
    }

    @Test func shootingOnAResultScreenGoesOn() {
        #expect(resolver.action(for: event(.shoot), in: .showingResult(key, roundEnd: false)) == .proceed)
        #expect(resolver.action(for: event(.proceed), in: .showingResult(key, roundEnd: true)) == .proceed)
    }

    @Test func pauseTogglesBetweenSearchingAndPaused() {
        #expect(resolver.action(for: event(.pause), in: .searching(key)) == .pause)
        #expect(resolver.action(for: event(.pause), in: .paused(key)) == .resume)
    }

    @Test func losingTheControllerPausesTheSearch() {
        #expect(resolver.action(for: event(.deviceLost), in: .searching(key)) == .pause)
    }

    @Test func nothingButStopHappensBeforeStartAndNothingAfterTheEnd() {
        for kind in Event.Kind.allCases {
            #expect(resolver.action(for: event(kind), in: .ready) == (kind == .stop ? .stop : .ignore))
            #expect(resolver.action(for: event(kind), in: .finished) == .ignore)
            #expect(resolver.action(for: event(kind), in: .stopped) == .ignore)
        }
    }

    @Test func stopEndsARunningSessionInAnyState() {
        #expect(resolver.action(for: event(.stop), in: .searching(key)) == .stop)
        #expect(resolver.action(for: event(.stop), in: .paused(key)) == .stop)
    }
}
