// A whole session's rounds with every target's bearing already drawn from the seed.

/// The rounds of a session, the placement rule and seed, and the bearings they produce. Built once;
/// a resumed session rebuilds it from the same protocol and seed and gets the same bearings.
public struct SessionPlan: Sendable, Equatable {
    public let rounds: [RoundPlan]
    public let placement: PlacementRule
    public let seed: UInt64
    /// `bearings[i][k]`: where target k of `rounds[i]` is.
    public let bearings: [[Bearing]]

    public init(rounds: [RoundPlan], placement: PlacementRule = PlacementRule(), seed: UInt64) throws {
        self.rounds = rounds
        self.placement = placement
        self.seed = seed
        self.bearings = try TargetPlacer.place(rounds: rounds, rule: placement, seed: seed)
    }

    /// Every (round, target index) of the session, in play order.
    public var allKeys: [TrialKey] { RoundPlan.trialKeys(of: rounds) }

    /// The rounds of the first pass: the protocol's, before any were repeated.
    public var firstPass: [RoundPlan] { rounds.filter { $0.repeatsRound == nil } }

    /// This plan with the first pass's rounds appended once more, numbered on, each naming the round it repeats.
    /// Placement goes on from where it stood (each condition's deck of directions continues), so the rounds
    /// already placed keep their bearings, the new ones get new bearings, and the same seed gives them again.
    public func repeated() throws -> SessionPlan {
        let last = rounds.map(\.round).max() ?? 0
        let again = firstPass.enumerated().map { offset, round in
            var copy = round
            copy.round = last + offset + 1
            copy.repeatsRound = round.round
            return copy
        }
        return try SessionPlan(rounds: rounds + again, placement: placement, seed: seed)
    }

    /// The plan of round `round` (1-based round number).
    public func roundIndex(of round: Int) -> Int? { rounds.firstIndex { $0.round == round } }
}
