// "My diary" in the window: the main menu opens it; each add or removal is appended to diary.csv at once.
import Foundation
import StudyKit
import StudyRecords

extension GameApp {
    /// The main menu's "My diary": the participant typed or picked on the menu, their diary as it stands.
    func showDiaryFromMenu() throws {
        let participant = MainMenu.settings(from: mainMenu).participant
        guard let id = try? ParticipantID(participant) else {
            let problem = ParticipantID.problem(with: participant) ?? "not a participant ID"
            menuMessage = "Participant ID: \(problem). Type your pseudonym to open your diary."
            mainMenu.focus(on: "participant")
            updateTextEntry()
            return
        }
        do {
            diary = DiaryPage(entries: DiaryState.current(try DiaryLog(logs: options.logs, participant: id).rows()))
        } catch {
            menuMessage = "\(error)"
            return
        }
        try perform(flow.diaryShown())
    }

    func handleDiary(_ command: UICommand) throws {
        guard var page = diary else { return }
        let outcome = page.handle(command)
        diary = page
        switch outcome {
        case .none: break
        case .close:
            diary = nil
            try perform(flow.diaryClosed())
        case .add(let draft):
            try storeDiary(focusing: nil) { rows, participant in
                DiaryRow(
                    participant: participant, entryID: DiaryState.nextID(after: rows), version: 1, action: .add,
                    kind: draft.kind, name: draft.name, type: draft.type, date: draft.date, endDate: draft.endDate,
                    note: draft.note, recordedAt: Date())
            }
        case .remove(let entryID):
            try storeDiary(focusing: "add") { rows, _ in
                try DiaryState.nextVersion(of: entryID, in: rows, action: .remove, at: Date())
            }
        }
        updateTextEntry()
    }

    /// Appends the row `make` builds (under the log's lock, fsync'ed) and shows the diary as it now stands; a row
    /// the log refuses (a day that does not exist, a last day before the first) is said on the form, which stays.
    private func storeDiary(focusing focus: String?, _ make: ([DiaryRow], String) throws -> DiaryRow) throws {
        guard var page = diary, let id = try? ParticipantID(MainMenu.settings(from: mainMenu).participant) else {
            return
        }
        let log = DiaryLog(logs: options.logs, participant: id)
        do {
            let row = try log.append { rows in try make(rows, id.value) }
            page.reload(DiaryState.current(try log.rows()), focus: focus ?? row.entryID)
        } catch let error as DiaryError {
            page.message = DiaryPage.windowWording(error.problem)
        }
        diary = page
    }
}
