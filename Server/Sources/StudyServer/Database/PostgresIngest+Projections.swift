// The projection tables (participants, sessions, trials, ratings, plans): typed rows of what devices sent, filled
// in the transaction that stores the items, so the dashboard and the export query columns instead of CSV text.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

extension PostgresIngest {
    /// Projects the newly stored items of `file` (`inserted`: their item numbers; item `first + i` is record `i` of
    /// `decoded`) into the tables of migration 4. Items held already were projected when they were stored. Trial
    /// rows are projected from the staging table, where the batch's rows are (IngestStaging).
    static func project(
        _ decoded: DecodedItems, on connection: PostgresConnection, logger: Logger, device: UUID, siteID: Int,
        file: String, first: Int, inserted: Set<Int>, content: String?
    ) async throws {
        guard !inserted.isEmpty else { return }
        func fresh<Record>(_ records: [Record]) -> [(item: Int, record: Record)] {
            records.enumerated().map { (first + $0.offset, $0.element) }.filter { inserted.contains($0.item) }
        }
        switch decoded {
        case .participants(let records):
            try await projectParticipants(fresh(records), on: connection, logger: logger, device: device)
        case .trials:
            try await projectStagedTrials(
                inserted.sorted(), on: connection, logger: logger, device: device, siteID: siteID)
        case .ratings(let rows):
            try await projectRatings(fresh(rows), on: connection, logger: logger, device: device, file: file)
        case .session(let record):
            guard let content, let item = inserted.max() else { return }
            try await projectSession(
                record, content: content, item: item, on: connection, logger: logger, device: device, file: file)
        case .plan(let plan):
            try await projectPlan(plan, on: connection, logger: logger, device: device, file: file)
        case .profile(let states):
            for (_, versions) in fresh(states) {
                guard let version = versions.last else { continue }
                try await projectProfile(version, on: connection, logger: logger, device: device, file: file)
            }
        case .messages(let rows):
            try await StudyDatabase.projectMessages(
                fresh(rows), on: connection, logger: logger, device: device, file: file)
        case .hrtfChoice(let rows):
            try await StudyDatabase.projectHRTFChoices(
                fresh(rows), on: connection, logger: logger, device: device, file: file)
        case .questionnaires, .diary, .tracker, .picture:
            // Stored as synced items only, read with their codecs first; no table of their own yet (the
            // participant's page reads questionnaires and the diary from the items, a session's page its pictures; a
            // participant's export carries them all).
            break
        }
    }

    private static func text(_ date: Date?) -> JSONValue { date.map { .string(Timestamp.format($0)) } ?? .null }
    private static func int(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }
    private static func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    private static func bool(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }

    /// A participant's latest registration (by `registered_at`; a later row wins a tie) and their first one.
    private static func projectParticipants(
        _ records: [(item: Int, record: ParticipantRecord)], on connection: PostgresConnection, logger: Logger,
        device: UUID
    ) async throws {
        // One row per participant per statement: ON CONFLICT DO UPDATE may touch a row only once.
        var latest: [String: (item: Int, record: ParticipantRecord, first: Date)] = [:]
        for (item, record) in records {
            let id = record.participant.value
            let first = min(latest[id]?.first ?? record.registeredAt, record.registeredAt)
            if let held = latest[id], held.record.registeredAt > record.registeredAt {
                latest[id]?.first = first
            } else {
                latest[id] = (item, record, first)
            }
        }
        let rows = JSONValue.array(
            latest.values.map { item, record, first in
                .object([
                    ("participant", .string(record.participant.value)), ("item", .integer(item)),
                    ("registered_at", text(record.registeredAt)), ("first_registered_at", text(first)),
                    ("age", int(record.age)), ("gender", .string(record.gender)),
                    ("tinnitus", text(record.tinnitus?.rawValue)),
                    ("tinnitus_side", text(record.tinnitusSide?.rawValue)),
                    ("hearing_aid", text(record.hearingAid?.rawValue)),
                    ("phone_experience_0_5", int(record.phoneExperience0To5)),
                    ("game_experience_0_5", int(record.gameExperience0To5)),
                ])
            }
        ).rendered()
        try await connection.query(
            """
            INSERT INTO participants (site_id, participant, registered_at, first_registered_at, age, gender, tinnitus,
              tinnitus_side, hearing_aid, phone_experience_0_5, game_experience_0_5, device_id, item)
            SELECT d.site_id, r.participant, r.registered_at, r.first_registered_at, r.age, r.gender, r.tinnitus,
              r.tinnitus_side, r.hearing_aid, r.phone_experience_0_5, r.game_experience_0_5, d.id, r.item
            FROM devices d, jsonb_to_recordset(\(rows)::jsonb) AS r(participant text, item int,
              registered_at timestamptz, first_registered_at timestamptz, age int, gender text, tinnitus text,
              tinnitus_side text, hearing_aid text, phone_experience_0_5 int, game_experience_0_5 int)
            WHERE d.id = \(device)
            ON CONFLICT (site_id, participant) DO UPDATE SET
              first_registered_at = least(participants.first_registered_at, excluded.first_registered_at),
              registered_at = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.registered_at ELSE participants.registered_at END,
              age = CASE WHEN excluded.registered_at >= participants.registered_at THEN excluded.age ELSE participants.age END,
              gender = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.gender ELSE participants.gender END,
              tinnitus = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.tinnitus ELSE participants.tinnitus END,
              tinnitus_side = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.tinnitus_side ELSE participants.tinnitus_side END,
              hearing_aid = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.hearing_aid ELSE participants.hearing_aid END,
              phone_experience_0_5 = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.phone_experience_0_5 ELSE participants.phone_experience_0_5 END,
              game_experience_0_5 = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.game_experience_0_5 ELSE participants.game_experience_0_5 END,
              device_id = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.device_id ELSE participants.device_id END,
              item = CASE WHEN excluded.registered_at >= participants.registered_at
                THEN excluded.item ELSE participants.item END
            """, logger: logger)
    }

    /// Trial rows keyed by (session_id, trial: the record's number in its trials.csv), from the staging table where
    /// `IngestStaging.stage` put them in the columns of `trials` (the items `inserted` of it; a resent row inserts
    /// none); the sessions' trial counts follow in the same statement.
    private static func projectStagedTrials(
        _ inserted: [Int], on connection: PostgresConnection, logger: Logger, device: UUID, siteID: Int
    ) async throws {
        guard !inserted.isEmpty else { return }
        try await connection.query(
            """
            WITH inserted AS (SELECT unnest(\(inserted)::int[]) AS item),
            \(unescaped: trialProjection(of: "inserted", site: siteID, device: device))
            SELECT count(*) FROM projected
            """, logger: logger)
    }

    /// The trial rows of the staged items whose numbers the relation `items` holds (a CTE of the statement: ingest's
    /// items stored, the backfill's items), as two CTEs: `projected` inserts them into `trials` (a row held already
    /// inserts nothing) and `counted` adds them to their sessions' `trial_count`. SQL text: the site and device are
    /// written as numbers, not read from a request.
    static func trialProjection(of items: String, site: Int, device: UUID) -> String {
        let typed = IngestStaging.trialColumns.dropFirst(2)
        return """
            projected AS (
              INSERT INTO trials (session_id, trial, site_id, participant, device_id, \(typed.joined(separator: ", ")))
              SELECT t.session_id, t.item, \(site), t.participant, '\(device.uuidString)'::uuid,
                \(typed.map { "t.\($0)" }.joined(separator: ", "))
              FROM ingest_rows t WHERE NOT t.redact AND t.item IN (SELECT item FROM \(items))
              ON CONFLICT (session_id, trial) DO NOTHING RETURNING session_id),
            counted AS (
              UPDATE sessions s SET trial_count = s.trial_count + n.rows
              FROM (SELECT session_id, count(*)::int AS rows FROM projected GROUP BY session_id) n
              WHERE s.session_id = n.session_id)
            """
    }

    private static func projectRatings(
        _ rows: [(item: Int, record: RatingRow)], on connection: PostgresConnection, logger: Logger, device: UUID,
        file: String
    ) async throws {
        guard !rows.isEmpty else { return }
        let json = JSONValue.array(
            rows.map { item, row in
                .object([
                    ("record", .integer(item)), ("participant", .string(row.participant)),
                    ("session_id", text(row.sessionID)), ("local_session_index", int(row.sessionIndex)),
                    ("moment", .string(row.moment.rawValue)), ("item", .string(row.item)), ("value", .num(row.value)),
                    ("answered_at", text(row.answeredAt)), ("prompted_at", text(row.promptedAt)),
                    ("skipped", .bool(row.skipped)), ("codebook_version", .integer(row.codebookVersion)),
                    ("language", text(row.language)), ("ambient_level_db", .num(row.ambientLevel?.decibels)),
                    ("ambient_level_unit", text(row.ambientLevel?.unit.rawValue)),
                ])
            }
        ).rendered()
        try await connection.query(
            """
            INSERT INTO ratings (device_id, file, record, site_id, participant, session_id, local_session_index, moment,
              item, value, answered_at, prompted_at, skipped, codebook_version, language, ambient_level_db,
              ambient_level_unit)
            SELECT d.id, \(file), r.record, d.site_id, r.participant, r.session_id, r.local_session_index, r.moment,
              r.item, r.value, r.answered_at, r.prompted_at, r.skipped, r.codebook_version, r.language,
              r.ambient_level_db, r.ambient_level_unit
            FROM devices d, jsonb_to_recordset(\(json)::jsonb) AS r(record int, participant text, session_id text,
              local_session_index int, moment text, item text, value float8, answered_at timestamptz,
              prompted_at timestamptz, skipped boolean, codebook_version int, language text, ambient_level_db float8,
              ambient_level_unit text)
            WHERE d.id = \(device)
            ON CONFLICT (device_id, file, record) DO NOTHING
            """, logger: logger)
    }

    /// A session's latest state (the latest received wins: a device sends its states in order), then the
    /// participant's server `session_index` renumbered (docs/LOG-FORMAT.md, "Sessions across machines").
    private static func projectSession(
        _ record: SessionRecord, content: String, item: Int, on connection: PostgresConnection, logger: Logger,
        device: UUID, file: String
    ) async throws {
        let check = record.headphoneChecks.last
        let updated = try await connection.query(
            """
            INSERT INTO sessions (session_id, site_id, participant, device_id, machine_id, file, state_item,
              started_at, ended_at, completed, ended_by, played_s, protocol, input, plan_name, plan_version,
              plan_session, plan_total_sessions, profile_version, headphone_check, headphone_failed_attempts,
              dose_fraction, week_dose_fraction, local_session_index, state, trial_count)
            SELECT \(record.sessionID), d.site_id, \(record.participant), d.id, \(record.environment.deviceID), \(file),
              \(item), \(record.startedAt), \(record.endedAt), \(record.completed), \(record.endedBy?.rawValue),
              \(record.playedSeconds), \(record.resolvedProtocol.name), \(record.environment.input),
              \(record.plan?.name), \(record.plan?.version), \(record.plan?.session), \(record.plan?.totalSessions),
              \(record.output?.tailoring.profileVersion), \(check?.result.rawValue), \(check?.failedAttempts),
              \(record.exposure?.doseFraction), \(record.exposure?.weekDoseFraction), \(record.sessionIndex),
              \(content)::jsonb, (SELECT count(*) FROM trials t WHERE t.session_id = \(record.sessionID))
            FROM devices d WHERE d.id = \(device)
            ON CONFLICT (session_id) DO UPDATE SET device_id = excluded.device_id, machine_id = excluded.machine_id,
              file = excluded.file, state_item = excluded.state_item, ended_at = excluded.ended_at,
              completed = excluded.completed, ended_by = excluded.ended_by, played_s = excluded.played_s,
              protocol = excluded.protocol, input = excluded.input, plan_name = excluded.plan_name,
              plan_version = excluded.plan_version, plan_session = excluded.plan_session,
              plan_total_sessions = excluded.plan_total_sessions, profile_version = excluded.profile_version,
              headphone_check = excluded.headphone_check,
              headphone_failed_attempts = excluded.headphone_failed_attempts, dose_fraction = excluded.dose_fraction,
              week_dose_fraction = excluded.week_dose_fraction, local_session_index = excluded.local_session_index,
              state = excluded.state, updated_at = now()
            WHERE sessions.site_id = excluded.site_id AND sessions.participant = excluded.participant
            RETURNING site_id
            """, logger: logger
        ).collect()
        guard let site = try updated.first?.decode(Int.self) else {
            // The same session_id under another site or participant: its items are stored, never projected over
            // the other's (a session ID is a UTC time with a random suffix, so this means a copied folder).
            logger.warning("session \(record.sessionID) of \(file) is held for another site or participant")
            return
        }
        try await renumberSessions(site: site, participant: record.participant, on: connection, logger: logger)
    }

    /// The server's session_index: 1, 2, … per participant of a site by started_at, ties by session_id.
    private static func renumberSessions(
        site: Int, participant: String, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            UPDATE sessions s SET session_index = n.number
            FROM (SELECT session_id, row_number() OVER (ORDER BY started_at, session_id)::int AS number
                  FROM sessions WHERE site_id = \(site) AND participant = \(participant)) n
            WHERE s.session_id = n.session_id AND s.session_index IS DISTINCT FROM n.number
            """, logger: logger)
    }

    private static func projectPlan(
        _ plan: AssignedPlan, on connection: PostgresConnection, logger: Logger, device: UUID, file: String
    ) async throws {
        guard let participant = StudyDatabase.participant(of: file) else { return }
        try await connection.query(
            """
            INSERT INTO plans (device_id, file, site_id, participant, version, name, assigned_at, source,
              total_sessions, sessions_per_week, plan)
            SELECT d.id, \(file), d.site_id, \(participant), \(plan.version), \(plan.plan.name), \(plan.assignedAt),
              \(plan.source), \(plan.plan.totalSessions), \(plan.plan.sessionsPerWeek),
              \(plan.planJSON.rendered())::jsonb
            FROM devices d WHERE d.id = \(device)
            ON CONFLICT (device_id, file) DO NOTHING
            """, logger: logger)
    }

    /// One version of a machine's profile.json (the newest of the item that brought it).
    private static func projectProfile(
        _ profile: HearingProfile, on connection: PostgresConnection, logger: Logger, device: UUID, file: String
    ) async throws {
        let document = String(decoding: HearingProfile.encoded(versions: [profile]), as: UTF8.self)
        try await connection.query(
            """
            INSERT INTO profiles (device_id, file, version, site_id, participant, created_at, source, gain_rule,
              max_gain_db, ceiling_dbfs, max_volume_db, notch_width_octaves, tinnitus_pitch_hz, calibrated, profile)
            SELECT d.id, \(file), \(profile.version), d.site_id, \(profile.participant), \(profile.createdAt),
              \(profile.source), \(profile.gainRule.rawValue), \(profile.maxGainDB), \(profile.ceilingDBFS),
              \(profile.maxVolumeDB), \(profile.notchWidthOctaves), \(profile.tinnitus?.pitchHz),
              \(profile.calibration != nil), \(document)::jsonb
            FROM devices d WHERE d.id = \(device)
            ON CONFLICT (device_id, file, version) DO NOTHING
            """, logger: logger)
    }

    /// Fills the projection tables from every item held (migration 4 runs it in its transaction, so a database
    /// made before the tables existed gets them whole): each file's items decoded as at ingest, a session's
    /// states in the order received.
    static func backfillProjections(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(IngestStaging.create, logger: logger)
        let files = try await connection.query(
            """
            SELECT f.device_id, f.file, f.kind, f.header FROM sync_files f
            ORDER BY (SELECT max(received_at) FROM sync_items i WHERE i.device_id = f.device_id AND i.file = f.file),
              f.device_id, f.file
            """, logger: logger
        ).collect().map { try $0.decode((UUID, String, String, String?).self) }
        for (device, file, kind, header) in files {
            let siteID = try await connection.query(
                "SELECT site_id FROM devices WHERE id = \(device)", logger: logger
            ).collect().one("a synced file's site").decode(Int.self)
            var items = try await connection.query(
                "SELECT item, content FROM sync_items WHERE device_id = \(device) AND file = \(file) ORDER BY item",
                logger: logger
            ).collect().map { try $0.decode((Int, String).self) }
            if kind == "session", let latest = items.last { items = [latest] }
            guard let first = items.first?.0 else { continue }
            let (decoded, _) = try DecodedItems.decode(
                kind: kind, file: file, header: header, items: items.map(\.1))
            if case .trials(let rows) = decoded {
                // Staged as ingest stages a batch: the staging table holds one file's rows at a time.
                try await connection.query("DELETE FROM ingest_rows", logger: logger)
                try await IngestStaging.stage(
                    items.map(\.1), redacted: items.map { _ in false }, from: first, trials: rows, on: connection,
                    logger: logger)
            }
            try await project(
                decoded, on: connection, logger: logger, device: device, siteID: siteID, file: file, first: first,
                inserted: Set(items.map(\.0)), content: items.last?.1)
        }
    }
}

extension StudyDatabase {
    /// A `profiles.profile` value read back by StudyRecords' codec. The column holds the version as a file of that
    /// one version (`versions: [it]`, numbered as it was in the machine's file, which the codec would refuse as a
    /// file's first version): its top level is the version, read alone.
    static func storedProfile(_ json: String, path: String) throws -> HearingProfile {
        var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        object["versions"] = nil
        let versions = try HearingProfile.decodeAll(try JSONSerialization.data(withJSONObject: object), path: path)
        return versions[versions.count - 1]
    }
}
