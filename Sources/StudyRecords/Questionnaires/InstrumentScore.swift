// Scoring an administration of an instrument: item scores (reverse keys), total, subscales, missing items, band.
import Foundation

/// The score of one administration as the instrument's `scoring` defines it. Answers are by item id; a
/// skipped or unshown item is absent (or nil).
public struct InstrumentScore: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        /// nil when more items are missing than the rule prorates.
        public var value: Double?
        public var answered: Int
        public var missing: Int
        /// True when missing items were prorated.
        public var prorated: Bool
    }

    public var total: Part
    public var subscales: [String: Part]
    /// The interpretation band of the total (nil without a total or without bands).
    public var band: String?

    /// Scores `answers`; nil when the instrument has no scoring.
    public static func of(_ instrument: Instrument, answers: [String: Double?]) -> InstrumentScore? {
        guard let scoring = instrument.scoring else { return nil }
        func itemScore(_ id: String) -> Double? {
            guard let answer = answers[id] ?? nil, let range = instrument.item(id)?.kind.scoreRange else { return nil }
            return scoring.reverse.contains(id) ? range.lowerBound + range.upperBound - answer : answer
        }
        func part(_ ids: [String]) -> Part {
            let scores = ids.compactMap(itemScore)
            let missing = ids.count - scores.count
            guard !scores.isEmpty, missing <= scoring.prorateMaxMissing else {
                return Part(value: nil, answered: scores.count, missing: missing, prorated: false)
            }
            let sum = scores.reduce(0, +)
            let value: Double
            switch scoring.total {
            case .sum: value = missing == 0 ? sum : sum * Double(ids.count) / Double(scores.count)
            case .mean: value = sum / Double(scores.count)
            }
            return Part(value: value, answered: scores.count, missing: missing, prorated: missing > 0)
        }
        let total = part(scoring.items)
        let band = total.value.flatMap { value in scoring.bands.last { $0.min <= value }?.label }
        return InstrumentScore(
            total: total,
            subscales: Dictionary(uniqueKeysWithValues: scoring.subscales.map { ($0.id, part($0.items)) }),
            band: band)
    }

    /// The Jacobson–Truax (1991) reliable change index of a change `after − before` in the total: the change over
    /// the standard error of the difference, SE_diff = √2 · SD · √(1 − r). nil when the instrument declares no
    /// reliability and SD. |RCI| > 1.96 is a reliable change at the 5 % level.
    public static func reliableChangeIndex(_ instrument: Instrument, before: Double, after: Double) -> Double? {
        guard let r = instrument.scoring?.reliability, let sd = instrument.scoring?.standardDeviation, r < 1, sd > 0
        else { return nil }
        return (after - before) / (2.0.squareRoot() * sd * (1 - r).squareRoot())
    }
}
