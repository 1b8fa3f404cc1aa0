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

    /// A reminder's prompt (`rate`) also asks, after its ratings, what the participant's plan still owes: the
    /// baseline, or what a session done asked and was left (closed halfway, or never opened). An instrument that
    /// cannot be taken here (its licensed wording not added) is named in the terminal and left out.
    func adoptOverdueQuestionnaires() throws {
        guard let participant = try? ParticipantID(settings.participant),
            let assigned = try AssignedPlan.current(logs: options.logs, participant: participant),
            !assigned.plan.questionnaires.isEmpty, let library = options.instrumentLibrary
        else { return }
        let entries = try library()
        let due = assigned.plan.questionnaires.dueBy(
            doneSessions: PlanSchedule.doneSessions(of: assigned, logs: options.logs, participant: participant),
            totalSessions: assigned.plan.totalSessions)
        var takeable: [PlanQuestionnaires.Due] = []
        for item in due {
            do {
                _ = try InstrumentChoice.takeable(id: item.instrument, language: nil, from: entries)
                takeable.append(item)
            } catch {
                Self.say(Translation.gettext("Not asked now: {reason}", ["reason": "\(error)"]))
            }
        }
        instrumentSittings = try PlanQuestionnaireRun.sittings(
            takeable, logs: options.logs, participant: participant, library: entries, needsWording: true)
        if !instrumentSittings.isEmpty { flow.askInstrumentsAfterSession() }
    }
}
