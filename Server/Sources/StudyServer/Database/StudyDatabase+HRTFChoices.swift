// Choosing an HRTF set by ear on the server: hrtf-choice.csv's rows projected (migration 71), read back per
// participant with the check after each choice.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

extension StudyDatabase {
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
}
