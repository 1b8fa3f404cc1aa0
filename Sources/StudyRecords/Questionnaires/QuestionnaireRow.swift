// One row of a participant's questionnaires.csv: an answer (or skip) of an administration, or its score when finished.
import Foundation
import TidyFormats

/// `<logs>/<participant>/questionnaires.csv` (docs/LOG-FORMAT.md): append-only, one `answer` row per item answered
/// or skipped the moment the patient moves on, then, when the administration is finished, one `subscale` row per
/// subscale of a scored instrument and last the `finished` row (its total). No line is ever changed or deleted.
public struct QuestionnaireRow: Sendable, Equatable {
    public enum Record: String, Sendable, CaseIterable { case answer, subscale, finished }

    public static let columns = [
        "participant", "administration", "instrument", "instrument_version", "language", "moment", "session_index",
        "record", "item", "value", "skipped", "band", "missing_items", "prorated", "recorded_at",
    ]

    public var participant: String
    /// `A1`, `A2`, … in the order administrations were begun (numbered under the file's lock).
    public var administration: String
    public var instrument: String
    public var instrumentVersion: Int
    public var language: String
    public var moment: QuestionnaireMoment
    /// The plan session the administration belongs to (`periodic`, `follow_up`); nil otherwise.
    public var sessionIndex: Int?
    public var record: Record
    /// The item's id (`answer`), the subscale's id (`subscale`) or `total` (`finished`).
    public var item: String
    /// The answer's cell (nil: skipped), or the score (nil: not scored, or too many items missing).
    public var value: String?
    public var band: String?
    /// Score rows of a scored instrument: the unanswered scored items of that part.
    public var missingItems: Int?
    public var prorated: Bool?
    public var recordedAt: Date

    public init(
        participant: String, administration: String, instrument: String, instrumentVersion: Int, language: String,
        moment: QuestionnaireMoment, sessionIndex: Int?, record: Record, item: String, value: String?,
        band: String? = nil, missingItems: Int? = nil, prorated: Bool? = nil, recordedAt: Date
    ) {
        self.participant = participant
        self.administration = administration
        self.instrument = instrument
        self.instrumentVersion = instrumentVersion
        self.language = language
        self.moment = moment
        self.sessionIndex = sessionIndex
        self.record = record
        self.item = item
        self.value = value
        self.band = band
        self.missingItems = missingItems
        self.prorated = prorated
        self.recordedAt = recordedAt
    }

    /// The id of the `finished` row's item.
    public static let totalItem = "total"
}

extension QuestionnaireRow: CSVLogRecord {
    public var valuesByColumn: [String: CSVValue] {
        [
            "participant": .text(participant), "administration": .text(administration), "instrument": .text(instrument),
            "instrument_version": .integer(instrumentVersion), "language": .text(language),
            "moment": .text(moment.rawValue), "session_index": sessionIndex.map(CSVValue.integer) ?? .empty,
            "record": .text(record.rawValue), "item": .text(item),
            // A number stays a number; a patient's text gets the formula guard (`CSVValue.cell`).
            "value": value.map(CSVValue.cell) ?? .empty,
            "skipped": record == .answer ? .boolean(value == nil) : .empty,
            "band": band.map(CSVValue.text) ?? .empty, "missing_items": missingItems.map(CSVValue.integer) ?? .empty,
            "prorated": prorated.map(CSVValue.boolean) ?? .empty, "recorded_at": .text(Timestamp.format(recordedAt)),
        ]
    }

    public init(_ row: CSVRow) throws {
        participant = try row.text("participant")
        administration = try row.text("administration")
        instrument = try row.text("instrument")
        instrumentVersion = try row.integer("instrument_version")
        language = try row.text("language")
        let momentText = try row.text("moment")
        guard let moment = QuestionnaireMoment(rawValue: momentText) else {
            throw row.bad(
                "moment", momentText, QuestionnaireMoment.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.moment = moment
        sessionIndex = try row.optional("session_index", row.integer)
        let recordText = try row.text("record")
        guard let record = Record(rawValue: recordText) else {
            throw row.bad("record", recordText, "answer, subscale or finished")
        }
        self.record = record
        item = try row.text("item")
        let valueText = try row.text("value")
        value = valueText.isEmpty ? nil : valueText
        let bandText = try row.text("band")
        band = bandText.isEmpty ? nil : bandText
        missingItems = try row.optional("missing_items", row.integer)
        prorated = try row.optional("prorated", row.boolean)
        recordedAt = try row.timestamp("recorded_at")
        let skippedText = try row.text("skipped")
        if record == .answer {
            guard try row.boolean("skipped") == (value == nil) else {
                throw row.bad("skipped", skippedText, "TRUE exactly when value is empty, FALSE otherwise")
            }
        } else if !skippedText.isEmpty {
            throw row.bad("skipped", skippedText, "empty in a \(record.rawValue) row")
        }
    }
}
