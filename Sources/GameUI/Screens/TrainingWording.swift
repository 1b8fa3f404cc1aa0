// A training photo's feedback and the patient's progress in the run's language: SessionRuntime keeps the numbers
// (points, streaks, medians), the window says them.
import Foundation
import GameCore
import Localization
import SessionRuntime
import StudyRecords

enum TrainingWording {
    static func score(_ points: Int) -> String {
        Translation.ngettext("Score: {count} point", "Score: {count} points", points)
    }

    /// The difficulty in the player's words: "zone 45°", "background −12 dB", "sound 1.5 s", "animals 25° apart",
    /// "calls 2.5 octaves wide".
    static func difficulty(_ parameter: DifficultyParameter, _ value: Double) -> String {
        let language = Translation.language
        switch parameter {
        case .hitToleranceDeg:
            return Translation.gettext("zone {degrees}°", ["degrees": String(format: "%.0f", value)])
        case .backgroundGainDB:
            return Translation.gettext(
                "background {level} dB", ["level": language.number(String(format: "%+.0f", value))])
        case .stimulusDurationS:
            return Translation.gettext("sound {seconds} s", ["seconds": language.number(String(format: "%.1f", value))])
        case .minSeparationDeg:
            return Translation.gettext("animals {degrees}° apart", ["degrees": String(format: "%.0f", value)])
        case .stimulusBandwidthOct:
            return Translation.gettext(
                "calls {octaves} octaves wide", ["octaves": language.number(String(format: "%.1f", value))])
        }
    }

    /// A short word after the verdict (never a second verdict, never blaming): a run of hits, or after a miss what to
    /// try, fitted to how far off the photo was (`TrainingFeedback.encouragement`'s choice, in words).
    static func encouragement(_ feedback: TrainingFeedback) -> String {
        if feedback.hit {
            switch feedback.streak {
            case 5...:
                return Translation.gettext("{count} in a row. Sharp ears!", ["count": String(feedback.streak)])
            case 2...4:
                return Translation.gettext("{count} in a row. Keep it up!", ["count": String(feedback.streak)])
            default: return ""
            }
        }
        if feedback.wasBehind {
            return Translation.gettext("It was behind you: turn right round, then listen which ear hears it louder.")
        }
        if abs(feedback.deviationDeg) > 45 {
            return Translation.gettext("Listen which ear hears it louder, and turn that way until both are equal.")
        }
        return Translation.gettext("Nearly: turn a little further before the photo.")
    }

    /// What changed since the last session (`PatientProgress.latestMedians`), nil for a first session.
    static func sinceLastTime(_ progress: PatientProgress) -> String? {
        guard progress.sinceLastTime != nil, progress.latestMedians.count == 2 else { return nil }
        let (before, now) = (progress.latestMedians[0], progress.latestMedians[1])
        let change = before - now
        let values = [
            "change": String(format: "%.0f", change), "now": String(format: "%.0f", now),
            "before": String(format: "%.0f", before),
        ]
        if change >= 2 {
            return Translation.gettext(
                "Your photos were {change}° closer than last time (typically {now}° off, was {before}°).", values)
        }
        if change <= -2 {
            return Translation.gettext(
                "Typically {now}° off today, {before}° last time: some days are harder, keep going.", values)
        }
        return Translation.gettext("About as close as last time (typically {now}° off).", values)
    }
}
