// The break screen's words between conditions: what was finished and how long the break has lasted.
import Foundation
import Localization

enum BreakWording {
    /// "Well done — you have finished “Two targets”." (a condition's label is a name, not a subject of "is").
    static func finished(_ label: String?) -> String {
        guard let label, !label.isEmpty else { return Translation.gettext("Well done — this part is finished.") }
        return Translation.gettext("Well done — you have finished “{label}”.", ["label": label])
    }

    /// The break's length so far, "0:05 so far", "12:40 so far", for the supervisor.
    static func timer(seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        return Translation.gettext(
            "{time} so far", ["time": String(format: "%d:%02d", whole / 60, whole % 60)])
    }

    /// What the supervisor can do at a break.
    static var hint: String {
        Translation.gettext(
            "Enter or gamepad A: start the next condition · Esc or P: end the session here (all is saved)")
    }
}
