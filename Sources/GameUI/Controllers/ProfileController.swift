// The hearing profile: audiogram per ear and tinnitus pitch (`profile show --window`, and after a procedure).
import GameCore

final class ProfileController: HearingScreen {
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back || command == .activate { try app.perform(app.flow.continuePressed()) }
    }

    func draw(app: GameApp) {
        app.painter.startHearingFrame()
        guard let hearing = app.hearing else { return }
        app.painter.drawProfile(hearing.profile, participant: hearing.participant, message: hearing.message)
    }
}
