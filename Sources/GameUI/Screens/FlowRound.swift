// What the screen flow needs to know about one planned round: its condition and how many photos it takes.
import GameCore
import Localization
import StudyRecords

/// One round as the screens see it (the session driver owns the real round: level, bearings, sounds).
struct FlowRound: Equatable, Sendable {
    /// The condition name as logged, e.g. `two-targets-background`.
    var condition: String
    /// How many targets (photos) the round has.
    var targets: Int

    /// The condition as a person reads it: "two targets with background".
    var label: String { FlowRound.label(for: condition) }

    static func label(for condition: String) -> String {
        switch condition {
        // The check after "Find my sound" (`HRTFCheck`): which sound the round was heard with.
        case HRTFCheck.chosenCondition: return Translation.gettext("your sound")
        case HRTFCheck.standardCondition: return Translation.gettext("standard sound")
        default:
            return LevelKind(rawValue: condition).map(GameWording.level)
                ?? condition.replacingOccurrences(of: "-", with: " ")
        }
    }
}
