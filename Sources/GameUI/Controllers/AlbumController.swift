// "My album" of the main menu and of a training session's end screen: the best photo of each training session of
// the participant's plan, read from the logs.
import CSDL2
import Foundation
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

/// The album screen: up to `perScreen` photos, newest first, three to a row, each with its session and how close
/// it was. Its pictures are textures that go with the controller when the album closes.
final class AlbumController: ScreenController {
    /// Six photos fit a 1280 × 720 window with their captions readable in large text.
    static let perScreen = 6

    /// One photo as the screen shows it: its picture (nil when the file is gone) and its caption.
    struct Page {
        let picture: SDLTexture?
        let caption: String
    }

    private var pages: [Page] = []
    private var note = ""
    /// Why there is no album to show (no plan, no photos yet, an unreadable log), for the screen that opened it.
    private(set) var problem: String?

    /// Reads `participant`'s album from the logs (each time: a killed and resumed session's photos are in it).
    init(participant: String, app: GameApp) {
        let album: [PatientProgress.AlbumPhoto]
        do {
            let id = try ParticipantID(participant)
            guard let assigned = try AssignedPlan.current(logs: app.options.logs, participant: id) else {
                problem = Translation.gettext(
                    "{participant} has no training plan yet: the album collects the best photo of each training session.",
                    ["participant": participant])
                return
            }
            album = try PatientProgress.read(logs: app.options.logs, participant: id, assigned: assigned).album
        } catch {
            problem = "\(error)"
            return
        }
        guard !album.isEmpty else {
            problem = Translation.gettext(
                "No photos in {participant}'s album yet: a hit in a training session puts its best photo there.",
                ["participant": participant])
            return
        }
        pages = album.reversed().prefix(Self.perScreen).map { photo in
            let name = GameWording.animal(
                photo.target,
                displayName: (app.audio?.catalog.entries(role: .target).first { $0.name == photo.target }?.displayName
                    ?? photo.target).lowercased())
            return Page(
                picture: SDLTexture(imageAt: photo.picture.path, window: app.window),
                caption: Translation.gettext(
                    "Session {session}: the {animal}, {degrees}° off",
                    [
                        "session": String(photo.sessionIndex), "animal": name,
                        "degrees": String(format: "%.0f", photo.absDeviationDeg),
                    ]))
        }
        note =
            album.count > Self.perScreen
            ? Translation.gettext(
                "{count} photos, the best of each session with a hit; the {shown} newest shown.",
                ["count": String(album.count), "shown": String(Self.perScreen)])
            : Translation.ngettext(
                "{count} photo: the best of each session with a hit.",
                "{count} photos: the best of each session with a hit.", album.count)
    }

    /// Opens the album of the participant typed or picked in the menu; a sentence on the menu when there is none.
    static func openFromMenu(app: GameApp) throws {
        let participant = app.menu.participant
        if let problem = ParticipantID.problem(with: participant) {
            return app.refuseFromMenu(
                Translation.gettext(
                    "Participant ID: {problem}. Type your pseudonym to see your album.", ["problem": problem]),
                focusParticipant: true)
        }
        let album = AlbumController(participant: participant, app: app)
        if let problem = album.problem { return app.refuseFromMenu(problem, focusParticipant: false) }
        try app.show(album, after: app.flow.albumShown())
    }

    /// The end screen's "My album" (M, gamepad X or its button): the album, and back to the end screen after it.
    static func openFromEnd(app: GameApp) throws {
        guard app.training?.end?.albumPhotos ?? 0 > 0 else { return }
        let album = AlbumController(participant: app.settings.participant, app: app)
        guard album.problem == nil else { return }
        try app.show(album, after: app.flow.albumShown())
    }

    func footer(app: GameApp) -> ContinueFooter? { .back(toEndScreen: app.flow.albumFromSummary) }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        try continueIfFooterAnswers(command, app: app)
    }

    func sentence(app: GameApp) -> String? {
        Translation.gettext("Your album: the best photo of each session.")
    }

    func draw(app: GameApp) {
        let painter = app.painter
        let (width, height) = (painter.width, painter.height)
        painter.window.clear()
        let top = painter.title(Translation.gettext("Your album"))
        let columns: Int32 = 3
        let rows = Int32(max(1, (min(pages.count, Self.perScreen) + Int(columns) - 1) / Int(columns)))
        let gap = painter.scaled(24)
        let captionPixels = painter.px(.body)
        let noteHeight =
            painter.text.wrappedHeight(note, width: width - painter.scaled(120), pixels: captionPixels)
            + painter.scaled(12)
        let areaHeight = height - top - painter.scaled(160) - noteHeight
        let cellWidth = (width - painter.scaled(80) - gap * (columns - 1)) / columns
        let cellHeight = areaHeight / rows - gap
        for (index, page) in pages.prefix(Self.perScreen).enumerated() {
            let column = Int32(index) % columns
            let row = Int32(index) / columns
            let x = painter.scaled(40) + column * (cellWidth + gap)
            let y = top + row * (cellHeight + gap)
            let captionHeight = captionPixels * 13 / 10 * 2
            var pictureHeight = max(painter.scaled(40), cellHeight - captionHeight - painter.scaled(6))
            if let picture = page.picture, picture.width > 0, picture.height > 0 {
                // The picture keeps its aspect ratio inside its cell.
                let scale = min(
                    Double(cellWidth) / Double(picture.width), Double(pictureHeight) / Double(picture.height))
                let w = Int32(Double(picture.width) * scale)
                let h = Int32(Double(picture.height) * scale)
                let target = SDL_Rect(x: x + (cellWidth - w) / 2, y: y, w: w, h: h)
                picture.draw(into: target)
                painter.window.outline(target, Theme.dimText)
                pictureHeight = h  // the caption right under the picture
            } else {
                painter.window.outline(SDL_Rect(x: x, y: y, w: cellWidth, h: pictureHeight), Theme.dimText)
            }
            painter.text.drawWrapped(
                page.caption, x: x + cellWidth / 2, y: y + pictureHeight + painter.scaled(6), width: cellWidth,
                pixels: captionPixels, align: .center)
        }
        painter.text.drawWrapped(
            note, x: width / 2, y: height - painter.scaled(150) - noteHeight, width: width - painter.scaled(120),
            pixels: captionPixels, color: Theme.dimText, align: .center)
        painter.continueButton(
            app.flow.albumFromSummary
                ? Translation.gettext("Back to today's session") : Translation.gettext("Back to the menu"),
            buttonID: "back")
        painter.hint(footer(app: app)?.text ?? "")
    }
}
