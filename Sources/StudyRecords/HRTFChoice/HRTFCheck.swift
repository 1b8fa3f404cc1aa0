// "Did it help?": the short localization check after an HRTF choice, the chosen set against the standard one.
import Foundation
import GameCore
import Localization

/// The check right after a choice (issue 43): 12 one-animal rounds in four blocks of three, heard through the
/// chosen set (A) or the standard set (B) in the order ABBA or BAAB — even seeds ABBA, odd BAAB, so over
/// participants each set is heard first as often. The two blocks of a set are one condition (`your-sound`,
/// `standard`), so they share its deck of directions: each set is heard once from each of the six directions
/// 60° apart, front and back among them, in an order drawn from the session's placement seed. Each condition fixes
/// its set (`Condition.hrtf`): the session reopens its audio between blocks and every trials.csv row names the
/// set it was heard through. No feedback (a check measures), no questionnaire.
public enum HRTFCheck {
    public static let protocolName = "hrtf-check"
    public static let roundsPerBlock = 3
    public static let bearingsDeg = [0.0, 60, 120, 180, 240, 300]
    /// The condition names as logged.
    public static let chosenCondition = "your-sound"
    public static let standardCondition = "standard"

    /// Whether this seed starts with the chosen set (ABBA) or the standard one (BAAB).
    public static func startsWithChosen(seed: UInt64) -> Bool { seed % 2 == 0 }

    public static func makeProtocol(chosen: String, standard: String, seed: UInt64) -> StudyProtocol {
        let a = StudyProtocol.Condition(
            name: chosenCondition, level: .oneTarget, repetitions: roundsPerBlock, hrtf: chosen)
        let b = StudyProtocol.Condition(
            name: standardCondition, level: .oneTarget, repetitions: roundsPerBlock, hrtf: standard)
        // A condition listed twice is two blocks of it (a protocol file may not do this; its names are unique).
        return StudyProtocol(
            name: protocolName, description: "Did the chosen HRTF set help? \(chosen) against \(standard).",
            seed: seed, order: .fixed, blocked: true, bearingsDeg: bearingsDeg,
            conditions: startsWithChosen(seed: seed) ? [a, b, b, a] : [b, a, a, b], feedback: .off)
    }
}

/// How the participant did with each set in a check: mean absolute error and front-back reversals (the trials.csv
/// `front_back_reversal`, outside the lateral zone), skipped targets left out.
public struct HRTFCheckResult: Sendable, Equatable {
    public struct Side: Sendable, Equatable {
        public var hrtf: String
        public var trials: Int
        public var meanAbsoluteErrorDeg: Double
        public var reversals: Int
    }

    public var chosen: Side
    public var standard: Side

    /// `hrtfOfCondition`: each condition's set, as the protocol fixed it.
    public init(trials: [TrialResult], hrtfOfCondition: [String: String], chosen: String, standard: String) {
        func side(_ name: String) -> Side {
            let own = trials.filter { !$0.skipped && hrtfOfCondition[$0.condition] == name }
            let mean = own.isEmpty ? 0 : own.map(\.absDeviationDeg).reduce(0, +) / Double(own.count)
            return Side(
                hrtf: name, trials: own.count, meanAbsoluteErrorDeg: mean,
                reversals: own.filter(\.frontBackReversal).count)
        }
        self.chosen = side(chosen)
        self.standard = side(standard)
    }

    /// What the patient reads (and hears read aloud): both sets in whole degrees and counted mix-ups, then which
    /// did better when the mean errors differ by more than 5° (a check of 6 targets a set says no more).
    public var sentences: [String] {
        func times(_ count: Int) -> String { Translation.ngettext("{count} time", "{count} times", count) }
        let comparison = Translation.gettext(
            "With your sound you were off by {chosen_deg}° on average and mixed up front and back {chosen_times}; with the standard sound {standard_deg}° and {standard_times}.",
            [
                "chosen_deg": String(Int(chosen.meanAbsoluteErrorDeg.rounded())),
                "chosen_times": times(chosen.reversals),
                "standard_deg": String(Int(standard.meanAbsoluteErrorDeg.rounded())),
                "standard_times": times(standard.reversals),
            ])
        let difference = chosen.meanAbsoluteErrorDeg - standard.meanAbsoluteErrorDeg
        let verdict =
            difference < -5
            ? Translation.gettext("Your sound helped: with it you found the animals more precisely.")
            : difference > 5
                ? Translation.gettext(
                    "With the standard sound you found the animals more precisely. You can choose again at any time with \"Find my sound\"."
                )
                : Translation.gettext("Both sounds worked about equally well for you.")
        return [comparison, verdict]
    }
}
