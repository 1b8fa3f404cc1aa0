// The summary screen's buttons: continue the session just quit, play again, or close the window.
import Localization

/// After a session the patient need not restart the app: "Continue" picks a quit session up at its next
/// target, "Play again" returns to the main menu (play only). "Close" has the focus, so the Enter that
/// dismissed the last result cannot start anything by accident.
enum SummaryMenu {
    static func model(canContinue: Bool, canPlayAgain: Bool) -> MenuModel {
        var items: [MenuItem] = []
        if canContinue { items.append(.button("continue", Translation.gettext("Continue this session"))) }
        if canPlayAgain { items.append(.button("again", Translation.gettext("Play again"))) }
        items.append(.button("close", Translation.gettext("Close")))
        return MenuModel(items, focus: "close")
    }

    /// The end screen's heading (the summary and a training session's end).
    static func heading(quitEarly: Bool) -> String {
        quitEarly
            ? Translation.gettext("Session paused — see you soon")
            : Translation.gettext("Session complete — thank you!")
    }

    /// The end screen's sentence read aloud.
    static func sentence(quitEarly: Bool) -> String {
        quitEarly
            ? Translation.gettext("Session paused. See you soon.") : Translation.gettext("Session complete. Thank you!")
    }
}
