// The safari's scenes: they open in order with sessions and points, show their animals a few at a time, cast rounds.
import Testing

@testable import GameCore

struct SafariSceneTests {
    @Test func thePondIsOpenFromTheStartAndEachFurtherSceneOpensInOrderAtItsMilestone() {
        #expect(SafariScene.open(sessionsDone: 0, points: 0).map(\.id) == ["pond"])
        #expect(SafariScene.all.count >= 5)
        var opened: [String] = []
        // A patient earning 24 points a session (every photo of a 12-photo session missed) still opens them all.
        for done in 0...20 {
            let open = SafariScene.open(sessionsDone: done, points: 24 * done).map(\.id)
            #expect(Array(open.prefix(opened.count)) == opened, "a scene closed again after \(done) sessions")
            opened = open
        }
        #expect(opened == SafariScene.all.map(\.id))
        // Points alone open nothing, and neither do sessions without points.
        #expect(SafariScene.open(sessionsDone: 0, points: 10_000).count == 1)
        #expect(SafariScene.open(sessionsDone: 20, points: 0).count == 1)
        #expect(SafariScene.next(sessionsDone: 3, points: 40)?.id == "forest")
        #expect(SafariScene.next(sessionsDone: 20, points: 10_000) == nil)
    }

    @Test func aScenesAnimalsAppearThreeAtFirstThenOneMoreEachSessionSkippingThoseNotInTheCatalog() {
        let farm = SafariScene.named("farm")!
        let available: Set = ["rooster", "cow", "pig", "hen", "goat", "owl"]
        #expect(farm.animals(available: available, sessionsHere: 0) == ["rooster", "cow", "pig"])
        #expect(farm.animals(available: available, sessionsHere: 1) == ["rooster", "cow", "pig", "hen"])
        #expect(farm.animals(available: available, sessionsHere: 9) == ["rooster", "cow", "pig", "hen", "goat"])
        #expect(farm.animals(available: [], sessionsHere: 4).isEmpty)
    }

    @Test func castingGivesEachRoundDistinctAnimalsReproduciblyAndLeavesRoundsThatNeedMoreAlone() {
        let rounds = (1...40).map {
            RoundPlan(round: $0, condition: "c", level: "two-targets", targetSounds: ["frog", "bluejay"])
        }
        let animals = ["duck", "heron", "mosquito"]
        let cast = SafariScene.cast(animals, into: rounds, seed: 42)
        #expect(cast == SafariScene.cast(animals, into: rounds, seed: 42))
        #expect(cast != SafariScene.cast(animals, into: rounds, seed: 43))
        for round in cast {
            #expect(round.targetSounds.count == 2 && Set(round.targetSounds).count == 2)
            #expect(round.targetSounds.allSatisfy(animals.contains))
        }
        // Over 40 rounds every animal is heard.
        #expect(Set(cast.flatMap(\.targetSounds)) == Set(animals))
        #expect(SafariScene.cast(["duck"], into: rounds, seed: 42) == rounds)
    }
}
