// Esc during the hearing test: stop without saving (Enter), or go on with the test (Esc again)?
import GameCore

final class HearingTestStopController: HearingScreen {
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .activate { try app.perform(app.flow.quit()) }
        if command == .back {
            app.hearing?.resumeTest(now: app.clock.now().seconds)
            try app.perform(app.flow.hearingTestResumed())
        }
    }

    func draw(app: GameApp) {
        app.painter.startHearingFrame()
        app.painter.drawHearingTestStop()
    }
}
