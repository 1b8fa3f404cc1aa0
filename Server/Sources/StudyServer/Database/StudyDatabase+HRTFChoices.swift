// Choosing an HRTF set by ear on the server: hrtf-choice.csv's rows projected (migration 71), read back per
// participant with the check after each choice.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

extension StudyDatabase {
    /// One synced row of a participant's hrtf-choice.csv, with the machine that sent it.
    public struct HRTFChoiceEntry: Sendable, Equatable {
        public var deviceID: UUID
        public var item: Int
        public var row: HRTFChoiceRow
    }

    /// How the participant did with one set in one check after a choice (`HRTFCheck`'s session), counted as
    /// `HRTFCheckResult` counts it: skipped targets left out, reversals by trials.csv's `front_back_reversal`.
    public struct HRTFCheckSide: Sendable, Equatable {
        public var sessionID: String
        public var sessionIndex: Int?
        public var startedAt: Date?
        public var condition: String
        public var hrtf: String
        public var trials: Int
        public var meanAbsoluteErrorDeg: Double?
        public var reversals: Int
    }

    /// Stores the new rows of a machine's hrtf-choice.csv in `hrtf_choices` (one row per record, never updated).
    static func projectHRTFChoices(
        _ rows: [(item: Int, record: HRTFChoiceRow)], on connection: PostgresConnection, logger: Logger, device: UUID,
        file: String
    ) async throws {
        guard !rows.isEmpty else { return }
        let json = JSONValue.array(
            rows.map { item, row in
                .object([
                    ("item", .integer(item)), ("participant", .string(row.participant)),
                    ("choice_id", .string(row.choiceID)), ("comparison", .integer(row.comparison)),
                    ("round", .integer(row.round)), ("set_1", .string(row.set1)), ("set_2", .string(row.set2)),
                    ("set_1_sha256", .string(row.set1SHA256)), ("set_2_sha256", .string(row.set2SHA256)),
                    ("play_order", .string(row.order)), ("directions_deg", .string(row.directions)),
                    ("answer", .string(row.answer.rawValue)), ("preferred", .string(row.preferred)),
                    ("hear_again", .integer(row.hearAgain)), ("answer_s", .num(row.answerSeconds)),
                    ("answered_at", .string(Timestamp.format(row.answeredAt))),
                    ("responder", .string(row.responder)),
                ])
            }
        ).rendered()
        try await connection.query(
            """
            INSERT INTO hrtf_choices (device_id, file, item, site_id, participant, choice_id, comparison, round, set_1,
              set_2, set_1_sha256, set_2_sha256, play_order, directions_deg, answer, preferred, hear_again, answer_s,
              answered_at, responder)
            SELECT d.id, \(file), r.item, d.site_id, r.participant, r.choice_id, r.comparison, r.round, r.set_1,
              r.set_2, r.set_1_sha256, r.set_2_sha256, r.play_order, r.directions_deg, r.answer, r.preferred,
              r.hear_again, r.answer_s, r.answered_at, r.responder
            FROM devices d, jsonb_to_recordset(\(json)::jsonb) AS r(item int, participant text, choice_id text,
              comparison int, round int, set_1 text, set_2 text, set_1_sha256 text, set_2_sha256 text,
              play_order text, directions_deg text, answer text, preferred text, hear_again int, answer_s float8,
              answered_at timestamptz, responder text)
            WHERE d.id = \(device)
            ON CONFLICT (device_id, file, item) DO NOTHING
            """, logger: logger)
    }

    /// Every synced hrtf-choice.csv row of `participant` at `site`, by choice, machine and record.
    public func hrtfChoices(site: String, participant: String) async throws -> [HRTFChoiceEntry] {
        try await rows(
            """
            SELECT c.device_id, c.item, c.participant, c.choice_id, c.comparison, c.round, c.set_1, c.set_2,
              c.set_1_sha256, c.set_2_sha256, c.play_order, c.directions_deg, c.answer, c.preferred, c.hear_again,
              c.answer_s, c.answered_at, c.responder
            FROM hrtf_choices c JOIN sites s ON s.id = c.site_id
            WHERE s.name = \(site) AND c.participant = \(participant) ORDER BY min(c.answered_at) OVER (PARTITION BY c.device_id, c.choice_id), c.device_id, c.item
            """
        ).map { row in
            let c = try row.decode(
                (
                    UUID, Int, String, String, Int, Int, String, String, String, String, String, String, String,
                    String, Int, Double?, Date, String
                ).self)
            // The table takes only the codec's answers (migration 71's check), so none falls back.
            let answer = HRTFChoiceRow.Answer(rawValue: c.12) ?? .noDifference
            return HRTFChoiceEntry(
                deviceID: c.0, item: c.1,
                row: HRTFChoiceRow(
                    participant: c.2, choiceID: c.3, comparison: c.4, round: c.5, set1: c.6,
                    set2: c.7, set1SHA256: c.8, set2SHA256: c.9, order: c.10, directions: c.11, answer: answer,
                    preferred: c.13, hearAgain: c.14, answerSeconds: c.15, answeredAt: c.16, responder: c.17))
        }
    }

    /// The checks after a choice (sessions of the protocol `hrtf-check`) of `participant` at `site`: per session
    /// and condition, the set heard, its trials, mean absolute error and front-back reversals; oldest first.
    public func hrtfChecks(site: String, participant: String) async throws -> [HRTFCheckSide] {
        try await rows(
            """
            SELECT t.session_id, x.session_index, x.started_at, t.condition, t.hrtf,
              count(*) FILTER (WHERE NOT t.skipped)::int, avg(t.abs_deviation_deg) FILTER (WHERE NOT t.skipped),
              count(*) FILTER (WHERE NOT t.skipped AND t.front_back_reversal)::int
            FROM trials t JOIN sites s ON s.id = t.site_id
              LEFT JOIN sessions x ON x.session_id = t.session_id AND x.site_id = t.site_id
            WHERE s.name = \(site) AND t.participant = \(participant) AND t.protocol = \(HRTFCheck.protocolName)
            GROUP BY t.session_id, x.session_index, x.started_at, t.condition, t.hrtf
            ORDER BY min(t.onset_at), t.session_id, t.condition DESC
            """
        ).map { row in
            let c = try row.decode((String, Int?, Date?, String, String, Int, Double?, Int).self)
            return HRTFCheckSide(
                sessionID: c.0, sessionIndex: c.1, startedAt: c.2, condition: c.3, hrtf: c.4, trials: c.5,
                meanAbsoluteErrorDeg: c.6, reversals: c.7)
        }
    }
}
