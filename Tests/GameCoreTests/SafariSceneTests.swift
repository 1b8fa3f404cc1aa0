// The safari's scenes: they open in order over a plan's sessions and points, show their animals a few at a time, cast rounds.
import Testing

@testable import GameCore

struct SafariSceneTests {
    @Test func thePondIsOpenFromTheStartAndEachFurtherSceneOpensInOrderSpreadOverThePlan() {
        // The example plan: 10 sessions, one pass of 48 photos.
        let plan = SafariMilestones(totalSessions: 10, photosPerPass: 48)
        #expect(plan.open(sessionsDone: 0, points: 0).map(\.id) == ["pond"])
        #expect(SafariScene.all.count >= 5)
        #expect(SafariScene.all.map(plan.sessions(for:)) == [0, 2, 4, 6, 8])
        #expect(SafariScene.all.map(plan.points(for:)) == [0, 384, 768, 1152, 1536])
        #expect(
            SafariScene.all.map(SafariMilestones(totalSessions: 20, photosPerPass: 12).sessions(for:)) == [
                0, 4, 8, 12, 16,
            ])
        // A short plan still opens one scene at a time; a long one spreads them over its weeks.
        #expect(
            SafariScene.all.map(SafariMilestones(totalSessions: 3, photosPerPass: 12).sessions(for:)) == [
                0, 1, 2, 3, 4,
            ])
        #expect(
            SafariScene.all.map(SafariMilestones(totalSessions: 36, photosPerPass: 12).sessions(for:)) == [
                0, 7, 14, 22, 29,
            ])
        // A patient earning 4 points a photo of one pass (chance at the widest zone) opens one scene at a time, in
        // order, never two after one session.
        var opened: [String] = []
        for done in 0...10 {
            let open = plan.open(sessionsDone: done, points: 4 * 48 * done).map(\.id)
            #expect(Array(open.prefix(opened.count)) == opened, "a scene closed again after \(done) sessions")
            #expect(open.count - opened.count <= 1, "two scenes opened by session \(done)")
            opened = open
        }
        #expect(opened == SafariScene.all.map(\.id))
        // Points alone open nothing (a 12-minute session earns ~2,000), and neither do sessions without points.
        #expect(plan.open(sessionsDone: 0, points: 10_000).count == 1)
        #expect(plan.open(sessionsDone: 1, points: 2_000).count == 1)
        #expect(plan.open(sessionsDone: 10, points: 0).count == 1)
        #expect(plan.next(sessionsDone: 2, points: 384)?.id == "forest")
        #expect(plan.next(sessionsDone: 10, points: 10_000) == nil)
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

    @Test func aScenesAmbienceReplacesTheBackgroundAndIsAQuietBedUnderTheOtherRounds() {
        let farm = SafariScene.named("farm")!
        let rounds = [
            RoundPlan(round: 1, condition: "a", level: "one-target", targetSounds: ["frog"]),
            RoundPlan(
                round: 2, condition: "b", level: "two-targets-background", targetSounds: ["frog", "bluejay"],
                backgroundSound: "ambience", backgroundGainDB: -6),
        ]
        let heard = farm.withAmbience(rounds, available: ["ambience", "ambience_farm"])
        #expect(heard.map(\.backgroundSound) == ["ambience_farm", "ambience_farm"])
        // The plan's own level stays where the round has a background; the bed is 20 dB under the catalog's.
        #expect(heard.map(\.backgroundGainDB) == [SafariScene.bedGainDB, -6])
        #expect(SafariScene.bedGainDB == -20)
        #expect(heard.map(\.targetSounds) == rounds.map(\.targetSounds))
        // Without the ambience in the catalog nothing changes.
        #expect(farm.withAmbience(rounds, available: ["ambience"]) == rounds)
        // Every scene has an ambience of its own.
        #expect(Set(SafariScene.all.map(\.ambience)).count == SafariScene.all.count)
    }
}
