// The HRTF choices in PostgreSQL (`hrtf_choices`, projected at ingest) and the checks' trials.
import Foundation
import PostgresNIO
import StudyRecords

public struct PostgresHRTFChoices: HRTFChoicesRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// Every synced hrtf-choice.csv row of `participant` at `site`, by choice, machine and record.
    public func hrtfChoices(site: String, participant: String) async throws -> [StudyDatabase.HRTFChoiceEntry] {
        try await prepared(Choices.self, Choices.query(site: site, participant: participant)).map { row in
            let c = try row.decode(
                (
                    UUID, Int, String, String, Int, Int, String, String, String, String, String, String, String,
                    String, Int, Double?, Date, String
                ).self)
            // The table takes only the codec's answers (migration 71's check), so none falls back.
            let answer = HRTFChoiceRow.Answer(rawValue: c.12) ?? .noDifference
            return StudyDatabase.HRTFChoiceEntry(
                deviceID: c.0, item: c.1,
                row: HRTFChoiceRow(
                    participant: c.2, choiceID: c.3, comparison: c.4, round: c.5, set1: c.6,
                    set2: c.7, set1SHA256: c.8, set2SHA256: c.9, order: c.10, directions: c.11, answer: answer,
                    preferred: c.13, hearAgain: c.14, answerSeconds: c.15, answeredAt: c.16, responder: c.17))
        }
    }

    /// The checks after a choice (sessions of the protocol `hrtf-check`) of `participant` at `site`: per session
    /// and condition, the set heard, its trials, mean absolute error and front-back reversals; oldest first.
    public func hrtfChecks(site: String, participant: String) async throws -> [StudyDatabase.HRTFCheckSide] {
        try await prepared(Checks.self, Checks.query(site: site, participant: participant)).map { row in
            let c = try row.decode((String, Int?, Date?, String, String, Int, Double?, Int).self)
            return StudyDatabase.HRTFCheckSide(
                sessionID: c.0, sessionIndex: c.1, startedAt: c.2, condition: c.3, hrtf: c.4, trials: c.5,
                meanAbsoluteErrorDeg: c.6, reversals: c.7)
        }
    }

    /// The statement of `hrtfChoices`, planned once per connection (`PreparedText`).
    private enum Choices: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT c.device_id, c.item, c.participant, c.choice_id, c.comparison, c.round, c.set_1, c.set_2,
              c.set_1_sha256, c.set_2_sha256, c.play_order, c.directions_deg, c.answer, c.preferred, c.hear_again,
              c.answer_s, c.answered_at, c.responder
            FROM hrtf_choices c JOIN sites s ON s.id = c.site_id
            WHERE s.name = \(site) AND c.participant = \(participant) ORDER BY min(c.answered_at) OVER (PARTITION BY c.device_id, c.choice_id), c.device_id, c.item
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }

    /// The statement of `hrtfChecks`, planned once per connection (`PreparedText`). The protocol is written into the
    /// text, a constant: a plan kept for any value could not use the partial index of its trials (migration 82).
    private enum Checks: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT t.session_id, x.session_index, x.started_at, t.condition, t.hrtf,
              count(*) FILTER (WHERE NOT t.skipped)::int, avg(t.abs_deviation_deg) FILTER (WHERE NOT t.skipped),
              count(*) FILTER (WHERE NOT t.skipped AND t.front_back_reversal)::int
            FROM trials t JOIN sites s ON s.id = t.site_id
              LEFT JOIN sessions x ON x.session_id = t.session_id AND x.site_id = t.site_id
            WHERE s.name = \(site) AND t.participant = \(participant) AND t.protocol = '\(unescaped: HRTFCheck.protocolName)'
            GROUP BY t.session_id, x.session_index, x.started_at, t.condition, t.hrtf
            ORDER BY min(t.onset_at), t.session_id, t.condition DESC
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }
}
