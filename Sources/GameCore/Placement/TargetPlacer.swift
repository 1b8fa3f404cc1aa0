// Draws the bearings of every round's targets from a seed: balanced within each condition, never closer than the minimum.

/// Why a placement is impossible.
public enum PlacementError: Error, Equatable, CustomStringConvertible {
    case separationTooLarge(targets: Int, minSeparationDeg: Double)
    case emptyBearingList
    /// No `targets` bearings of the list are pairwise `minSeparationDeg` apart.
    case bearingListTooClose(targets: Int, minSeparationDeg: Double)

    public var description: String {
        switch self {
        case .separationTooLarge(let targets, let separation):
            return "\(targets) targets cannot be \(separation)° apart on a 360° circle; "
                + "lower the protocol's minimum separation to at most \(360 / Double(targets))°."
        case .emptyBearingList:
            return "The protocol's bearing list is empty; give at least one bearing or remove the list."
        case .bearingListTooClose(let targets, let separation):
            return "no \(targets) of its bearings are at least \(separation)° (min_separation_deg) apart; "
                + "add bearings further apart or lower min_separation_deg"
        }
    }
}

/// Places all targets of a session at once, so a resumed session (same seed) gets the same bearings
/// for the rounds it has still to play.
///
/// Directions are balanced within each condition: every condition draws from its own deck of directions,
/// each used once before any is used again. The deck is the protocol's `bearings_deg` when given, else the
/// eight 45° sectors of the circle (0° ± 22.5°, 45° ± 22.5°, …), a target lying uniformly inside its sector.
/// The targets of a round are always at least the minimum separation apart: a round takes the first
/// directions of the deck that fit together, and only when the rest of the deck holds no such set does it
/// also take from the next shuffled deck (so counts within a condition stay within one or two of each other).
public enum TargetPlacer {
    /// Width of a sector of the uniform placement's deck.
    static let sectorDeg = 45.0

    /// Bearings for each round's targets (`result[i]` for `rounds[i]`, one per target sound).
    /// The same rounds, rule and seed always give the same bearings.
    public static func place(rounds: [RoundPlan], rule: PlacementRule, seed: UInt64) throws -> [[Bearing]] {
        if let list = rule.bearingList, list.isEmpty { throw PlacementError.emptyBearingList }
        for count in Set(rounds.map(\.targetSounds.count)) where count > 1 {
            if let list = rule.bearingList {
                guard hasFittingSet(of: count, in: list, minSeparationDeg: rule.minSeparationDeg) else {
                    throw PlacementError.bearingListTooClose(targets: count, minSeparationDeg: rule.minSeparationDeg)
                }
            } else if Double(count) * rule.minSeparationDeg > 360 {
                throw PlacementError.separationTooLarge(targets: count, minSeparationDeg: rule.minSeparationDeg)
            }
        }
        var decks: [String: DirectionDeck] = [:]
        var jitter = SeededRandom(seed: seed, stream: 0x5EC7)
        return rounds.map { plan in
            let count = plan.targetSounds.count
            var deck =
                decks[plan.condition]
                ?? DirectionDeck(
                    directions: rule.bearingList ?? sectorCentres,
                    generator: SeededRandom(seed: seed, stream: stream(of: plan.condition)))
            defer { decks[plan.condition] = deck }
            guard rule.bearingList == nil else {
                return deck.draw(count: count, minSeparationDeg: rule.minSeparationDeg)
            }
            guard hasFittingSet(of: count, in: sectorCentres, minSeparationDeg: rule.minSeparationDeg) else {
                // E.g. three targets 120° apart: no three sector centres are; spread them evenly instead.
                return uniform(count: count, minSeparationDeg: rule.minSeparationDeg, using: &jitter)
            }
            // Sectors: centres at least the separation apart, then a uniform position inside each sector
            // that keeps the separation (the centres themselves do, should every draw fail).
            let centres = deck.draw(count: count, minSeparationDeg: rule.minSeparationDeg)
            for _ in 0..<100 {
                let placed = centres.map { $0.rotated(by: jitter.uniform(-sectorDeg / 2...sectorDeg / 2)) }
                if separated(placed, by: rule.minSeparationDeg) { return placed }
            }
            return centres
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

    /// `count` bearings whose closest pair is between `band`'s bounds apart (training on separation): a chain
    /// from a uniform start, each next target a separation from the band further on, one side or the other,
    /// kept when no two targets are closer than the band's lower bound. The caller keeps
    /// `count · band.lowerBound` within the circle; should sampling keep failing, the targets are spread evenly.
    public static func separatedInBand(count: Int, band: ClosedRange<Double>, using generator: inout SeededRandom)
        -> [Bearing]
    {
        for _ in 0..<1000 {
            var chosen = [Bearing(degrees: generator.unitDouble() * 360)]
            let side = generator.unitDouble() < 0.5 ? -1.0 : 1.0
            while chosen.count < count, let last = chosen.last {
                chosen.append(last.rotated(by: side * generator.uniform(band)))
            }
            if separated(chosen, by: band.lowerBound) { return chosen }
        }
        let start = generator.unitDouble() * 360
        return (0..<count).map { Bearing(degrees: start + Double($0) * 360 / Double(count)) }
    }

    /// Whether some `count` bearings of `list` are pairwise at least `minSeparationDeg` apart.
    public static func hasFittingSet(of count: Int, in list: [Bearing], minSeparationDeg: Double) -> Bool {
        fittingIndices(count: count, in: list, minSeparationDeg: minSeparationDeg, chosen: []) != nil
    }

    static let sectorCentres = stride(from: 0.0, to: 360, by: sectorDeg).map { Bearing(degrees: $0) }

    static func separated(_ bearings: [Bearing], by minSeparationDeg: Double) -> Bool {
        for (i, a) in bearings.enumerated() {
            for b in bearings[(i + 1)...] where a.separation(from: b) < minSeparationDeg { return false }
        }
        return true
    }

    /// The first (in list order, depth first) `count` indices of `list` whose bearings fit together with `chosen`.
    static func fittingIndices(count: Int, in list: [Bearing], minSeparationDeg: Double, chosen: [Int]) -> [Int]? {
        if chosen.count == count { return chosen }
        let start = (chosen.last ?? -1) + 1
        guard start < list.count else { return nil }
        for index in start..<list.count
        where chosen.allSatisfy({ list[$0].separation(from: list[index]) >= minSeparationDeg }) {
            if let found = fittingIndices(
                count: count, in: list, minSeparationDeg: minSeparationDeg, chosen: chosen + [index])
            {
                return found
            }
        }
        return nil
    }

    /// A stream per condition name (FNV-1a), so a condition's deck does not depend on the other conditions.
    static func stream(of condition: String) -> UInt64 {
        condition.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}

/// One condition's directions as a shuffled deck: each is used once before any is used again.
struct DirectionDeck {
    let directions: [Bearing]
    var generator: SeededRandom
    var remaining: [Bearing] = []

    init(directions: [Bearing], generator: SeededRandom) {
        self.directions = directions
        self.generator = generator
    }

    /// The next `count` directions that are pairwise `minSeparationDeg` apart, taken as early in the deck as
    /// possible (the skipped ones stay for later rounds). When the rest of the deck has no fitting set, a new
    /// shuffled deck is put behind it; the caller has checked that a whole deck has one.
    mutating func draw(count: Int, minSeparationDeg: Double) -> [Bearing] {
        guard count > 0 else { return [] }
        if remaining.isEmpty { refill() }
        var found = TargetPlacer.fittingIndices(
            count: count, in: remaining, minSeparationDeg: minSeparationDeg, chosen: [])
        if found == nil {
            refill()
            found = TargetPlacer.fittingIndices(
                count: count, in: remaining, minSeparationDeg: minSeparationDeg, chosen: [])
        }
        // Unreachable after the caller's check; taking the first ones beats a crash in a participant's session.
        let indices = found ?? Array(0..<min(count, remaining.count))
        let chosen = indices.map { remaining[$0] }
        for index in indices.sorted(by: >) { remaining.remove(at: index) }
        return chosen
    }

    private mutating func refill() {
        var deck = directions
        generator.shuffle(&deck)
        remaining += deck
    }
}
