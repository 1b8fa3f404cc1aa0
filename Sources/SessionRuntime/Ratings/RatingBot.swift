// The bot that answers the questionnaire in `simulate --answer-ratings`: plausible, seeded, sometimes skipping.
import Foundation
import GameCore
import StudyKit
import StudyRecords

/// Answers like a patient would, so the ratings analysis is tested end to end without a person: each
/// participant (by ID) has a stable tinnitus loudness between 0.3 and 0.7; sessions vary around it; after a
/// session loudness and distress are a little lower on average (the effect a training study hopes for);
/// about one question in twelve is skipped. The same participant and seed give the same answers.
package struct RatingBot {
    private var random: SeededRandom
    private let baseLoudness: Double
    /// This session's deviation from the participant's usual loudness (shared by before and after).
    private let sessionOffset: Double

    package init(participant: String, seed: UInt64) {
        var participantRandom = SeededRandom(seed: Self.stableHash(participant))
        baseLoudness = 0.3 + 0.4 * participantRandom.unitDouble()
        random = SeededRandom(seed: seed ^ Self.stableHash(participant))
        sessionOffset = 0.08 * random.gaussian()
    }

    static let skipProbability = 1.0 / 12

    /// The answers to every item of `moment`, in codebook order (nil = skipped).
    package mutating func answers(for items: [RatingItem], moment: RatingMoment) -> [(RatingItem, Double?)] {
        let loudness = clamp(baseLoudness + sessionOffset + normal(0.03) - (moment == .after ? 0.05 : 0))
        return items.map { item in
            if random.unitDouble() < Self.skipProbability { return (item, nil) }
            let value: Double
            switch item.id {
            case "tinnitus_noticed": value = random.unitDouble() < 0.15 + 0.8 * loudness ? 1 : 0
            case "tinnitus_loudness": value = loudness
            case "tinnitus_distress": value = clamp(0.8 * loudness + normal(0.1))
            case "mood": value = manikin(5.5 - 2 * (loudness - 0.5) + normal(1))
            case "arousal": value = manikin(4 + normal(1.2))
            case "stress": value = clamp(0.35 + 0.3 * (loudness - 0.5) + normal(0.12))
            default: value = clamp((moment == .after ? 0.7 : 0.6) + normal(0.12))
            }
            return (item, item.accepts(value) ? value : clamp(value))
        }
    }

    private func clamp(_ value: Double) -> Double { (min(1, max(0, value)) * 1000).rounded() / 1000 }

    private func manikin(_ value: Double) -> Double { min(9, max(1, value.rounded())) }

    private mutating func normal(_ sd: Double) -> Double { sd * random.gaussian() }

    /// FNV-1a: the same ID gives the same participant in every run (Swift's hashValue is randomised).
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
