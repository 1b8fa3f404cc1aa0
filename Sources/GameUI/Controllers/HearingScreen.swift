// What the hearing procedures' screens share: their buttons are their keys, they speak nothing, their tones rule.
import GameCore

/// A screen of `hearing-test`, `pitch-match` or `profile show --window`. Read aloud stays silent there (the tones
/// must be heard alone), and a click on one of its buttons is that button's key; a click elsewhere does nothing
/// (the hearing test makes the whole window "I hear it").
protocol HearingScreen: ScreenController {}

extension HearingScreen {
    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        if let command = app.painter.hearingButton(atX: x, y: y) { try handle(command, at: time, app: app) }
    }

    func stimulusSounds(app: GameApp) -> Bool { true }

    func sentence(app: GameApp) -> String? { nil }
}
