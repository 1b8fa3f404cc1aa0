// The pitch match's first screen when `--probe` is not given: does the tinnitus sound like a tone or a noise?
import GameCore

final class PitchProbeController: HearingScreen {
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        // T: a tone or a whistle; N: a hiss or a rushing noise.
        let probe: PitchProbe? =
            switch command {
            case .tone: .tone
            case .heardNothing: .noise
            default: nil
            }
        if command == .back { try app.perform(app.flow.quit()) }
        guard let probe, let hearing = app.hearing else { return }
        hearing.chooseProbe(probe)
        try PitchMatchController.showQuestion(app: app)
    }

    func draw(app: GameApp) {
        app.painter.startHearingFrame()
        app.painter.drawPitchProbe()
    }
}
