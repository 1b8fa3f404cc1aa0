// Turning a protocol into rounds: fixed, seeded shuffles, balanced Latin squares, blocked or alternating.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

struct ProtocolResolutionTests {
    func threeConditions(order: StudyProtocol.Order, blocked: Bool = true, seed: UInt64? = nil) -> StudyProtocol {
        StudyProtocol(
            name: "t", seed: seed, order: order, blocked: blocked,
            conditions: [
                .init(name: "A", level: .oneTarget, repetitions: 2),
                .init(name: "B", level: .twoTargets, repetitions: 2),
                .init(name: "C", level: .twoTargetsBackground, repetitions: 2),
            ])
    }

    @Test func fixedBlockedOrderPlaysEachConditionsRepetitionsBackToBack() {
        let rounds = threeConditions(order: .fixed).resolve(participantNumber: 1, sessionSeed: 1).rounds
        #expect(rounds.map(\.condition) == ["A", "A", "B", "B", "C", "C"])
    }

    @Test func unblockedConditionsAlternate() {
        let rounds = threeConditions(order: .fixed, blocked: false).resolve(participantNumber: 1, sessionSeed: 1).rounds
        #expect(rounds.map(\.condition) == ["A", "B", "C", "A", "B", "C"])
    }

    @Test func theSameSeedGivesTheSameShuffledOrder() {
        let first = threeConditions(order: .shuffled, blocked: false).resolve(participantNumber: 1, sessionSeed: 42)
        let again = threeConditions(order: .shuffled, blocked: false).resolve(participantNumber: 3, sessionSeed: 42)
        #expect(first.rounds == again.rounds)
    }

    @Test func differentSeedsGiveDifferentShuffles() {
        let orders = Set(
            (1...20).map { seed in
                threeConditions(order: .shuffled, blocked: false).resolve(
                    participantNumber: 1, sessionSeed: UInt64(seed)
                )
                .rounds.map(\.condition).joined()
            })
        #expect(orders.count > 5)
        #expect(orders.allSatisfy { $0.sorted() == Array("AABBCC") })
    }

    @Test func aShuffledBlockedOrderKeepsBlocksTogether() {
        for seed in 1...10 {
            let names = threeConditions(order: .shuffled).resolve(participantNumber: 1, sessionSeed: UInt64(seed))
                .rounds.map(\.condition)
            #expect(names[0] == names[1] && names[2] == names[3] && names[4] == names[5])
            #expect(Set(names).count == 3)
        }
    }

    @Test func theProtocolsOwnSeedWinsOverTheSessionsSeed() {
        let resolved = threeConditions(order: .shuffled, seed: 7).resolve(participantNumber: 1, sessionSeed: 99)
        #expect(resolved.seed == 7)
        #expect(
            resolved.rounds
                == threeConditions(order: .shuffled, seed: 7).resolve(participantNumber: 1, sessionSeed: 1).rounds)
    }

    @Test func theLatinSquareRowFollowsTheParticipantNumber() {
        let orders = (1...7).map { number in
            threeConditions(order: .latinSquare).resolve(participantNumber: number, sessionSeed: 1).rounds
                .map(\.condition).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        }
        #expect(orders == ["ABC", "BCA", "CAB", "CBA", "ACB", "BAC", "ABC"])
    }

    @Test func roundsCarryTheProtocolsOptions() {
        var study = threeConditions(order: .fixed)
        study.backgroundGainDB = -9
        study.keepFirstTargetPlaying = true
        let rounds = study.resolve(participantNumber: 1, sessionSeed: 1).rounds
        #expect(rounds.allSatisfy { $0.backgroundGainDB == -9 && $0.keepFirstTargetPlaying })
        #expect(rounds.map(\.targetSounds.count) == [1, 1, 2, 2, 2, 2])
    }

    @Test func theResolvedProtocolFeedsTheGamesPlacementReproducibly() throws {
        var study = threeConditions(order: .fixed)
        study.minSeparationDeg = 90
        let resolved = study.resolve(participantNumber: 1, sessionSeed: 3)
        let bearings = try TargetPlacer.place(
            rounds: resolved.rounds, rule: resolved.placementRule, seed: resolved.seed)
        let again = try TargetPlacer.place(rounds: resolved.rounds, rule: resolved.placementRule, seed: resolved.seed)
        #expect(bearings == again)
        for round in bearings where round.count == 2 {
            #expect(round[0].separation(from: round[1]) >= 90)
        }
    }
}

struct LatinSquareTests {
    @Test(arguments: [2, 3, 4, 5, 6])
    func everyConditionAppearsEquallyOftenInEveryPosition(count: Int) {
        let rows = LatinSquare.rows(count: count)
        for position in 0..<count {
            let column = rows.map { $0[position] }
            for condition in 0..<count {
                #expect(column.filter { $0 == condition }.count == rows.count / count)
            }
        }
    }

    @Test(arguments: [2, 3, 4, 5, 6])
    func everyConditionFollowsEveryOtherEquallyOften(count: Int) {
        var pairs: [[Int]: Int] = [:]
        for row in LatinSquare.rows(count: count) {
            for (first, second) in zip(row, row.dropFirst()) { pairs[[first, second], default: 0] += 1 }
        }
        #expect(pairs.count == count * (count - 1))
        #expect(Set(pairs.values).count == 1)
    }

    @Test func eachRowIsAnOrderOfAllConditions() {
        for row in LatinSquare.rows(count: 5) { #expect(row.sorted() == Array(0..<5)) }
        #expect(LatinSquare.rows(count: 5).count == 10)
        #expect(LatinSquare.rows(count: 4).count == 4)
    }
}
