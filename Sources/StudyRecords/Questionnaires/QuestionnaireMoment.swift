// When an administration of an instrument was asked: a plan's baseline, follow-up or every n-th session, a prompt, on request, or a study's sheet.

/// The `moment` column of questionnaires.csv.
public enum QuestionnaireMoment: String, Sendable, CaseIterable, Codable {
    /// Before a training plan's first session.
    case baseline
    /// After a training plan's last session.
    case followUp = "follow_up"
    /// After every n-th session of a plan (`session_index` says which).
    case periodic
    /// Opened from a reminder's notification.
    case prompt
    /// Taken with `soundsafari questionnaire take` at a clinician's or the patient's own request.
    case onRequest = "on_request"
    /// A study protocol's own participant sheet (`participant_sheet`), asked before the participant's first session.
    case sheet
}
