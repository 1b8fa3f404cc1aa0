// One row of a participant's diary.csv: an event or a therapy added, edited (a new version) or removed (a tombstone).
import Foundation
import TidyFormats

/// `<logs>/<participant>/diary.csv` (docs/LOG-FORMAT.md): append-only. Adding an entry writes version 1; an
/// edit writes the entry's next version whole; a removal writes a tombstone (`action` remove) with its time.
/// No line is ever changed or deleted.
public struct DiaryRow: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case event, therapy }
    public enum Action: String, Sendable, CaseIterable { case add, edit, remove }

    public static let columns = [
        "participant", "entry_id", "version", "action", "kind", "name", "type", "date", "end_date", "note",
        "recorded_at",
    ]

    /// Types a person picks from (slugs; `other` for anything else).
    public static let eventTypes = [
        "appointment", "tinnitus-attack", "stressful-period", "illness", "noise-exposure", "medication-change",
        "other",
    ]
    public static let therapyTypes = [
        "auditory-stimulation", "biofeedback", "dental-or-jaw-treatment", "hearing-aid", "medication",
        "neurofeedback", "physical-therapy", "psychotherapy", "sport", "tinnitus-masker-or-noiser",
        "tinnitus-retraining-therapy", "traditional-chinese-medicine", "transcranial-magnetic-stimulation", "other",
    ]

    public static func types(of kind: Kind) -> [String] { kind == .event ? eventTypes : therapyTypes }

    public var participant: String
    /// `E1`, `E2`, … in the order entries were added to this participant's diary.
    public var entryID: String
    public var version: Int
    public var action: Action
    public var kind: Kind
    public var name: String
    public var type: String
    /// A calendar day, `YYYY-MM-DD` (the patient's own; no time zone).
    public var date: String
    /// Therapies only: the last day, or empty while it goes on.
    public var endDate: String
    public var note: String
    public var recordedAt: Date

    public init(
        participant: String, entryID: String, version: Int, action: Action, kind: Kind, name: String, type: String,
        date: String, endDate: String = "", note: String = "", recordedAt: Date
    ) {
        self.participant = participant
        self.entryID = entryID
        self.version = version
        self.action = action
        self.kind = kind
        self.name = name
        self.type = type
        self.date = date
        self.endDate = endDate
        self.note = note
        self.recordedAt = recordedAt
    }

    /// The first thing wrong with the entry as a sentence naming the field, or nil.
    public func problem() -> String? {
        func oneLine(_ text: String, _ field: String, max: Int) -> String? {
            if text.count > max { return "--\(field) is longer than \(max) characters" }
            if text.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
                return "--\(field) must be one line without control characters"
            }
            return nil
        }
        if action != .remove {
            if name.trimmingCharacters(in: .whitespaces).isEmpty { return "--name must not be empty" }
            if let problem = oneLine(name, "name", max: 200) ?? oneLine(note, "note", max: 1000) { return problem }
            if !Self.types(of: kind).contains(type) {
                return
                    "--type '\(type)' is not one of the \(kind.rawValue) types; use one of \(Self.types(of: kind).joined(separator: ", "))"
            }
            guard let start = Self.day(date) else { return "--date '\(date)' is not a day like 2026-11-26" }
            if !endDate.isEmpty {
                guard kind == .therapy else { return "--end-date is for therapies only" }
                guard let end = Self.day(endDate) else { return "--end-date '\(endDate)' is not a day like 2026-11-26" }
                if end < start { return "--end-date \(endDate) is before --date \(date)" }
            }
        }
        return nil
    }

    /// A real calendar day in `YYYY-MM-DD` (2026-02-30 is not one), as midnight UTC.
    /// Byte by byte: a regular expression's `\d` took other scripts' digits, which `Int` then refused, and reading
    /// the missing part trapped (a synced diary row could take the study server down).
    public static func day(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        let digits: Set<Int> = [0, 1, 2, 3, 5, 6, 8, 9]
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            digits.allSatisfy({ (48...57).contains(bytes[$0]) })
        else { return nil }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: number(0..<4), month: number(5..<7), day: number(8..<10))
        guard let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day], from: date) == components
        else { return nil }
        return date
    }
}

extension DiaryRow: CSVLogRecord {
    public var valuesByColumn: [String: CSVValue] {
        [
            "participant": .text(participant), "entry_id": .text(entryID), "version": .integer(version),
            "action": .text(action.rawValue), "kind": .text(kind.rawValue), "name": .text(name), "type": .text(type),
            "date": .text(date), "end_date": .text(endDate), "note": .text(note),
            "recorded_at": .text(Timestamp.format(recordedAt)),
        ]
    }

    public init(_ row: CSVRow) throws {
        participant = try row.text("participant")
        entryID = try row.text("entry_id")
        version = try row.integer("version")
        let actionText = try row.text("action")
        guard let action = Action(rawValue: actionText) else {
            throw row.bad("action", actionText, "add, edit or remove")
        }
        self.action = action
        let kindText = try row.text("kind")
        guard let kind = Kind(rawValue: kindText) else { throw row.bad("kind", kindText, "event or therapy") }
        self.kind = kind
        name = try row.text("name")
        type = try row.text("type")
        date = try row.text("date")
        endDate = try row.text("end_date")
        note = try row.text("note")
        recordedAt = try row.timestamp("recorded_at")
    }
}

/// The diary as it stands: the newest version of each entry that was not removed, by date.
public enum DiaryState {
    public static func current(_ rows: [DiaryRow]) -> [DiaryRow] {
        var newest: [String: DiaryRow] = [:]
        for row in rows where (newest[row.entryID]?.version ?? 0) < row.version { newest[row.entryID] = row }
        return newest.values.filter { $0.action != .remove }.sorted { ($0.date, $0.entryID) < ($1.date, $1.entryID) }
    }

    /// Entry `id` as it stands, as its next version with `action` (an edit, or a removal's tombstone); an id that is
    /// not in the diary, or was removed, is one sentence.
    public static func nextVersion(of id: String, in rows: [DiaryRow], action: DiaryRow.Action, at date: Date) throws
        -> DiaryRow
    {
        guard var next = current(rows).first(where: { $0.entryID == id }) else {
            let participant = rows.first?.participant ?? "this participant"
            throw DiaryError(problem: "\(id) is not an entry of \(participant)'s diary; see diary list")
        }
        next.version = (rows.filter { $0.entryID == id }.map(\.version).max() ?? next.version) + 1
        next.action = action
        next.recordedAt = date
        return next
    }

    /// The id the next added entry gets: `E` and one more than the highest so far.
    public static func nextID(after rows: [DiaryRow]) -> String {
        let highest = rows.compactMap { Int($0.entryID.dropFirst()) }.max() ?? 0
        return "E\(highest + 1)"
    }
}
