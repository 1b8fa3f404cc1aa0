// "My diary" in the window: the main menu opens it; each add or removal is appended to diary.csv at once.
import CSDL2
import Foundation
import GameCore
import Localization
import StudyKit
import StudyRecords

/// The diary screen: the participant's `DiaryPage` (list, add form, removal question) over their diary.csv.
final class DiaryController: ScreenController {
    private var page: DiaryPage
    private let log: DiaryLog?

    /// The diary of `participant` as it stands; a participant ID that is not valid or a log that cannot be read is
    /// `problem` (the menu says it and stays).
    init(participant: String, logs: URL) {
        page = DiaryPage(entries: [])
        guard let id = try? ParticipantID(participant) else {
            log = nil
            problem = Translation.gettext(
                "Participant ID: {problem}. Type your pseudonym to open your diary.",
                ["problem": ParticipantID.problem(with: participant) ?? Translation.gettext("not a participant ID")])
            return
        }
        let log = DiaryLog(logs: logs, participant: id)
        self.log = log
        do {
            page = DiaryPage(
                entries: DiaryState.current(try log.rows()),
                sessionDays: Self.sessionDays(logs: logs, participant: id))
        } catch { problem = "\(error)" }
    }

    /// The day, in this computer's time zone (the patient's own day, as the diary's), each session of the participant
    /// started: from its folder's name, the UTC start time (a folder without a readable session.json was no session).
    static func sessionDays(logs: URL, participant: ParticipantID) -> [String] {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return PastSession.all(logs: logs, participant: participant).compactMap {
            format.date(from: String($0.sessionID.prefix(16))).map(DiaryPage.day)
        }
    }

    /// Why the diary cannot open, for the menu.
    private(set) var problem: String?

    /// The main menu's "My diary": the participant typed or picked on the menu, their diary as it stands.
    static func open(app: GameApp) throws {
        let diary = DiaryController(participant: app.menu.participant, logs: app.options.logs)
        if let problem = diary.problem { return app.refuseFromMenu(problem, focusParticipant: diary.log == nil) }
        try app.show(diary, after: app.flow.diaryShown())
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        switch page.handle(command) {
        case .none: break
        case .close: try app.perform(app.flow.diaryClosed())
        case .add(let draft):
            try store(focusing: nil) { rows, participant in
                DiaryRow(
                    participant: participant, entryID: DiaryState.nextID(after: rows), version: 1, action: .add,
                    kind: draft.kind, name: draft.name, type: draft.type, date: draft.date, endDate: draft.endDate,
                    note: draft.note, recordedAt: Date())
            }
        case .remove(let entryID):
            try store(focusing: "add") { rows, _ in
                try DiaryState.nextVersion(of: entryID, in: rows, action: .remove, at: Date())
            }
        }
    }

    /// Appends the row `make` builds (under the log's lock, fsync'ed) and shows the diary as it now stands; a row
    /// the log refuses (a day that does not exist, a last day before the first) is said on the form, which stays.
    private func store(focusing focus: String?, _ make: ([DiaryRow], String) throws -> DiaryRow) throws {
        guard let log else { return }
        do {
            let row = try log.append { rows in try make(rows, log.participant.value) }
            page.reload(DiaryState.current(try log.rows()), focus: focus ?? row.entryID)
        } catch let error as DiaryError {
            page.message = DiaryPage.windowWording(error.problem)
        }
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try click(on: page.menu, x: x, y: y, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        if let row = app.painter.menuRow(atX: x, y: y) { page.focus(on: row.id) }
    }

    var takesTyping: Bool { page.takesTyping }

    func sentence(app: GameApp) -> String? { Translation.gettext("My diary.") }

    /// Its entries, the add form or the removal question, as menu rows that fit the window; or the calendar.
    func draw(app: GameApp) {
        let painter = app.painter
        painter.window.clear()
        let top = painter.title(page.title, subtitle: page.subtitle)
        if let calendar = page.calendar {
            // The month's rows (its choice and "Back") under the grid, the grid in the room above them.
            let footerTop = painter.footerTop(page.footer)
            let menuTop = footerTop - 2 * painter.menuRowHeight - painter.scaled(6)
            DiaryCalendarPainter(painter: painter).draw(
                calendar, today: DiaryPage.day(Date()),
                in: SDL_Rect(
                    x: painter.scaled(40), y: top - painter.scaled(10), w: painter.width - painter.scaled(80),
                    h: menuTop - top))
            painter.drawMenu(page.menu, top: menuTop, rowWidth: painter.scaled(700), bottom: footerTop)
            painter.hint(page.footer)
            return
        }
        let messageHeight =
            page.message.map {
                painter.text.wrappedHeight($0, width: painter.width - painter.scaled(120), pixels: painter.px(.small))
                    + painter.scaled(10)
            } ?? 0
        let y = painter.drawMenu(
            page.menu, top: top, rowWidth: painter.scaled(1000),
            bottom: painter.footerTop(page.footer) - messageHeight)
        if let message = page.message {
            painter.text.drawWrapped(
                message, x: painter.width / 2, y: y + painter.scaled(4), width: painter.width - painter.scaled(120),
                pixels: painter.px(.small), color: Theme.warning, align: .center)
        }
        painter.hint(page.footer)
    }
}
