// The one bot that answers every questionnaire in `simulate … --answer-ratings`: the session ratings and a plan's instruments.
import Foundation
import GameCore
import StudyKit
import StudyRecords

/// Answers like a patient would, so the ratings and questionnaire analyses are tested end to end without a person.
/// The same participant and seed (and for an instrument the same instrument, moment and session) give the same
/// answers.
///
/// - The session ratings (`init(ratingsOf:seed:)`, one bot per session): each participant has a stable tinnitus
///   loudness between 0.3 and 0.7; sessions vary around it; after a session loudness and distress are a little
///   lower on average (the effect a training study hopes for); about one question in twelve is skipped.
/// - An instrument (`init(participant:instrument:moment:sessionIndex:seed:)`, one bot per sitting): each
///   participant has a stable distress between 0.3 and 0.8 of a scale's range; a follow-up or periodic
///   administration is lower by an amount of its own, varying by participant; a scored item's answer is the option
///   or value nearest that level plus noise; unscored items are answered at random and about one in ten is skipped
///   (scored items never are, so each administration has its total).
package struct QuestionnaireBot {
    /// Who the bot plays: a patient rating their tinnitus now, or one answering an instrument.
    private enum Patient {
        /// The participant's usual loudness and this session's deviation from it (shared by before and after).
        case rating(baseLoudness: Double, sessionOffset: Double)
        /// The participant's distress at this administration, 0…1 of a scale's range.
        case instrument(level: Double)
    }

    private var random: SeededRandom
    private let patient: Patient

    /// The bot of one session's ratings, before and after.
    package init(ratingsOf participant: String, seed: UInt64) {
        var participantRandom = SeededRandom(seed: Self.stableHash(participant))
        let baseLoudness = 0.3 + 0.4 * participantRandom.unitDouble()
        random = SeededRandom(seed: seed ^ Self.stableHash(participant))
        patient = .rating(baseLoudness: baseLoudness, sessionOffset: 0.08 * random.gaussian())
    }

    /// The bot of one sitting of an instrument.
    package init(participant: String, instrument: String, moment: QuestionnaireMoment, sessionIndex: Int?, seed: UInt64)
    {
        var participantRandom = SeededRandom(seed: Self.stableHash(participant) ^ 0x51_7cc1_b727_220a)
        let base = 0.3 + 0.5 * participantRandom.unitDouble()
        let improvement = 0.05 + 0.2 * participantRandom.unitDouble()
        random = SeededRandom(
            seed: seed ^ Self.stableHash("\(participant)/\(instrument)/\(moment.rawValue)/\(sessionIndex ?? 0)"))
        patient = .instrument(
            level: min(1, max(0, base - (moment == .baseline || moment == .onRequest ? 0 : improvement))))
    }

    static let ratingSkipProbability = 1.0 / 12
    static let instrumentSkipProbability = 0.1

    /// The answers to every rating item of `moment`, in codebook order (nil = skipped).
    package mutating func answers(for items: [RatingItem], moment: RatingMoment) -> [(RatingItem, Double?)] {
        guard case .rating(let baseLoudness, let sessionOffset) = patient else { return items.map { ($0, nil) } }
        let loudness = clamp(baseLoudness + sessionOffset + normal(0.03) - (moment == .after ? 0.05 : 0))
        return items.map { item in
            if random.unitDouble() < Self.ratingSkipProbability { return (item, nil) }
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

    /// Answers every item the sitting still asks, two seconds apart from `start`.
    package mutating func answer(_ sitting: QuestionnaireSitting, from start: Date) throws {
        var time = start
        while let item = sitting.nextItem {
            try sitting.answer(
                item, answer(item, scored: sitting.instrument.scoring?.items.contains(item.id) ?? false),
                at: time)
            time += 2
        }
        try sitting.finishIfNothingLeft(at: time)
    }

    private mutating func answer(_ item: Instrument.Item, scored: Bool) -> QuestionnaireAnswer? {
        guard case .instrument(let level) = patient else { return nil }
        if !scored, random.unitDouble() < Self.instrumentSkipProbability { return nil }
        let position = scored ? min(1, max(0, level + 0.15 * random.gaussian())) : random.unitDouble()
        switch item.kind {
        case .singleChoice(let options):
            let byValue = options.sorted { $0.value < $1.value }
            return .number(byValue[min(byValue.count - 1, Int(position * Double(byValue.count)))].value)
        case .multipleChoice(let options):
            let chosen = options.filter { _ in random.unitDouble() < 0.4 }.map(\.value)
            return .choices(chosen.isEmpty ? [options[0].value] : chosen)
        case .slider(let low, let high, _, _):
            return .number(((low + position * (high - low)) * 1000).rounded() / 1000)
        case .number(let low, let high, _):
            return .number(min(high, max(low, (low + position * (high - low)).rounded())))
        case .date:
            return .day(
                String(
                    format: "%04d-%02d-%02d", 2010 + Int(position * 14), 1 + Int(random.unitDouble() * 12) % 12,
                    1 + Int(random.unitDouble() * 28) % 28))
        case .text:
            return .text("simulated answer")
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
