// Choosing an HRTF by ear: a Swiss-system tournament among candidate sets, driven by the listener's answers.
import Foundation

/// What the listener answers after hearing a pair: set A, set B, no difference, or play the pair again.
public enum TournamentAnswer: String, Sendable, CaseIterable {
    case a
    case b
    case noDifference = "no_difference"
    case hearAgain = "hear_again"
}

/// A Swiss-system tournament (Voong & Oehler, ICA 2019): every round pairs candidates with equal or close scores
/// that have not met yet, so the best set meets the strong ones early and a winner is clear after far fewer
/// comparisons than a round robin (6 sets: 9 comparisons when one set wins every time, at most 15, where a round
/// robin always takes 15 and grows with the square of the number of sets).
///
/// Rules:
/// - A win is 1 point, "no difference" ½ to each; with an odd number of candidates the lowest-ranked candidate
///   that had the fewest byes sits the round out and gets ½ (a bye must not lift a weak set to the top).
/// - Round 1 pairs a seeded shuffle; later rounds rank by score, then Buchholz (the sum of the opponents'
///   scores), and pair top-down, avoiding a rematch whenever a complete pairing without one exists.
/// - Which set of a pair plays first (A) is a seeded coin flip, so order effects do not favour either.
/// - Stopping rule: after a round, stop when the leader's lead is more than the points the runner-up could
///   still gain, or, from round ⌈log₂ n⌉ on, when the leader is a whole point ahead and lost no comparison; at the latest after `maximumRounds` (⌈log₂ n⌉ + 2 rounds, and never more than
///   `maximumComparisons` comparisons). "Hear again" replays the same pair and changes nothing else.
/// - The winner ranks first by score, Buchholz, their own head-to-head result, then the candidate order.
public struct HRTFTournament: Sendable {
    public static let maximumComparisons = 15
    public static let minimumCandidates = 2

    /// One comparison: the pair in ranking order and which of the two was played first.
    public struct Pairing: Sendable, Equatable {
        /// 1-based round and comparison number.
        public let round: Int
        public let number: Int
        /// Candidate indices: `first` ranked at least as high as `second` when the round was paired.
        public let first: Int
        public let second: Int
        /// True when `first` is played as A.
        public let firstPlaysA: Bool

        public var a: Int { firstPlaysA ? first : second }
        public var b: Int { firstPlaysA ? second : first }
    }

    /// A finished comparison.
    public struct Outcome: Sendable, Equatable {
        public let pairing: Pairing
        /// `.a`, `.b` or `.noDifference`.
        public let answer: TournamentAnswer
        /// How often the listener asked to hear the pair again before answering.
        public let hearAgainCount: Int

        /// The candidate the listener preferred, nil for "no difference".
        public var preferred: Int? {
            switch answer {
            case .a: return pairing.a
            case .b: return pairing.b
            default: return nil
            }
        }
    }

    public struct Standing: Sendable, Equatable {
        public let candidate: Int
        public let score: Double
        public let buchholz: Double
        public let wins: Int
        public let draws: Int
        public let losses: Int
        public let byes: Int
    }

    public let candidateCount: Int
    public let maximumRounds: Int
    /// Rounds before a one-point lead may end the tournament: as many as a single undefeated set needs.
    public let minimumRounds: Int
    public private(set) var outcomes: [Outcome] = []
    /// The comparison asked now; nil once the tournament is over.
    public private(set) var current: Pairing?
    /// "Hear again" answers for the current comparison so far.
    public private(set) var hearAgainCount = 0
    public private(set) var round = 0
    /// Candidates that sat out a round, by round.
    public private(set) var byes: [(round: Int, candidate: Int)] = []
    private var queue: [Pairing] = []
    private var random: SeededRandom

    /// Throws `HRTFTournamentError.tooFewCandidates` for fewer than two candidates.
    public init(candidateCount: Int, seed: UInt64) throws {
        guard candidateCount >= Self.minimumCandidates else {
            throw HRTFTournamentError.tooFewCandidates(count: candidateCount)
        }
        self.candidateCount = candidateCount
        let pairsPerRound = candidateCount / 2
        minimumRounds = Int(ceil(log2(Double(candidateCount))))
        maximumRounds = max(1, min(minimumRounds + 2, Self.maximumComparisons / pairsPerRound))
        random = SeededRandom(seed: seed)
        startRound()
    }

    public var isFinished: Bool { current == nil }

    /// Applies the listener's answer to the current comparison and moves on (a finished tournament ignores it).
    public mutating func answer(_ answer: TournamentAnswer) {
        guard let pairing = current else { return }
        if answer == .hearAgain {
            hearAgainCount += 1
            return
        }
        outcomes.append(Outcome(pairing: pairing, answer: answer, hearAgainCount: hearAgainCount))
        hearAgainCount = 0
        if !queue.isEmpty {
            current = queue.removeFirst()
        } else if round < maximumRounds && !leaderIsClear {
            startRound()
        } else {
            current = nil
        }
    }

    /// The candidates ranked best first (score, Buchholz, head-to-head, candidate order).
    public func standings() -> [Standing] {
        let scores = self.scores
        var table: [Standing] = (0..<candidateCount).map { candidate in
            let played = outcomes.filter { $0.pairing.first == candidate || $0.pairing.second == candidate }
            let wins = played.filter { $0.preferred == candidate }.count
            let draws = played.filter { $0.preferred == nil }.count
            let opponents = played.map { $0.pairing.first == candidate ? $0.pairing.second : $0.pairing.first }
            return Standing(
                candidate: candidate, score: scores[candidate], buchholz: opponents.reduce(0) { $0 + scores[$1] },
                wins: wins, draws: draws, losses: played.count - wins - draws,
                byes: byes.filter { $0.candidate == candidate }.count)
        }
        table.sort { x, y in
            if x.score != y.score { return x.score > y.score }
            if x.buchholz != y.buchholz { return x.buchholz > y.buchholz }
            let between = headToHead(x.candidate, y.candidate)
            if between != 0 { return between > 0 }
            return x.candidate < y.candidate
        }
        return table
    }

    /// The winner once the tournament is over.
    public var winner: Int? { isFinished ? standings().first?.candidate : nil }

    // MARK: Rounds

    private var scores: [Double] {
        var scores = [Double](repeating: 0, count: candidateCount)
        for outcome in outcomes {
            if let preferred = outcome.preferred {
                scores[preferred] += 1
            } else {
                scores[outcome.pairing.first] += 0.5
                scores[outcome.pairing.second] += 0.5
            }
        }
        for bye in byes { scores[bye.candidate] += 0.5 }
        return scores
    }

    /// Wins of `x` over `y` minus wins of `y` over `x`.
    private func headToHead(_ x: Int, _ y: Int) -> Int {
        outcomes.reduce(0) { total, outcome in
            let pair = Set([outcome.pairing.first, outcome.pairing.second])
            guard pair == Set([x, y]) else { return total }
            return total + (outcome.preferred == x ? 1 : outcome.preferred == y ? -1 : 0)
        }
    }

    /// The leader cannot be caught (its lead exceeds the points anyone could still gain, 1 per round left), or,
    /// after `minimumRounds`, it leads by a whole point and lost no comparison.
    private var leaderIsClear: Bool {
        let table = standings()
        guard table.count >= 2 else { return true }
        let lead = table[0].score - table[1].score
        if lead > Double(maximumRounds - round) { return true }
        return round >= minimumRounds && lead >= 1 && table[0].losses == 0
    }

    private func met(_ x: Int, _ y: Int) -> Bool {
        outcomes.contains { Set([$0.pairing.first, $0.pairing.second]) == Set([x, y]) }
            || queue.contains { Set([$0.first, $0.second]) == Set([x, y]) }
    }

    private mutating func startRound() {
        round += 1
        var ranked: [Int]
        if round == 1 {
            ranked = Array(0..<candidateCount)
            random.shuffle(&ranked)
        } else {
            ranked = standings().map(\.candidate)
        }
        if ranked.count % 2 == 1 {
            // The lowest-ranked candidate among those with the fewest byes sits out.
            let fewest = ranked.map { candidate in byes.filter { $0.candidate == candidate }.count }.min() ?? 0
            let out = ranked.last { candidate in byes.filter { $0.candidate == candidate }.count == fewest }!
            ranked.removeAll { $0 == out }
            byes.append((round, out))
        }
        let before = self
        let met = { (x: Int, y: Int) in before.met(x, y) }
        let pairs = Self.pair(ranked, allowRematch: false, met: met) ?? Self.pair(ranked, allowRematch: true, met: met)!
        let base = outcomes.count
        queue = pairs.enumerated().map { index, pair in
            Pairing(
                round: round, number: base + index + 1, first: pair.0, second: pair.1,
                firstPlaysA: random.next() & 1 == 0)
        }
        current = queue.removeFirst()
    }

    /// Pairs `ranked` top-down: each unpaired candidate with the highest-ranked one it may meet (depth-first, so
    /// a pairing without rematches is found whenever one exists).
    private static func pair(_ ranked: [Int], allowRematch: Bool, met: (Int, Int) -> Bool) -> [(Int, Int)]? {
        guard let top = ranked.first else { return [] }
        let rest = Array(ranked.dropFirst())
        for (index, partner) in rest.enumerated() where allowRematch || !met(top, partner) {
            var remaining = rest
            remaining.remove(at: index)
            if let others = pair(remaining, allowRematch: allowRematch, met: met) { return [(top, partner)] + others }
        }
        return nil
    }
}

public enum HRTFTournamentError: Error, Equatable, CustomStringConvertible {
    case tooFewCandidates(count: Int)

    public var description: String {
        switch self {
        case .tooFewCandidates(let count):
            return
                "Choosing an HRTF needs at least two usable sets, but \(count == 0 ? "none is" : "only one is") usable; nothing was changed."
        }
    }
}
