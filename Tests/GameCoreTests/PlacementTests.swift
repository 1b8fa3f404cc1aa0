// Target placement: minimum separation, seeded reproducibility, the bearing-list deck.
import Testing

@testable import GameCore

@Suite struct PlacementTests {
    let twoTargetRounds = (1...200).map { RoundPlan.builtIn(.twoTargets, round: $0) }

    @Test func twoTargetsOfARoundAreAtLeastTheMinimumSeparationApart() throws {
        for seed in UInt64(1)...20 {
            let bearings = try TargetPlacer.place(rounds: twoTargetRounds, rule: PlacementRule(), seed: seed)
            for pair in bearings { #expect(pair[0].separation(from: pair[1]) >= 60) }
        }
    }

    @Test func aLargerConfiguredSeparationIsHonoured() throws {
        let bearings = try TargetPlacer.place(
            rounds: twoTargetRounds, rule: PlacementRule(minSeparationDeg: 150), seed: 3)
        #expect(bearings.allSatisfy { $0[0].separation(from: $0[1]) >= 150 })
    }

    @Test func theSameSeedGivesTheSameBearingsAndAnotherSeedDoesNot() throws {
        let a = try TargetPlacer.place(rounds: twoTargetRounds, rule: PlacementRule(), seed: 42)
        let b = try TargetPlacer.place(rounds: twoTargetRounds, rule: PlacementRule(), seed: 42)
        let c = try TargetPlacer.place(rounds: twoTargetRounds, rule: PlacementRule(), seed: 43)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func bearingsCoverTheWholeCircle() throws {
        let rounds = (1...400).map { RoundPlan.builtIn(.oneTarget, round: $0) }
        let bearings = try TargetPlacer.place(rounds: rounds, rule: PlacementRule(), seed: 7).map { $0[0].degrees }
        for quadrant in 0..<4 {
            let count = bearings.filter { Int($0 / 90) == quadrant }.count
            #expect(count > 60, "quadrant \(quadrant) got \(count) of 400")
        }
    }

    @Test func aRoundDoesNotDependOnHowManyRoundsCameBefore() throws {
        let all = try TargetPlacer.place(rounds: twoTargetRounds, rule: PlacementRule(), seed: 9)
        let lastOnly = try TargetPlacer.place(rounds: [twoTargetRounds[150]], rule: PlacementRule(), seed: 9)
        #expect(lastOnly[0] == all[150])
    }

    @Test func aBearingListIsUsedOnceEachBeforeRepeatingInShuffledOrder() throws {
        let list = [0.0, 45, 90, 135, 180, 225, 270, 315].map { Bearing(degrees: $0) }
        let rounds = (1...16).map { RoundPlan.builtIn(.oneTarget, round: $0) }
        let drawn = try TargetPlacer.place(rounds: rounds, rule: PlacementRule(bearingList: list), seed: 5).map {
            $0[0]
        }
        #expect(Set(drawn.prefix(8)) == Set(list))
        #expect(Set(drawn.suffix(8)) == Set(list))
        #expect(Array(drawn.prefix(8)) != list, "shuffled, not in list order")
    }

    @Test func aBearingListKeepsTheSeparationWhenItCan() throws {
        let list = [0.0, 30, 180, 210].map { Bearing(degrees: $0) }
        let rounds = (1...6).map { RoundPlan.builtIn(.twoTargets, round: $0) }
        let drawn = try TargetPlacer.place(rounds: rounds, rule: PlacementRule(bearingList: list), seed: 11)
        // In each deck cycle (two rounds) a fitting pair exists for the first round.
        for index in stride(from: 0, to: drawn.count, by: 2) {
            #expect(drawn[index][0].separation(from: drawn[index][1]) >= 60)
        }
    }

    @Test func anImpossibleSeparationIsAnErrorThatSaysWhatToDo() {
        let rounds = [RoundPlan(round: 1, condition: "x", level: "two-targets", targetSounds: ["a", "b", "c"])]
        #expect(throws: PlacementError.separationTooLarge(targets: 3, minSeparationDeg: 150)) {
            try TargetPlacer.place(rounds: rounds, rule: PlacementRule(minSeparationDeg: 150), seed: 1)
        }
        #expect(
            PlacementError.separationTooLarge(targets: 3, minSeparationDeg: 150).description.contains("at most 120"))
    }

    @Test func theSeededGeneratorIsStableAcrossRuns() {
        var generator = SeededRandom(seed: 1)
        // SplitMix64's published first output for seed 1.
        #expect(generator.next() == 0x910A_2DEC_8902_5CC1)
    }
}
