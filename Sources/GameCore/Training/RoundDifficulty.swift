// A round as the staircase's value makes it: louder background, shorter stimulus, closer targets or narrower calls.

/// Applies a difficulty parameter's value to one round before it is played (`GameSession.prepareRound`).
public enum RoundDifficulty {
    /// `round` and its `bearings` with `parameter` at `value`. The hit zone changes nothing heard. A
    /// separation redraws the bearings from `seed` and the round number (the same value gives the same
    /// bearings again, so a resumed round keeps them). A bandwidth redraws the round's targets from `bandwidths`
    /// (the session's calls and their measured bandwidth in octaves, session.json `protocol.stimuli`) the same way.
    public static func apply(
        _ parameter: DifficultyParameter, value: Double, to round: RoundPlan, bearings: [Bearing], seed: UInt64,
        bandwidths: [String: Double] = [:]
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
        case .stimulusBandwidthOct:
            round.targetSounds =
                calls(near: value, count: round.targetSounds.count, from: bandwidths, round: round.round, seed: seed)
                ?? round.targetSounds
            return (round, bearings)
        }
    }

    /// `count` distinct calls of `bandwidths` for a round at bandwidth `value`: drawn from `seed` and the round
    /// number among those within `bandwidthReachOct` of it, and never among fewer than the `count` + 1 nearest, so a
    /// session held at either end of the staircase (the narrowest or widest calls it has) still alternates between
    /// calls rather than playing one over and over. nil when the session has too few calls.
    static func calls(near value: Double, count: Int, from bandwidths: [String: Double], round: Int, seed: UInt64)
        -> [String]?
    {
        guard count > 0, bandwidths.count >= count else { return nil }
        let distance = { (name: String) in abs(bandwidths[name]! - value) }
        let ranked = bandwidths.keys.sorted { (distance($0), $0) < (distance($1), $1) }
        let reach = max(DifficultyParameter.bandwidthReachOct, distance(ranked[min(count, ranked.count - 1)]))
        var pool = ranked.filter { distance($0) <= reach }
        var generator = SeededRandom(seed: seed, stream: 0xBA4D_0000 &+ UInt64(round))
        return (0..<count).map { _ in pool.remove(at: Int(generator.next() % UInt64(pool.count))) }
    }
}
