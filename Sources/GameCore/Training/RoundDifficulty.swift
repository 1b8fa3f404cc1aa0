// A round as the staircase's value makes it: louder background, shorter stimulus or closer targets.

/// Applies a difficulty parameter's value to one round before it is played (`GameSession.prepareRound`).
public enum RoundDifficulty {
    /// `round` and its `bearings` with `parameter` at `value`. The hit zone changes nothing heard. A
    /// separation redraws the bearings from `seed` and the round number (the same value gives the same
    /// bearings again, so a resumed round keeps them).
    public static func apply(
        _ parameter: DifficultyParameter, value: Double, to round: RoundPlan, bearings: [Bearing], seed: UInt64
    ) -> (round: RoundPlan, bearings: [Bearing]) {
        var round = round
        switch parameter {
        case .hitToleranceDeg:
            return (round, bearings)
        case .backgroundGainDB:
            round.backgroundGainDB = value
            return (round, bearings)
        case .stimulusDurationS:
            round.stimulusDurationS = value
            return (round, bearings)
        case .minSeparationDeg:
            guard bearings.count > 1 else { return (round, bearings) }
            var generator = SeededRandom(seed: seed, stream: 0x5E9A_0000 &+ UInt64(round.round))
            let band = value...(value + DifficultyParameter.separationBandDeg)
            return (round, TargetPlacer.separatedInBand(count: bearings.count, band: band, using: &generator))
        }
    }
}
