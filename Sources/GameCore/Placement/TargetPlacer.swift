// Draws the bearings of every round's targets from a seed, honouring the minimum separation.

/// Why a placement is impossible.
public enum PlacementError: Error, Equatable, CustomStringConvertible {
    case separationTooLarge(targets: Int, minSeparationDeg: Double)
    case emptyBearingList

    public var description: String {
        switch self {
        case .separationTooLarge(let targets, let separation):
            return "\(targets) targets cannot be \(separation)° apart on a 360° circle; "
                + "lower the protocol's minimum separation to at most \(360 / Double(targets))°."
        case .emptyBearingList:
            return "The protocol's bearing list is empty; give at least one bearing or remove the list."
        }
    }
}

/// Places all targets of a session at once, so a resumed session (same seed) gets the same bearings
/// for the rounds it has still to play.
public enum TargetPlacer {
    /// Bearings for each round's targets (`result[i]` for `rounds[i]`, one per target sound).
    /// The same rounds, rule and seed always give the same bearings.
    public static func place(rounds: [RoundPlan], rule: PlacementRule, seed: UInt64) throws -> [[Bearing]] {
        if let list = rule.bearingList {
            guard !list.isEmpty else { throw PlacementError.emptyBearingList }
            var deck = BearingDeck(list: list, generator: SeededRandom(seed: seed, stream: 0xDECC))
            return rounds.map { deck.draw(count: $0.targetSounds.count, minSeparationDeg: rule.minSeparationDeg) }
        }
        return try rounds.map { plan in
            let count = plan.targetSounds.count
            guard count <= 1 || Double(count) * rule.minSeparationDeg <= 360 else {
                throw PlacementError.separationTooLarge(targets: count, minSeparationDeg: rule.minSeparationDeg)
            }
            var generator = SeededRandom(seed: seed, stream: UInt64(plan.round))
            return uniform(count: count, minSeparationDeg: rule.minSeparationDeg, using: &generator)
        }
    }

    /// `count` bearings uniform on the circle, pairwise at least `minSeparationDeg` apart. Rejection
    /// sampling; if that keeps failing (separation close to 360/count) the targets are spread evenly
    /// from a random start, which always satisfies the rule.
    static func uniform(count: Int, minSeparationDeg: Double, using generator: inout SeededRandom) -> [Bearing] {
        for _ in 0..<1000 {
            var chosen: [Bearing] = []
            for _ in 0..<count {
                let candidate = Bearing(degrees: generator.unitDouble() * 360)
                guard chosen.allSatisfy({ $0.separation(from: candidate) >= minSeparationDeg }) else { break }
                chosen.append(candidate)
            }
            if chosen.count == count { return chosen }
        }
        let start = generator.unitDouble() * 360
        return (0..<count).map { Bearing(degrees: start + Double($0) * 360 / Double(count)) }
    }
}

/// A protocol's bearing list as a shuffled deck: each bearing is used once before any is used again.
struct BearingDeck {
    let list: [Bearing]
    var generator: SeededRandom
    var remaining: [Bearing] = []

    init(list: [Bearing], generator: SeededRandom) {
        self.list = list
        self.generator = generator
    }

    /// The next `count` bearings, skipping ahead in the deck for one that keeps the round's separation
    /// (the skipped ones stay for later rounds); with none left that fits, the next one is taken anyway.
    mutating func draw(count: Int, minSeparationDeg: Double) -> [Bearing] {
        var chosen: [Bearing] = []
        while chosen.count < count {
            if remaining.isEmpty { refill() }
            let fitting = remaining.firstIndex { candidate in
                chosen.allSatisfy { $0.separation(from: candidate) >= minSeparationDeg }
            }
            chosen.append(remaining.remove(at: fitting ?? 0))
        }
        return chosen
    }

    private mutating func refill() {
        remaining = list
        generator.shuffle(&remaining)
    }
}
