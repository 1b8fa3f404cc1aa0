// The bot that answers a plan's questionnaires in `simulate --plan … --answer-ratings`: seeded, plausible, less distressed after training.
import Foundation
import GameCore
import StudyKit
import StudyRecords

/// Answers an instrument like a patient would, so the questionnaire analysis is tested end to end without a person.
/// Each participant (by ID) has a stable distress between 0.3 and 0.8 of a scale's range; a follow-up or periodic
/// administration is lower by an amount of its own (what a training study hopes for), varying by participant; a
/// scored item's answer is the option or value nearest that level plus noise; unscored items are answered at random
/// and about one in ten is skipped (scored items are never skipped, so each administration has its total). The same
/// participant, instrument, moment, session and seed give the same answers.
package struct QuestionnaireBot {
    private var random: SeededRandom
    private let level: Double

    package init(participant: String, instrument: String, moment: QuestionnaireMoment, sessionIndex: Int?, seed: UInt64)
    {
        var participantRandom = SeededRandom(seed: RatingBot.stableHash(participant) ^ 0x51_7cc1_b727_220a)
        let base = 0.3 + 0.5 * participantRandom.unitDouble()
        let improvement = 0.05 + 0.2 * participantRandom.unitDouble()
        random = SeededRandom(
            seed: seed ^ RatingBot.stableHash("\(participant)/\(instrument)/\(moment.rawValue)/\(sessionIndex ?? 0)"))
        level = min(1, max(0, base - (moment == .baseline || moment == .onRequest ? 0 : improvement)))
    }

    static let skipProbability = 0.1

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
        if !scored, random.unitDouble() < Self.skipProbability { return nil }
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
}
