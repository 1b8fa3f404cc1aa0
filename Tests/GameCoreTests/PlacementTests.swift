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

    @Test func everyConditionGetsEachFortyFiveDegreeSectorEquallyOften() throws {
        // Two conditions interleaved: each has its own deck, so each covers the whole circle evenly.
        let rounds = (1...32).map { round in
            RoundPlan.builtIn(round % 2 == 0 ? .oneTarget : .twoTargets, round: round)
        }
        let bearings = try TargetPlacer.place(rounds: rounds, rule: PlacementRule(), seed: 4)
        for condition in ["one-target", "two-targets"] {
            var sectors = [Int](repeating: 0, count: 8)
            for (plan, placed) in zip(rounds, bearings) where plan.condition == condition {
                for bearing in placed { sectors[Int(((bearing.degrees + 22.5) / 45).rounded(.down)) % 8] += 1 }
            }
            let expected = condition == "one-target" ? 2 : 4
            #expect(sectors == Array(repeating: expected, count: 8), "\(condition): \(sectors)")
        }
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

    @Test(arguments: [
        ([0.0, 45, 90, 135, 180, 225, 270, 315], 90.0),
        ([0.0, 20, 40, 60, 80, 100, 120], 60.0),
        ([0.0, 30, 180, 210], 60.0),
    ])
    func aBearingListAlwaysKeepsTheMinimumSeparationAndStaysBalanced(list: [Double], separation: Double) throws {
        let rounds = (1...120).map { RoundPlan.builtIn(.twoTargets, round: $0) }
        for seed in UInt64(1)...10 {
            let drawn = try TargetPlacer.place(
                rounds: rounds,
                rule: PlacementRule(minSeparationDeg: separation, bearingList: list.map { Bearing(degrees: $0) }),
                seed: seed)
            #expect(drawn.allSatisfy { $0[0].separation(from: $0[1]) >= separation })
            let counts = Dictionary(grouping: drawn.flatMap { $0 }, by: \.degrees).mapValues(\.count)
            #expect(Set(counts.keys) == Set(list))
            let spread = (counts.values.max() ?? 0) - (counts.values.min() ?? 0)
            #expect(spread <= 4, "seed \(seed): \(counts)")
        }
    }

    @Test(arguments: [[0.0, 10], [0.0, 0, 0, 0]])
    func aBearingListWithNoPairFarEnoughApartIsRefused(list: [Double]) {
        let rounds = [RoundPlan.builtIn(.twoTargets, round: 1)]
        #expect(throws: PlacementError.bearingListTooClose(targets: 2, minSeparationDeg: 60)) {
            try TargetPlacer.place(
                rounds: rounds,
                rule: PlacementRule(minSeparationDeg: 60, bearingList: list.map { Bearing(degrees: $0) }), seed: 1)
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
