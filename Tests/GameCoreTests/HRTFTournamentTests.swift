// The Swiss-system HRTF tournament as a state machine: pairing, answers, stopping rule, winner.
import Testing

@testable import GameCore

@Suite("HRTF tournament")
struct HRTFTournamentTests {
    /// Plays a whole tournament with `answer` choosing for each pairing.
    static func play(
        _ count: Int, seed: UInt64, _ answer: (HRTFTournament.Pairing, Int) -> TournamentAnswer
    ) throws -> HRTFTournament {
        var tournament = try HRTFTournament(candidateCount: count, seed: seed)
        var steps = 0
        while let pairing = tournament.current {
            tournament.answer(answer(pairing, tournament.hearAgainCount))
            steps += 1
            if steps > 200 {
                Issue.record("the tournament did not end")
                break
            }
        }
        return tournament
    }

    @Test("A set preferred every time wins after ⌈log₂ 6⌉ = 3 rounds, 9 comparisons; no pair meets twice")
    func dominantSetWinsEarly() throws {
        for seed in UInt64(1)...20 {
            // Candidate 4 beats everyone; otherwise the lower index wins.
            let tournament = try Self.play(6, seed: seed) { pairing, _ in
                let preferred = pairing.a == 4 || (pairing.b != 4 && pairing.a < pairing.b) ? TournamentAnswer.a : .b
                return preferred
            }
            #expect(tournament.winner == 4)
            #expect(tournament.outcomes.count == 9, "seed \(seed): \(tournament.outcomes.count) comparisons")
            let pairs = tournament.outcomes.map { Set([$0.pairing.first, $0.pairing.second]) }
            #expect(Set(pairs).count == pairs.count, "seed \(seed): a rematch")
            // Each set plays once per round.
            for round in 1...tournament.round {
                let played = tournament.outcomes.filter { $0.pairing.round == round }
                    .flatMap { [$0.pairing.first, $0.pairing.second] }
                #expect(Set(played).count == 6)
            }
        }
    }

    @Test("Always 'no difference': at most 15 comparisons, the winner by the tie-breaks, never nil")
    func allDrawsStopAtTheCap() throws {
        let tournament = try Self.play(6, seed: 7) { _, _ in .noDifference }
        #expect(tournament.outcomes.count <= HRTFTournament.maximumComparisons)
        #expect(tournament.outcomes.count == 15)
        #expect(tournament.winner != nil)
        let table = tournament.standings()
        #expect(table.allSatisfy { $0.score == 2.5 })
    }

    @Test("Hear again replays the same pair and is counted on the outcome")
    func hearAgainReplays() throws {
        var tournament = try HRTFTournament(candidateCount: 6, seed: 3)
        let first = try #require(tournament.current)
        tournament.answer(.hearAgain)
        tournament.answer(.hearAgain)
        #expect(tournament.current == first)
        #expect(tournament.outcomes.isEmpty)
        tournament.answer(.b)
        #expect(tournament.outcomes.first?.hearAgainCount == 2)
        #expect(tournament.outcomes.first?.preferred == first.b)
        #expect(tournament.hearAgainCount == 0)
    }

    @Test("Seven sets: one bye per round, never twice for one set while others had none; at most 15 comparisons")
    func oddCountGivesByes() throws {
        let tournament = try Self.play(7, seed: 11) { pairing, _ in pairing.a < pairing.b ? .a : .b }
        #expect(tournament.byes.count == tournament.round)
        let byeCounts = Dictionary(grouping: tournament.byes, by: \.candidate).mapValues(\.count)
        #expect((byeCounts.values.max() ?? 0) <= 1)
        #expect(tournament.outcomes.count <= 15)
        #expect(tournament.winner == 0)
    }

    @Test("The same seed gives the same pairings and order; another seed another")
    func seeded() throws {
        let answer: (HRTFTournament.Pairing, Int) -> TournamentAnswer = { pairing, _ in
            pairing.a % 3 < pairing.b % 3 ? .a : .b
        }
        let one = try Self.play(6, seed: 5, answer).outcomes.map(\.pairing)
        let two = try Self.play(6, seed: 5, answer).outcomes.map(\.pairing)
        let other = try Self.play(6, seed: 6, answer).outcomes.map(\.pairing)
        #expect(one == two)
        #expect(one != other)
    }

    @Test("Fewer than two candidates: one sentence, no tournament; two candidates still choose")
    func tooFew() throws {
        #expect(throws: HRTFTournamentError.tooFewCandidates(count: 1)) {
            try HRTFTournament(candidateCount: 1, seed: 1)
        }
        #expect("\(HRTFTournamentError.tooFewCandidates(count: 1))".contains("only one is usable"))
        let two = try Self.play(2, seed: 1) { pairing, _ in pairing.a == 1 ? .a : .b }
        #expect(two.winner == 1)
        #expect(two.outcomes.count <= 3)
    }

    @Test("A simulated listener with noise 1 dB and sets 3 dB apart or more: its own set (0 dB) wins ≥ 90 %")
    func simulatedListenerWithSyntheticDistances() throws {
        let distances = [4.0, 0, 3, 5.5, 6, 3.5]
        var wins = 0
        for seed in UInt64(1)...50 {
            var listener = SimulatedHRTFListener(distancesDB: distances, seed: seed)
            let tournament = try Self.play(6, seed: seed) { pairing, again in
                listener.answer(pairing, hearAgainCount: again)
            }
            if tournament.winner == 1 { wins += 1 }
            #expect(tournament.outcomes.count <= 15)
        }
        #expect(wins >= 45, "\(wins) of 50")
    }
}
