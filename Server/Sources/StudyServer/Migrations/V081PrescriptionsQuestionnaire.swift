// Migration 81: prescriptions of kind questionnaire (a questionnaire assigned to one participant, or its withdrawal).

extension Migration {
    static let v081PrescriptionsQuestionnaire = Migration(
        version: 81, name: "prescriptions: kind questionnaire (an instrument assigned to a participant, or withdrawn)",
        statements: [
            // An assignment travels to the participant's machines as plans and profiles do (the same device rule and
            // cursor); its withdrawal is a row of its own naming it, so a machine past the assignment still learns.
            """
            ALTER TABLE prescriptions DROP CONSTRAINT prescriptions_kind_check,
              ADD CONSTRAINT prescriptions_kind_check CHECK (kind IN ('plan', 'profile', 'questionnaire'))
            """
        ])
}
