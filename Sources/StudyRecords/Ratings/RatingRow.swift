// One answer (or explicit skip) as a row of ratings.csv: the columns and their encoding.
import Foundation
import TidyFormats

/// One row of `<logs>/<participant>/ratings.csv` (docs/LOG-FORMAT.md). A skipped item has an empty
/// `value` and `skipped` TRUE; an answered one the value in the item's range and `skipped` FALSE.
public struct RatingRow: Sendable, Equatable {
    public static let columns = [
        "participant", "session_id", "session_index", "moment", "item", "value", "answered_at", "prompted_at",
        "skipped", "codebook_version", "language", "ambient_level_db", "ambient_level_unit",
    ]

    /// The header of a ratings.csv begun before issue 41, which had no `language` column. Such a file keeps it (a
    /// patient's file is never rewritten): its rows, also those appended later, are written under it and read with
    /// `language` nil (docs/LOG-FORMAT.md, "ratings.csv").
    public static let columnsBeforeLanguage = Array(columns.prefix(10))

    /// The header of a ratings.csv begun before issue 45, which had no ambient level: kept as the older one is, its
    /// rows read with `ambientLevel` nil.
    public static let columnsBeforeAmbientLevel = Array(columns.prefix(11))

    /// Every header a ratings.csv may have, newest first; a file with another one is not read or appended to.
    public static let headers = [columns, columnsBeforeAmbientLevel, columnsBeforeLanguage]

    public var participant: String
    /// Empty for a prompt outside a session.
    public var sessionID: String?
    public var sessionIndex: Int?
    public var moment: RatingMoment
    public var item: String
    /// nil when skipped.
    public var value: Double?
    public var answeredAt: Date
    /// When the reminder asked (prompt answers only).
    public var promptedAt: Date?
    public var codebookVersion: Int
    /// The language the question was shown in (`Language`'s code, `en`, `de`); nil when not recorded: a row of a file
    /// without the column (begun before issue 41, when every rating was asked in English; a run appending to such a
    /// file later cannot record it either), written as an empty cell where a header has the column.
    public var language: String?
    /// The sound level around the patient while the sitting was open (issue 45); nil when not measured: no
    /// microphone, the patient did not allow it, a simulated session, or a file without the columns.
    public var ambientLevel: AmbientLevel?

    public var skipped: Bool { value == nil }

    public init(
        participant: String, sessionID: String?, sessionIndex: Int?, moment: RatingMoment, item: String,
        value: Double?, answeredAt: Date, promptedAt: Date? = nil, codebookVersion: Int = RatingItem.codebookVersion,
        language: String?, ambientLevel: AmbientLevel? = nil
    ) {
        self.participant = participant
        self.sessionID = sessionID
        self.sessionIndex = sessionIndex
        self.moment = moment
        self.item = item
        self.value = value
        self.answeredAt = answeredAt
        self.promptedAt = promptedAt
        self.codebookVersion = codebookVersion
        self.language = language
        self.ambientLevel = ambientLevel
    }

    /// Sliders keep three decimals (a 1000-pixel slider's resolution); yes/no and SAM are whole numbers.
    static let valueDigits = 3

    public var values: [CSVValue] {
        [
            .text(participant), .text(sessionID ?? ""), .text(sessionIndex.map(String.init) ?? ""),
            .text(moment.rawValue), .text(item),
            .text(value.map { String(format: "%.\(Self.valueDigits)f", $0) } ?? ""),
            .text(Timestamp.format(answeredAt)), .text(promptedAt.map(Timestamp.format) ?? ""),
            .text(skipped ? "TRUE" : "FALSE"), .text(String(codebookVersion)), .text(language ?? ""),
            // A number, never formula-guarded: a level in dBFS is negative.
            ambientLevel.map { .decimal($0.decibels, fractionDigits: AmbientLevel.digits) } ?? .empty,
            .text(ambientLevel?.unit.rawValue ?? ""),
        ]
    }

    /// Reads a row back (file and line in every error).
    public init(_ row: CSVRow) throws {
        participant = try row.text("participant")
        let session = try row.text("session_id")
        sessionID = session.isEmpty ? nil : session
        let index = try row.text("session_index")
        sessionIndex = index.isEmpty ? nil : try row.integer("session_index")
        let momentText = try row.text("moment")
        guard let moment = RatingMoment(rawValue: momentText) else {
            throw row.bad("moment", momentText, "before, after or prompt")
        }
        self.moment = moment
        // LOG-FORMAT: only a prompt stands outside a session; a before or after rating without one was read by every
        // tool until the analyzer, which refused the whole file.
        guard moment == .prompt || (sessionID != nil && sessionIndex != nil) else {
            throw row.bad(
                sessionID == nil ? "session_id" : "session_index", sessionID == nil ? session : index,
                "the session it was answered \(moment.rawValue) (only a prompt's is empty)")
        }
        item = try row.text("item")
        let valueText = try row.text("value")
        value = valueText.isEmpty ? nil : try row.decimal("value")
        answeredAt = try row.timestamp("answered_at")
        promptedAt = try row.text("prompted_at").isEmpty ? nil : try row.timestamp("prompted_at")
        codebookVersion = try row.integer("codebook_version")
        // Absent (a file begun before the column) or empty (the analyzer's reader gives an absent column so): not recorded.
        let code = row.has("language") ? try row.text("language") : ""
        language = code.isEmpty ? nil : code
        // Absent or empty: not measured. The level and its unit go together.
        let level = row.has("ambient_level_db") ? try row.text("ambient_level_db") : ""
        let unit = row.has("ambient_level_unit") ? try row.text("ambient_level_unit") : ""
        if level.isEmpty && unit.isEmpty {
            ambientLevel = nil
        } else if level.isEmpty {
            throw row.bad("ambient_level_db", level, "the level in its unit's decibels (empty only with an empty unit)")
        } else {
            guard let known = AmbientLevel.Unit(rawValue: unit) else {
                throw row.bad("ambient_level_unit", unit, "dBFS or dBA (empty only with an empty level)")
            }
            ambientLevel = AmbientLevel(decibels: try row.decimal("ambient_level_db"), unit: known)
        }
        // TRUE/FALSE as written; true/false as older SoundSafari logs spell booleans.
        let skippedText = try row.text("skipped")
        guard let skipped = ["TRUE": true, "true": true, "FALSE": false, "false": false][skippedText],
            skipped == (value == nil)
        else { throw row.bad("skipped", skippedText, "TRUE exactly when value is empty, FALSE otherwise") }
    }
}
