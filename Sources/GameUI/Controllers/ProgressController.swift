// "My progress" of the main menu: the participant's chart over their sessions, saved as progress.png.
import Foundation
import GameCore

/// The progress screen: the chart the menu drew (`GameApp.loadProgressChart`, shared with a training session's
/// end screen) and where it was saved; continue goes back to the menu.
final class ProgressController: ScreenController {
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if ContinueFooter.of(.progress)?.answers(command) == true { try app.perform(app.flow.continuePressed()) }
    }

    func sentence(app: GameApp) -> String? { "Your progress." }

    func draw(app: GameApp) {
        let folder = GameApp.folderForPeople(app.progressFile.deletingLastPathComponent())
        app.painter.drawResult(
            heading: "Your progress", picture: app.progressChart, lines: ["Saved as progress.png in \(folder)."],
            continueHint: "Back to the menu", footer: ContinueFooter.of(.progress), buttonID: "back")
    }
}
