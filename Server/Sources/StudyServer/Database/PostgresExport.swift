// The researcher export: the pooled tidy files (trials, ratings, participants, sessions, with a `site` column)
// and their codebook, streamed from the projection tables row by row into an ExportSink.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

/// The files of an export, in the order they are written.
public enum ExportFile: String, CaseIterable, Sendable {
    case codebook = "codebook.md"
    case participants = "participants.csv"
    case sessions = "sessions.csv"
    case trials = "trials.csv"
    case ratings = "ratings.csv"
    case profiles = "profiles.csv"
    case audiograms = "audiograms.csv"
    case questionnaires = "questionnaires.csv"
    case diary = "diary.csv"
}

/// How many rows each file got, and what was left out (said, never silent).
public struct ExportSummary: Sendable, Equatable {
    public var sites: [String]
    public var rows: [String: Int] = [:]
    /// Trial rows of sessions whose session.json the server does not hold yet (no server session_index).
    public var trialsWithoutSession = 0

    public var description: String {
        let counts = ExportFile.allCases.compactMap { file in rows[file.rawValue].map { "\(file.rawValue) \($0)" } }
        var text =
            "Exported \(sites.isEmpty ? "no site" : sites.joined(separator: ", ")): "
            + counts.joined(separator: ", ") + " rows."
        if trialsWithoutSession > 0 {
            text +=
                " \(trialsWithoutSession) trial rows were left out: their session.json has not reached the server yet (sync that machine, then export again)."
        }
        return text
    }
}

/// Collects a file's bytes and hands them to the sink in pieces of about 64 KiB.
private struct Chunker<Sink: ExportSink> {
    var sink: Sink
    var buffer: [UInt8] = []

    init(_ sink: Sink) {
        self.sink = sink
        buffer.reserveCapacity(Self.piece + 4096)
    }

    static var piece: Int { 64 * 1024 }

    mutating func append(_ text: String) async throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.piece { try await flush() }
    }

    mutating func flush() async throws {
        guard !buffer.isEmpty else { return }
        try await sink.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

public struct PostgresExport: ExportRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }
}

extension PostgresExport {
    /// The columns of sessions.csv (one row per session; the codebook says what each holds).
    static let sessionColumns = [
        "site", "participant", "session_id", "session_index", "local_session_index", "device_id", "started_at",
        "ended_at", "completed", "ended_by", "played_s", "protocol", "input", "plan", "plan_version", "plan_session",
        "plan_total_sessions", "profile_version", "headphone_check", "headphone_failed_attempts", "dose_fraction",
        "week_dose_fraction", "n_trials",
    ]

    /// One audit row per export: who took which files of which sites.
    public func recordExport(
        sites: [String], files: [ExportFile], by actor: (name: String, role: String), requestID: String? = nil
    ) async throws {
        try await audit(
            actor: actor, action: "export", site: sites.joined(separator: ","),
            after: ["files": files.map(\.rawValue).joined(separator: ",")], requestID: requestID)
    }

    /// The site names an export covers: `site` if given (nil when it does not exist), else every site.
    public func exportSites(_ site: String?) async throws -> [String]? {
        let all = try await PostgresSites(database: database).sites()
        guard let site else { return all }
        return all.contains(site) ? [site] : nil
    }

    /// Writes `files` of the export of `sites` to `sink`, streaming each query row by row (memory stays flat for
    /// any number of rows). Session numbers are the server's (`sessions.session_index`), as LOG-FORMAT's
    /// "Sessions across machines" asks of pooled data.
    public func export(
        sites: [String], files: [ExportFile] = ExportFile.allCases, to sink: inout some ExportSink
    ) async throws -> ExportSummary {
        var summary = ExportSummary(sites: sites)
        var out = Chunker(sink)
        for file in files {
            try await out.sink.begin(file: file.rawValue)
            var count = 0
            switch file {
            case .codebook: try await out.append(ExportCodebook.text(sites: sites))
            case .participants: count = try await exportParticipants(sites: sites, to: &out)
            case .sessions: count = try await exportSessions(sites: sites, to: &out)
            case .trials: count = try await exportTrials(sites: sites, to: &out)
            case .ratings: count = try await exportRatings(sites: sites, to: &out)
            case .profiles: count = try await exportProfiles(sites: sites, to: &out)
            case .audiograms: count = try await exportAudiograms(sites: sites, to: &out)
            case .questionnaires:
                count = try await exportLog(QuestionnaireRow.self, kind: "questionnaires", sites: sites, to: &out)
            case .diary: count = try await exportLog(DiaryRow.self, kind: "diary", sites: sites, to: &out)
            }
            try await out.flush()
            try await out.sink.end(file: file.rawValue)
            if file != .codebook { summary.rows[file.rawValue] = count }
        }
        if files.contains(.trials) {
            summary.trialsWithoutSession =
                try await rows(
                    """
                    SELECT count(*)::int FROM trials t JOIN sites st ON st.id = t.site_id
                    WHERE st.name = ANY(\(sites)) AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = t.session_id)
                    """
                ).first?.decode(Int.self) ?? 0
        }
        sink = out.sink
        return summary
    }

    /// questionnaires.csv and diary.csv: no projection table holds them, so every record the sites' machines sent
    /// of that kind (a participant's file), read with its file's header by the game's codec and written under the
    /// codec's columns after `site`; by site, file and machine, in each file's order.
    private func exportLog<Row: CSVLogRecord>(
        _ type: Row.Type, kind: String, sites: [String], to out: inout Chunker<some ExportSink>
    ) async throws -> Int {
        try await out.append(CSVWriter.headerLine(["site"] + Row.columns))
        var count = 0
        let rows = try await client.query(
            """
            SELECT st.name, f.file, f.header, i.content FROM sync_files f JOIN devices d ON d.id = f.device_id
              JOIN sites st ON st.id = d.site_id
              JOIN sync_items i ON i.device_id = f.device_id AND i.file = f.file
            WHERE st.name = ANY(\(sites)) AND f.kind = \(kind) AND i.redacted_at IS NULL
            ORDER BY st.name, f.file, d.enrolled_at, f.device_id, i.item
            """, logger: logger)
        for try await row in rows {
            let (site, file, header, content) = try row.decode((String, String, String?, String).self)
            let records = try CSVLogFile<Row>.decode(Data(((header ?? "") + content).utf8), file: file).records
            for record in records {
                try await out.append(CSVWriter.line([.text(site)] + record.values(under: Row.columns)))
                count += 1
            }
        }
        return count
    }

    private func exportParticipants(sites: [String], to out: inout Chunker<some ExportSink>) async throws -> Int {
        try await out.append(CSVWriter.headerLine(["site"] + ParticipantRecord.columns))
        var count = 0
        let rows = try await client.query(
            """
            SELECT st.name, p.participant, p.age, p.gender, p.tinnitus, p.tinnitus_side, p.hearing_aid,
              p.phone_experience_0_5, p.game_experience_0_5, p.registered_at
            FROM participants p JOIN sites st ON st.id = p.site_id
            WHERE st.name = ANY(\(sites)) ORDER BY st.name, p.participant
            """, logger: logger)
        for try await row in rows {
            let (site, id, age, gender, tinnitus, side, aid, phone, game, registered) = try row.decode(
                (String, String, Int?, String, String?, String?, String?, Int?, Int?, Date).self)
            let record = ParticipantRecord(
                participant: try ParticipantID(id), age: age, gender: gender,
                tinnitus: tinnitus.flatMap(ParticipantRecord.YesNo.init),
                tinnitusSide: side.flatMap(ParticipantRecord.Side.init),
                hearingAid: aid.flatMap(ParticipantRecord.YesNo.init), phoneExperience0To5: phone,
                gameExperience0To5: game, registeredAt: registered)
            try await out.append(CSVWriter.line([.text(site)] + record.values(under: ParticipantRecord.columns)))
            count += 1
        }
        return count
    }

    private func exportSessions(sites: [String], to out: inout Chunker<some ExportSink>) async throws -> Int {
        try await out.append(CSVWriter.headerLine(Self.sessionColumns))
        var count = 0
        let rows = try await client.query(
            """
            SELECT st.name, s.participant, s.session_id, s.session_index, s.local_session_index, s.machine_id,
              s.started_at, s.ended_at, s.completed, s.ended_by, s.played_s, s.protocol, s.input, s.plan_name,
              s.plan_version, s.plan_session, s.plan_total_sessions, s.profile_version, s.headphone_check,
              s.headphone_failed_attempts, s.dose_fraction, s.week_dose_fraction, s.trial_count
            FROM sessions s JOIN sites st ON st.id = s.site_id
            WHERE st.name = ANY(\(sites)) ORDER BY st.name, s.participant, s.session_index
            """, logger: logger)
        func int(_ value: Int?) -> CSVValue { value.map(CSVValue.integer) ?? .empty }
        func decimal(_ value: Double?, _ digits: Int) -> CSVValue {
            value.map { .decimal($0, fractionDigits: digits) } ?? .empty
        }
        func text(_ value: String?) -> CSVValue { value.map(CSVValue.text) ?? .empty }
        for try await row in rows {
            let cells = row.makeRandomAccess()
            let values: [CSVValue] = [
                .text(try cells[0].decode(String.self)), .text(try cells[1].decode(String.self)),
                .text(try cells[2].decode(String.self)), int(try cells[3].decode(Int?.self)),
                int(try cells[4].decode(Int?.self)), .text(try cells[5].decode(String.self)),
                .text(Timestamp.format(try cells[6].decode(Date.self))),
                text(try cells[7].decode(Date?.self).map(Timestamp.format)), .boolean(try cells[8].decode(Bool.self)),
                text(try cells[9].decode(String?.self)), decimal(try cells[10].decode(Double?.self), 3),
                .text(try cells[11].decode(String.self)), .text(try cells[12].decode(String.self)),
                text(try cells[13].decode(String?.self)), int(try cells[14].decode(Int?.self)),
                int(try cells[15].decode(Int?.self)), int(try cells[16].decode(Int?.self)),
                int(try cells[17].decode(Int?.self)), text(try cells[18].decode(String?.self)),
                int(try cells[19].decode(Int?.self)), decimal(try cells[20].decode(Double?.self), 4),
                decimal(try cells[21].decode(Double?.self), 4), .integer(try cells[22].decode(Int.self)),
            ]
            try await out.append(CSVWriter.line(values))
            count += 1
        }
        return count
    }

    /// trials.csv: every column of the logs' trials.csv (TrialRow's codec writes them), `session_index` the
    /// server's, and `site` first.
    private func exportTrials(sites: [String], to out: inout Chunker<some ExportSink>) async throws -> Int {
        try await out.append(CSVWriter.headerLine(["site"] + TrialRow.columns))
        var count = 0
        let rows = try await client.query(
            """
            SELECT st.name, t.schema_version, t.session_id, t.participant, t.platform, t.input, t.hrtf, t.condition,
              t.background, t.round, t.targets_in_round, t.target_index, t.target, t.target_bearing_deg,
              t.aim_bearing_deg, t.deviation_deg, t.abs_deviation_deg, t.front_back_confusion, t.onset_at, t.shot_at,
              t.time_s, t.front_back_reversal, s.session_index, t.hrtf_sha256, t.protocol, t.onset_frame,
              t.onset_uncertainty_ms, t.plan, t.difficulty_parameter, t.difficulty_value, t.hit, t.staircase_reversal,
              t.volume_db, t.profile_version, t.machine_id, t.skipped, t.stimulus_sha256, t.stimulus_bandwidth_oct,
              t.stimulus_loudness_lufs
            FROM trials t JOIN sessions s ON s.session_id = t.session_id AND s.site_id = t.site_id
              JOIN sites st ON st.id = t.site_id
            WHERE st.name = ANY(\(sites)) ORDER BY st.name, t.participant, s.session_index, t.trial
            """, logger: logger)
        for try await row in rows {
            let c = row.makeRandomAccess()
            let plan = try c[27].decode(String?.self)
            var trial = TrialRow(
                sessionID: try c[2].decode(String.self), participant: try c[3].decode(String.self),
                platform: try c[4].decode(String.self), input: try c[5].decode(String.self),
                hrtf: try c[6].decode(String.self), condition: try c[7].decode(String.self),
                background: try c[8].decode(Bool.self), round: try c[9].decode(Int.self),
                targetsInRound: try c[10].decode(Int.self), targetIndex: try c[11].decode(Int.self),
                target: try c[12].decode(String.self), targetBearingDeg: try c[13].decode(Double.self),
                aimBearingDeg: try c[14].decode(Double.self), deviationDeg: try c[15].decode(Double.self),
                absDeviationDeg: try c[16].decode(Double.self), frontBackConfusion: try c[17].decode(Bool.self),
                onsetAt: try c[18].decode(Date.self), shotAt: try c[19].decode(Date.self),
                timeS: try c[20].decode(Double.self), frontBackReversal: try c[21].decode(Bool.self),
                sessionIndex: try c[22].decode(Int.self), hrtfSHA256: try c[23].decode(String.self),
                protocolName: try c[24].decode(String.self), onsetFrame: try c[25].decode(Int64?.self),
                onsetUncertaintyMS: try c[26].decode(Double?.self),
                training: try plan.map {
                    TrainingColumns(
                        plan: $0, difficultyParameter: try c[28].decode(String.self),
                        difficultyValue: try c[29].decode(Double.self), hit: try c[30].decode(Bool.self),
                        staircaseReversal: try c[31].decode(Bool.self))
                }, volumeDB: try c[32].decode(Double?.self), profileVersion: try c[33].decode(Int?.self),
                deviceID: try c[34].decode(String.self), skipped: try c[35].decode(Bool.self),
                stimulus: try c[36].decode(String?.self).map {
                    StimulusColumns(
                        sha256: $0, bandwidthOctaves: try c[37].decode(Double.self),
                        loudnessLUFS: try c[38].decode(Double?.self))
                })
            trial.schemaVersion = try c[1].decode(Int.self)
            try await out.append(CSVWriter.line([.text(try c[0].decode(String.self))] + trial.values))
            count += 1
        }
        return count
    }

    /// The columns of profiles.csv (one row per version of a machine's profile.json).
    static let profileColumns = [
        "site", "participant", "machine", "version", "created_at", "source", "gain_rule", "max_gain_db",
        "ceiling_dbfs", "max_volume_db", "notch_width_octaves", "tinnitus_pitch_hz", "calibrated", "notch_center_hz",
    ]

    /// Every stored version of the sites' profiles, read back by the game's own codec (the `profile` column holds
    /// the version as a profile.json of one version), with the site and the machine's name.
    private func storedProfiles(
        sites: [String]
    ) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, (String, String, HearingProfile)> {
        try await client.query(
            """
            SELECT st.name, d.name, p.profile::text, p.participant, p.version
            FROM profiles p JOIN sites st ON st.id = p.site_id JOIN devices d ON d.id = p.device_id
            WHERE st.name = ANY(\(sites)) ORDER BY st.name, p.participant, d.name, p.version
            """, logger: logger
        ).map { row in
            let (site, machine, document, participant, version) = try row.decode(
                (String, String, String, String, Int).self)
            let profile = try StudyDatabase.storedProfile(
                document, path: "the stored profile \(version) of \(participant) (\(machine))")
            return (site, machine, profile)
        }
    }

    private func exportProfiles(sites: [String], to out: inout Chunker<some ExportSink>) async throws -> Int {
        try await out.append(CSVWriter.headerLine(Self.profileColumns))
        var count = 0
        func number(_ value: Double?) -> CSVValue { value.map { .decimal($0, fractionDigits: 3) } ?? .empty }
        for try await (site, machine, profile) in try await storedProfiles(sites: sites) {
            try await out.append(
                CSVWriter.line([
                    .text(site), .text(profile.participant), .text(machine), .integer(profile.version),
                    .text(profile.createdAt.map(Timestamp.format) ?? ""), .text(profile.source),
                    .text(profile.gainRule.rawValue), number(profile.maxGainDB), number(profile.ceilingDBFS),
                    number(profile.maxVolumeDB), number(profile.notchWidthOctaves), number(profile.tinnitus?.pitchHz),
                    .boolean(profile.calibration != nil),
                    number(profile.notchWidthOctaves == nil ? nil : profile.effectiveNotchCenterHz),
                ]))
            count += 1
        }
        return count
    }

    /// The columns of audiograms.csv (one row per threshold of each profile version that holds an audiogram).
    static let audiogramColumns = [
        "site", "participant", "machine", "version", "unit", "ear", "frequency_hz", "threshold_db",
    ]

    /// audiograms.csv: every threshold of every profile version, long format (one ear and frequency per row), so
    /// that an analysis of hearing needs no JSON.
    private func exportAudiograms(sites: [String], to out: inout Chunker<some ExportSink>) async throws -> Int {
        try await out.append(CSVWriter.headerLine(Self.audiogramColumns))
        var count = 0
        for try await (site, machine, profile) in try await storedProfiles(sites: sites) {
            guard let audiogram = profile.audiogram else { continue }
            for (ear, levels) in [("left", audiogram.left), ("right", audiogram.right)] {
                for (frequency, level) in levels.sorted(by: { $0.key < $1.key }) {
                    try await out.append(
                        CSVWriter.line([
                            .text(site), .text(profile.participant), .text(machine), .integer(profile.version),
                            .text(audiogram.unit.rawValue), .text(ear), .decimal(frequency, fractionDigits: 1),
                            .decimal(level, fractionDigits: 1),
                        ]))
                    count += 1
                }
            }
        }
        return count
    }

    /// ratings.csv: RatingRow's codec, `session_index` the server's (empty for a prompt outside a session).
    private func exportRatings(sites: [String], to out: inout Chunker<some ExportSink>) async throws -> Int {
        try await out.append(CSVWriter.headerLine(["site"] + RatingRow.columns))
        var count = 0
        let rows = try await client.query(
            """
            SELECT st.name, r.participant, r.session_id, s.session_index, r.local_session_index, r.moment, r.item,
              r.value, r.answered_at, r.prompted_at, r.codebook_version, r.language, r.ambient_level_db,
              r.ambient_level_unit
            FROM ratings r JOIN sites st ON st.id = r.site_id LEFT JOIN sessions s ON s.session_id = r.session_id
            WHERE st.name = ANY(\(sites)) ORDER BY st.name, r.participant, r.answered_at, r.device_id, r.record
            """, logger: logger)
        for try await row in rows {
            let (
                site, participant, session, index, localIndex, moment, item, value, answered, prompted, codebook,
                language, ambientDB, ambientUnit
            ) = try row.decode(
                (
                    String, String, String?, Int?, Int?, String, String, Double?, Date, Date?, Int, String?, Double?,
                    String?
                ).self)
            guard let moment = RatingMoment(rawValue: moment) else {
                throw StudyDatabase.Refusal(
                    description: "A rating of \(participant) holds the moment \(moment), which no codec writes.")
            }
            let ambientLevel = try ambientDB.map { decibels in
                guard let unit = ambientUnit.flatMap(AmbientLevel.Unit.init(rawValue:)) else {
                    throw StudyDatabase.Refusal(
                        description:
                            "A rating of \(participant) holds the ambient level unit \(ambientUnit ?? "NULL"), which no codec writes."
                    )
                }
                return AmbientLevel(decibels: decibels, unit: unit)
            }
            // A rating of a session the server does not hold yet keeps the machine's number rather than none.
            let rating = RatingRow(
                participant: participant, sessionID: session, sessionIndex: session == nil ? nil : index ?? localIndex,
                moment: moment, item: item, value: value, answeredAt: answered, promptedAt: prompted,
                codebookVersion: codebook, language: language, ambientLevel: ambientLevel)
            try await out.append(CSVWriter.line([.text(site)] + rating.values))
            count += 1
        }
        return count
    }
}
