// Which instruments a window asks, and when: `questionnaire take`, a plan's, a prompt's owed ones, a study's sheet.
import Foundation
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

extension GameApp {
    /// Every sitting is done (`InstrumentController`): a protocol's own sheet needs its consent, then the flow
    /// goes on (a plan's questionnaires before the session lead to its headphone check).
    func instrumentsFinished() throws {
        if let sheet = studySheet {
            // The protocol's sheet is answered: without consent the study stops here, nothing played or registered.
            studySheet = nil
            let participant = try ParticipantID(settings.participant)
            let log = QuestionnaireLog(logs: options.logs, participant: participant)
            let consent = sheet.consent(in: try log.rows())
            guard consent == .given else {
                let refusal = ConsentMissingError(
                    participant: participant.value, sheet: sheet, location: log.url.path,
                    declined: consent == .declined)
                return try perform(flow.fail(refusal.description))
            }
        }
        try perform(flow.instrumentsFinished())
    }

    /// A training plan's questionnaires due before this session are asked first (every instrument the plan names
    /// must be on this machine with its wording, said before anything is asked); those after it follow the session.
    func adoptPlanQuestionnaires() throws {
        guard let point = training?.planPoint, !point.questionnaires.isEmpty else { return }
        guard let library = options.instrumentLibrary else {
            throw QuestionnaireError(
                Translation.gettext(
                    "This window has no questionnaires folder; start the training with soundsafari train."))
        }
        let entries = try library()
        instrumentEntries = entries
        for id in point.questionnaires.allIDs {
            _ = try InstrumentChoice.takeable(id: id, language: nil, from: entries)
        }
        if point.questionnaires.allIDs.count > point.questionnaires.baseline.count
            || !point.questionnaires.followUp.isEmpty
        {
            flow.askInstrumentsAfterSession()
        }
        instrumentSittings = try PlanQuestionnaireRun.sittings(
            point.questionnaires.before(planSession: point.planSession), logs: options.logs,
            participant: try ParticipantID(settings.participant), library: entries, needsWording: true)
        guard !instrumentSittings.isEmpty else { return }
        flow.askInstrumentsFirst()
    }

    /// A study protocol's own participant sheet replaces the participants.csv questions: its instrument's items are
    /// asked at moment `sheet` until one administration is finished with consent; then later sessions go straight
    /// to the headphone check (the participant is registered by the session, with blank participants.csv answers).
    func adoptProtocolSheet(_ sheet: ProtocolSheet, participant: ParticipantID) throws {
        guard let library = options.instrumentLibrary else {
            throw QuestionnaireError(
                Translation.gettext("This window has no questionnaires folder; start the study with soundsafari study.")
            )
        }
        let instrument = try ProtocolSheetCheck.instrument(of: sheet, from: library())
        let log = QuestionnaireLog(logs: options.logs, participant: participant)
        guard !sheet.finishedWithConsent(in: try log.rows()) else { return }
        instrumentSittings = [try QuestionnaireSitting(log: log, instrument: instrument, moment: .sheet)]
        studySheet = sheet
        flow.askInstrumentsFirst()
    }

    /// A reminder's prompt (`rate`) also asks, after its ratings, what the participant's plan still owes (the
    /// baseline, or what a session done asked and was left: closed halfway, or never opened) and the questionnaires
    /// the study team assigned that are due or overdue (`AssignedQuestionnaires`). An instrument that cannot be
    /// taken here (its licensed wording not added, an assigned one not received yet) is named in the terminal and
    /// left out.
    func adoptOverdueQuestionnaires() throws {
        guard let participant = try? ParticipantID(settings.participant), let library = options.instrumentLibrary
        else { return }
        var entries: [InstrumentLibrary.Entry]?
        func instruments() throws -> [InstrumentLibrary.Entry] {
            if let entries { return entries }
            let read = try library()
            entries = read
            return read
        }
        var sittings: [QuestionnaireSitting] = []
        if let assigned = try AssignedPlan.current(logs: options.logs, participant: participant),
            !assigned.plan.questionnaires.isEmpty
        {
            let due = assigned.plan.questionnaires.dueBy(
                doneSessions: PlanSchedule.doneSessions(of: assigned, logs: options.logs, participant: participant),
                totalSessions: assigned.plan.totalSessions)
            var takeable: [PlanQuestionnaires.Due] = []
            for item in due {
                do {
                    _ = try InstrumentChoice.takeable(id: item.instrument, language: nil, from: try instruments())
                    takeable.append(item)
                } catch {
                    Self.say(Translation.gettext("Not asked now: {reason}", ["reason": "\(error)"]))
                }
            }
            sittings = try PlanQuestionnaireRun.sittings(
                takeable, logs: options.logs, participant: participant, library: try instruments(),
                needsWording: true)
        }
        let log = QuestionnaireLog(logs: options.logs, participant: participant)
        let owed = try AssignedQuestionnaires.owed(
            logs: options.logs, participant: participant, rows: try log.rows(), today: clock.date(at: clock.now()))
        for (assigned, schedule) in owed {
            guard
                let instrument = try instruments().first(where: {
                    $0.instrument.id == assigned.instrument && $0.instrument.version == assigned.version
                        && $0.instrument.language == assigned.language && !$0.needsWording
                })?.instrument
            else {
                Self.say(
                    Translation.gettext(
                        "Not asked now: the questionnaire {id} version {version} ({language}) your study team assigned is not on this computer; sync, then open the reminder again.",
                        [
                            "id": assigned.instrument, "version": String(assigned.version),
                            "language": assigned.language,
                        ]))
                continue
            }
            // A plan's sitting of the same instrument at the same moment already asks it.
            guard
                !sittings.contains(where: {
                    $0.instrument == instrument && $0.moment == QuestionnaireAssignment.moment && $0.sessionIndex == nil
                })
            else { continue }
            let sitting = try QuestionnaireSitting(
                log: log, instrument: instrument, moment: QuestionnaireAssignment.moment)
            sitting.note = Self.assignedNote(schedule)
            sittings.append(sitting)
        }
        instrumentSittings = sittings
        if !instrumentSittings.isEmpty { flow.askInstrumentsAfterSession() }
    }

    /// What the questionnaire's screen says under its title: the study team asked for it, and since when.
    static func assignedNote(_ schedule: AssignmentSchedule) -> String {
        switch schedule.state {
        case .overdue(_, let since):
            return Translation.gettext(
                // TRANSLATORS: under a questionnaire's title; {day} is a date (28.11.2026 in German).
                "Your study team asks for this questionnaire. It has been due since {day}.",
                ["day": Translation.language.day(since)])
        case .due, .next, .done:
            return Translation.gettext("Your study team asks for this questionnaire today.")
        }
    }
}
