// "My progress" of the main menu: the participant's chart over their sessions, saved as progress.png.
import Foundation
import GameCore
import Localization
import StudyKit
import StudyRecords

/// The progress screen: the chart the menu drew (`ProgressPicture`, shared with a training session's end screen)
/// and where it was saved; continue goes back to the menu.
final class ProgressController: ScreenController {
    private let chart: SDLTexture?
    /// Where the chart was saved (named on the screen: "your folder" is no place a patient can find).
    private let file: URL?

    init(chart: SDLTexture? = nil, file: URL? = nil) {
        self.chart = chart
        self.file = file
    }

    /// The menu's My progress: the chart of the participant typed or picked there (also saved as progress.png), or
    /// a sentence under the menu saying why there is none.
    static func open(app: GameApp) throws {
        let participant = app.menu.participant
        if let problem = ParticipantID.problem(with: participant) {
            return app.refuseFromMenu(
                Translation.gettext(
                    "Participant ID: {problem}. Type your pseudonym to see your progress.", ["problem": problem]),
                focusParticipant: true)
        }
        let chart: SDLTexture?
        do { chart = try app.progressChart(participant: participant) } catch {
            return app.refuseFromMenu("\(error)", focusParticipant: false)
        }
        let file = ProgressPicture.url(logs: app.options.logs, participant: participant).standardizedFileURL
        try app.show(ProgressController(chart: chart, file: file), after: app.flow.progressShown())
    }

    func footer(app: GameApp) -> ContinueFooter? { .back() }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        try continueIfFooterAnswers(command, app: app)
    }

    func sentence(app: GameApp) -> String? { Translation.gettext("Your progress.") }

    func draw(app: GameApp) {
        let folder = file.map { GameApp.folderForPeople($0.deletingLastPathComponent()) } ?? ""
        app.painter.drawResult(
            heading: Translation.gettext("Your progress"), picture: chart,
            lines: [Translation.gettext("Saved as progress.png in {folder}.", ["folder": folder])],
            continueHint: Translation.gettext("Back to the menu"), footer: .back(), buttonID: "back")
    }
}
