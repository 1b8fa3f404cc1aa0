// The participant sheet of a supervised study: the participants.csv questions, before the headphone check.
import GameCore
import StudyKit
import StudyRecords

/// The sheet: empty for a new participant, filled in for one registered before (to complete and correct), with
/// the note that the participant already did this protocol. Submit registers (or appends a correction); Esc or
/// Cancel leaves before anything is written (a mistyped ID, the wrong participant).
final class ParticipantSheetController: ScreenController {
    private var sheet: MenuModel
    /// The sheet shows a registered participant's answers rather than a new one's.
    private let prefilled: Bool
    /// Shown on the sheet when the participant already completed this study's protocol.
    private let repeatNote: String?

    init(prefilled record: ParticipantRecord? = nil, repeatNote: String? = nil) {
        sheet = ParticipantSheet.model(prefilled: record)
        prefilled = record != nil
        self.repeatNote = repeatNote
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back { return try app.perform(app.flow.quit()) }
        switch sheet.handle(command) {
        case .activated("submit"): try submit(app: app)
        case .activated("cancel"): try app.perform(app.flow.quit())
        default: break
        }
    }

    private func submit(app: GameApp) throws {
        let participant = try ParticipantID(app.settings.participant)
        let record = ParticipantSheet.record(for: participant, from: sheet)
        let registry = ParticipantRegistry(logs: app.options.logs)
        if let known = try registry.lookup(participant) {
            // A change is appended as the participant's current answers; the earlier row stays.
            if !record.sameAnswers(as: known) { try registry.appendCorrection(record) }
        } else {
            try registry.register(record)
        }
        try app.perform(app.flow.participantSheetSubmitted())
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try click(on: sheet, x: x, y: y, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        focusRow(of: &sheet, x: x, y: y, app: app)
    }

    func sentence(app: GameApp) -> String? { nil }

    func draw(app: GameApp) {
        app.painter.drawParticipantSheet(
            sheet, participant: app.settings.participant, known: prefilled, warning: repeatNote)
    }
}
