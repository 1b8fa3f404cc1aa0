// What a participant's and a session's dashboard pages read: the projection tables and the synced patient's record.
import Foundation
import PostgresNIO
import StudyRecords
import TidyFormats

public struct PostgresParticipantPages: ParticipantPagesRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// Whether anything of `participant` is held for `site`: a registration, a session, a profile, a synced file
    /// or a prescription. A participant of another site is as unknown as one of none.
    public func participantIsKnown(site: String, participant: String) async throws -> Bool {
        try await prepared(ParticipantIsKnown.self, ParticipantIsKnown.query(site: site, participant: participant)).one(
            "whether the participant is known"
        ).decode(Bool.self)
    }

    /// `text` for a LIKE pattern: its `%`, `_` and `\` match themselves (participant IDs may hold `_`).
    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    private static let timelineSessionColumns = """
        x.session_id, x.session_index, d.name, x.started_at, x.ended_at, x.completed, x.ended_by, x.protocol,
        x.input, x.plan_name, x.plan_session, x.plan_total_sessions, x.profile_version, x.headphone_check,
        x.week_dose_fraction, x.dose_fraction, x.trial_count, x.played_s, x.device_id
        """
    /// How many columns `session` decodes (`timelineSessionColumns`); a statement's own columns follow them.
    private static let timelineSessionColumnCount = 19

    private static func session(_ row: PostgresRow) throws -> StudyDatabase.ParticipantSession {
        let columns = try row.decode(
            (
                String, Int?, String, Date, Date?, Bool, String?, String, String, String?, Int?, Int?, Int?, String?,
                Double?, Double?, Int, Double?, UUID
            ).self)
        return StudyDatabase.ParticipantSession(
            id: columns.0, index: columns.1, machine: columns.2, startedAt: columns.3, endedAt: columns.4,
            completed: columns.5, endedBy: columns.6, protocolName: columns.7, input: columns.8, plan: columns.9,
            planSession: columns.10, planTotal: columns.11, profileVersion: columns.12, headphoneCheck: columns.13,
            weekDoseFraction: columns.14, doseFraction: columns.15, trialCount: columns.16, playedSeconds: columns.17,
            deviceID: columns.18)
    }

    /// The participant's sessions at `site` in the server's order (session_index), each with its progress summary
    /// (StudyRecords' `SessionSummary` of its trials); nil for a session without photos. The summaries ingest keeps
    /// (one row a session) are read in the same statement; a session whose kept summary is missing, or was computed
    /// from another number of trials or before migration 64, is summarised from its trials here, by the same code.
    public func participantSessions(site: String, participant: String) async throws -> [(
        session: StudyDatabase.ParticipantSession, summary: SessionSummary?
    )] {
        var sessions: [StudyDatabase.ParticipantSession] = []
        var summaries: [String: SessionSummary] = [:]
        var missing: [String] = []
        for row in try await prepared(
            ParticipantSessions.self, ParticipantSessions.query(site: site, participant: participant))
        {
            var session = try Self.session(row)
            let columns = row.makeRandomAccess()
            let at = Self.timelineSessionColumnCount
            session.planVersion = try columns[at].decode(Int?.self)
            session.startOrder = try columns[at + 1].decode(Int.self)
            sessions.append(session)
            guard try columns[at + 2].decode(String?.self) != nil else {
                missing.append(session.id)
                continue
            }
            let photos = try columns[at + 3].decode(Int.self)
            guard photos > 0 else { continue }
            let deviation = try columns[at + 4].decode(Double?.self)
            let time = try columns[at + 5].decode(Double?.self)
            summaries[session.id] = SessionSummary(
                photos: photos, medianAbsDeviationDeg: deviation ?? .nan, medianTimeSeconds: time ?? .nan,
                reversalRate: try columns[at + 6].decode(Double?.self),
                staircaseThreshold: try columns[at + 7].decode(Double?.self),
                plan: try columns[at + 8].decode(String?.self) ?? "", skipped: try columns[at + 9].decode(Int.self))
        }
        if !missing.isEmpty {
            for (id, summary) in try await withConnection({ connection in
                try await StudyDatabase.sessionSummaries(missing, on: connection, logger: logger).summaries
            }) where summary.photos > 0 {
                summaries[id] = summary
            }
        }
        return sessions.map { ($0, summaries[$0.id]) }
    }

    /// One session of `site` by its id, nil when it is unknown there.
    public func participantSession(site: String, id: String) async throws -> (
        session: StudyDatabase.ParticipantSession, participant: String, state: String
    )? {
        guard
            let row = try await rows(
                """
                SELECT \(unescaped: PostgresParticipantPages.timelineSessionColumns) FROM sessions x
                JOIN sites s ON s.id = x.site_id JOIN devices d ON d.id = x.device_id
                WHERE s.name = \(site) AND x.session_id = \(id)
                """
            ).first
        else { return nil }
        let (participant, state) = try await rows(
            "SELECT participant, state::text FROM sessions WHERE session_id = \(id)"
        ).one("the session's state").decode((String, String).self)
        return (try Self.session(row), participant, state)
    }

    public func sessionTrials(id: String) async throws -> [StudyDatabase.SessionTrial] {
        try await rows(
            """
            SELECT trial, round, target, condition, target_bearing_deg, aim_bearing_deg, deviation_deg, time_s, hit,
              front_back_confusion, volume_db
            FROM trials WHERE session_id = \(id) ORDER BY trial
            """
        ).map { row in
            let c = try row.decode(
                (Int, Int, String, String, Double?, Double?, Double?, Double?, Bool?, Bool, Double?).self)
            return StudyDatabase.SessionTrial(
                trial: c.0, round: c.1, target: c.2, condition: c.3, targetBearing: c.4, aimBearing: c.5,
                deviation: c.6, time: c.7, hit: c.8, frontBackConfusion: c.9, volumeDB: c.10)
        }
    }

    /// The participant's ratings at `site`, oldest first: (item, value, answered, moment, skipped).
    public func participantRatings(site: String, participant: String) async throws -> [StudyDatabase.ParticipantRating]
    {
        try await prepared(ParticipantRatings.self, ParticipantRatings.query(site: site, participant: participant)).map
        { row in
            let c = try row.decode((String, Double?, Date, String, Bool, String?, Int?, Double?, String?).self)
            // Migration 69 lets a unit be only dBFS or dBA, and never one without the other.
            let ambient = c.7.flatMap { db in
                c.8.flatMap(AmbientLevel.Unit.init(rawValue:)).map { AmbientLevel(decibels: db, unit: $0) }
            }
            return StudyDatabase.ParticipantRating(
                item: c.0, value: c.1, answeredAt: c.2, moment: c.3, skipped: c.4, session: c.5, sessionIndex: c.6,
                ambientLevel: ambient)
        }
    }

    /// The participant's profile.json versions as the machines sent them (read back by StudyRecords' codec), by
    /// creation time.
    public func participantProfiles(site: String, participant: String) async throws -> [StudyDatabase
        .ParticipantProfile]
    {
        try await prepared(ParticipantProfiles.self, ParticipantProfiles.query(site: site, participant: participant))
            .map { row in
                let (device, machine, json) = try row.decode((UUID, String, String).self)
                return StudyDatabase.ParticipantProfile(
                    deviceID: device, machine: machine,
                    profile: try StudyDatabase.storedProfile(json, path: "profile.json")
                )
            }
    }

    /// The participant's profile prescriptions (each read back by StudyRecords' codec) and plan prescriptions
    /// (id, when, by whom, the content), each oldest first.
    public func prescriptions(site: String, participant: String) async throws -> (
        profiles: [StudyDatabase.ProfilePrescription],
        plans: [(id: Int, createdAt: Date, createdBy: String, content: String)]
    ) {
        var profiles: [StudyDatabase.ProfilePrescription] = []
        var plans: [(id: Int, createdAt: Date, createdBy: String, content: String)] = []
        for row in try await prepared(
            ParticipantPrescriptions.self, ParticipantPrescriptions.query(site: site, participant: participant))
        {
            let (kind, id, created, by, content) = try row.decode((String, Int, Date, String, String).self)
            if kind == "plan" {
                plans.append((id, created, by, content))
                continue
            }
            let versions = try HearingProfile.decodeAll(Data(content.utf8), path: "prescription \(id)")
            profiles.append(
                StudyDatabase.ProfilePrescription(
                    id: id, createdAt: created, createdBy: by, profile: versions[versions.count - 1]))
        }
        return (profiles, plans)
    }

    /// The patient's record of `participant` at `site` as each machine synced it (`<P>/questionnaires.csv`,
    /// `<P>/diary.csv`), read by StudyRecords' codecs: per machine, its questionnaire rows and diary rows.
    public func patientRecord(site: String, participant: String) async throws -> (
        questionnaires: [(machine: String, rows: [QuestionnaireRow])], diary: [(machine: String, rows: [DiaryRow])]
    ) {
        var questionnaires: [(machine: String, rows: [QuestionnaireRow])] = []
        var diary: [(machine: String, rows: [DiaryRow])] = []
        let files = try await prepared(
            PatientRecordFiles.self, PatientRecordFiles.query(site: site, participant: participant)
        ).map { try $0.decode((UUID, String, String, String).self) }
        for (device, machine, file, kind) in files {
            let (header, items) = try await PostgresIngest(database: database).items(device: device, file: file)
            guard !items.isEmpty else { continue }
            switch try DecodedItems.decode(kind: kind, file: file, header: header, items: items).0 {
            case .questionnaires(let rows): questionnaires.append((machine, rows))
            case .diary(let rows): diary.append((machine, rows))
            default: continue
            }
        }
        return (questionnaires, diary)
    }

    /// The participant's current plan at `site` (`currentPlans`: the newest assignment, one prescription on several
    /// machines being one), nil without one.
    public func currentPlan(site: String, participant: String) async throws -> CurrentPlan? {
        guard let siteID = try await siteID(site) else { return nil }
        return try await withConnection { connection in
            try await StudyDatabase.currentPlans(
                siteID: siteID, participants: [participant], on: connection, logger: logger)
        }[participant]
    }

    /// The statement of `participantIsKnown`, planned once per connection (`PreparedText`).
    private enum ParticipantIsKnown: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT EXISTS (SELECT 1 FROM participants p JOIN sites s ON s.id = p.site_id
                           WHERE s.name = \(site) AND p.participant = \(participant))
                OR EXISTS (SELECT 1 FROM sessions p JOIN sites s ON s.id = p.site_id
                           WHERE s.name = \(site) AND p.participant = \(participant))
                OR EXISTS (SELECT 1 FROM profiles p JOIN sites s ON s.id = p.site_id
                           WHERE s.name = \(site) AND p.participant = \(participant))
                OR EXISTS (SELECT 1 FROM prescriptions p JOIN sites s ON s.id = p.site_id
                           WHERE s.name = \(site) AND p.participant = \(participant))
                OR EXISTS (SELECT 1 FROM sync_files f JOIN devices d ON d.id = f.device_id JOIN sites s ON s.id = d.site_id
                           WHERE s.name = \(site) AND f.file LIKE \(PostgresParticipantPages.likeEscaped(participant) + "/%"))
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = Array(repeating: .text, count: 10)
    }

    /// The statement of `participantSessions`, planned once per connection (`PreparedText`).
    private enum ParticipantSessions: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT \(unescaped: PostgresParticipantPages.timelineSessionColumns), x.plan_version,
              (row_number() OVER (ORDER BY x.started_at, x.session_id))::int,
              m.session_id, m.photos, m.median_abs_deviation_deg, m.median_time_s, m.reversal_rate,
              m.staircase_threshold, m.plan, m.skipped
            FROM sessions x JOIN sites s ON s.id = x.site_id JOIN devices d ON d.id = x.device_id
              LEFT JOIN session_summaries m ON m.session_id = x.session_id AND m.trial_count = x.trial_count
                AND m.skipped IS NOT NULL
            WHERE s.name = \(site) AND x.participant = \(participant)
            ORDER BY x.session_index, x.started_at, x.session_id
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }

    /// The statement of `participantRatings`, planned once per connection (`PreparedText`).
    private enum ParticipantRatings: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT r.item, r.value, r.answered_at, r.moment, r.skipped, nullif(r.session_id, ''), x.session_index,
              r.ambient_level_db, r.ambient_level_unit
            FROM ratings r JOIN sites s ON s.id = r.site_id
              LEFT JOIN sessions x ON x.session_id = r.session_id AND x.site_id = r.site_id
            WHERE s.name = \(site) AND r.participant = \(participant) ORDER BY r.answered_at, r.device_id, r.record
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }

    /// The statement of `participantProfiles`, planned once per connection (`PreparedText`).
    private enum ParticipantProfiles: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT p.device_id, d.name, p.profile::text FROM profiles p JOIN sites s ON s.id = p.site_id
            JOIN devices d ON d.id = p.device_id
            WHERE s.name = \(site) AND p.participant = \(participant)
            ORDER BY p.created_at NULLS FIRST, p.device_id, p.version
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }

    /// The statement of `prescriptions`, planned once per connection (`PreparedText`).
    private enum ParticipantPrescriptions: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT p.kind, p.id, p.created_at, p.created_by, p.content FROM prescriptions p
            JOIN sites s ON s.id = p.site_id
            WHERE s.name = \(site) AND p.participant = \(participant) AND p.kind IN ('profile', 'plan') ORDER BY p.id
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }

    /// The statement of `patientRecord`, planned once per connection (`PreparedText`).
    private enum PatientRecordFiles: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT f.device_id, d.name, f.file, f.kind FROM sync_files f JOIN devices d ON d.id = f.device_id
            JOIN sites s ON s.id = d.site_id
            WHERE s.name = \(site) AND f.file IN (\(participant + "/questionnaires.csv"), \(participant + "/diary.csv"))
            ORDER BY d.name, f.file
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text, .text]
    }
}
