// Migration 85: the participants a machine serves (an enrolment code made for one participant; `machine_participants`,
// the one rule of which participants' prescriptions, answers and web rows a machine receives).

extension Migration {
    static let v085MachineParticipants = Migration(
        version: 85, name: "devices: the participant a machine was enrolled for; machine_participants()",
        statements: [
            // A code made for one participant's machine (a home PC set up before their first session) binds the
            // machine it enrols to them. The ID's rule is StudyRecords' ParticipantID; its length is held here too.
            """
            ALTER TABLE enrolment_codes ADD COLUMN participant text
              CHECK (participant <> '' AND char_length(participant) <= 64)
            """,
            """
            ALTER TABLE devices ADD COLUMN participant text CHECK (participant <> '' AND char_length(participant) <= 64)
            """,
            // Whom a machine serves: the participant it was enrolled for, those registered on it last, those whose
            // sessions or ratings it logged, and those who wrote to their team from it. Files it wrote from what it
            // received (plans, profiles, answers, web rows) make it nobody's, so receiving never widens the set.
            // A machine that serves nobody (enrolled with a site's code, nothing sent yet) gets an empty set.
            """
            CREATE FUNCTION machine_participants(machine uuid) RETURNS SETOF text LANGUAGE sql STABLE PARALLEL SAFE AS $$
              SELECT d.participant FROM devices d WHERE d.id = machine AND d.participant IS NOT NULL
              UNION SELECT p.participant FROM participants p WHERE p.device_id = machine
              UNION SELECT split_part(f.file, '/', 1) FROM sync_files f
                WHERE f.device_id = machine AND f.kind IN ('session', 'trials', 'ratings')
              UNION SELECT m.participant FROM messages m WHERE m.device_id = machine AND m.sender = 'patient'
            $$
            """,
        ])
}
