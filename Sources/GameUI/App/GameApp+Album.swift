// "My album" of the main menu and of a training session's end screen: the best photo of each training session of
// the participant's plan, read from the logs.
import CSDL2
import Foundation
import SessionRuntime
import StudyKit
import StudyRecords

extension GameApp {
    /// Opens the album of the participant typed or picked in the menu; a sentence on the menu when there is none.
    func showAlbumFromMenu() throws {
        let participant = MainMenu.settings(from: mainMenu).participant
        if let problem = ParticipantID.problem(with: participant) {
            menuMessage = "Participant ID: \(problem). Type your pseudonym to see your album."
            mainMenu.focus(on: "participant")
            updateTextEntry()
            return
        }
        if let problem = loadAlbum(participant: participant) {
            menuMessage = problem
            return
        }
        try perform(flow.albumShown())
    }

    /// The end screen's "My album" (M, gamepad X or its button): the album, and back to the end screen after it.
    func showAlbumFromEnd() throws {
        guard training?.endAlbumPhotos ?? 0 > 0, loadAlbum(participant: settings.participant) == nil else { return }
        try perform(flow.albumShown())
    }

    /// Reads the participant's album into `albumPages`; the sentence saying why there is none otherwise.
    private func loadAlbum(participant: String) -> String? {
        let album: [PatientProgress.AlbumPhoto]
        do {
            let id = try ParticipantID(participant)
            guard let assigned = try AssignedPlan.current(logs: options.logs, participant: id) else {
                return
                    "\(participant) has no training plan yet: the album collects the best photo of each training session."
            }
            // Read from the logs each time (PatientProgress): a killed and resumed session's photos are in it.
            album = try PatientProgress.read(logs: options.logs, participant: id, assigned: assigned).album
        } catch {
            return "\(error)"
        }
        guard !album.isEmpty else {
            return "No photos in \(participant)'s album yet: a hit in a training session puts its best photo there."
        }
        albumPages = album.reversed().prefix(AlbumPage.perScreen).map { photo in
            let name =
                (audio?.catalog.entries(role: .target).first { $0.name == photo.target }?.displayName ?? photo.target)
                .lowercased()
            return AlbumPage(
                picture: SDLTexture(imageAt: photo.picture.path, window: window),
                caption: String(
                    format: "Session %d: the %@, %.0f° off", photo.sessionIndex, name, photo.absDeviationDeg))
        }
        albumNote =
            album.count > AlbumPage.perScreen
            ? "\(album.count) photos, the best of each session with a hit; the \(AlbumPage.perScreen) newest shown."
            : "\(album.count) photo\(album.count == 1 ? "" : "s"): the best of each session with a hit."
        return nil
    }

    func drawAlbum() {
        painter.drawAlbum(
            albumPages, note: albumNote, footer: ContinueFooter.of(.album, albumFromSummary: flow.albumFromSummary),
            backLabel: flow.albumFromSummary ? "Back to today's session" : "Back to the menu")
    }
}
