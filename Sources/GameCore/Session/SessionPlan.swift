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

    /// The plan of round `round` (1-based round number).
    public func roundIndex(of round: Int) -> Int? { rounds.firstIndex { $0.round == round } }
}
