// One participant's answers as participants.csv stores them (docs/LOG-FORMAT.md): a pseudonym, no names or e-mail.
import Foundation
import TidyFormats

/// The participant sheet. Every answer is optional (a participant may decline one); ranges are
/// checked by `validate()`.
public struct ParticipantRecord: Equatable, Sendable {
    public enum YesNo: String, Sendable, CaseIterable { case yes, no }
    public enum Side: String, Sendable, CaseIterable { case left, right, both, none }

    public static let columns = [
        "participant", "age", "gender", "tinnitus", "tinnitus_side", "hearing_aid",
        "phone_experience_0_5", "game_experience_0_5", "registered_at",
    ]

    public var participant: ParticipantID
    public var age: Int?
    /// Free text as the participant describes it (empty when not given).
    public var gender: String
    public var tinnitus: YesNo?
    public var tinnitusSide: Side?
    public var hearingAid: YesNo?
    public var phoneExperience0To5: Int?
    public var gameExperience0To5: Int?
    public var registeredAt: Date

    public init(
        participant: ParticipantID, age: Int? = nil, gender: String = "", tinnitus: YesNo? = nil,
        tinnitusSide: Side? = nil, hearingAid: YesNo? = nil, phoneExperience0To5: Int? = nil,
        gameExperience0To5: Int? = nil, registeredAt: Date = Date()
    ) {
        self.participant = participant
        self.age = age
        self.gender = gender
        self.tinnitus = tinnitus
        self.tinnitusSide = tinnitusSide
        self.hearingAid = hearingAid
        self.phoneExperience0To5 = phoneExperience0To5
        self.gameExperience0To5 = gameExperience0To5
        self.registeredAt = registeredAt
    }

    /// The first answer out of range, as a sentence, or nil when all are fine.
    public func validationProblem() -> String? {
        if let age, !(1...130).contains(age) { return "age \(age) is not between 1 and 130" }
        if let value = phoneExperience0To5, !(0...5).contains(value) {
            return "phone_experience_0_5 \(value) is not between 0 and 5"
        }
        if let value = gameExperience0To5, !(0...5).contains(value) {
            return "game_experience_0_5 \(value) is not between 0 and 5"
        }
        if gender.contains("@") { return "gender must not hold an e-mail address" }
        return nil
    }

    /// Field values by column name (an unanswered question is an empty cell).
    public var valuesByColumn: [String: CSVValue] {
        [
            "participant": .text(participant.value),
            "age": age.map(CSVValue.integer) ?? .empty,
            "gender": .text(gender),
            "tinnitus": tinnitus.map { .text($0.rawValue) } ?? .empty,
            "tinnitus_side": tinnitusSide.map { .text($0.rawValue) } ?? .empty,
            "hearing_aid": hearingAid.map { .text($0.rawValue) } ?? .empty,
            "phone_experience_0_5": phoneExperience0To5.map(CSVValue.integer) ?? .empty,
            "game_experience_0_5": gameExperience0To5.map(CSVValue.integer) ?? .empty,
            "registered_at": .text(Timestamp.format(registeredAt)),
        ]
    }

    /// Reads a participants.csv row; columns the supervisor added are ignored here and kept in the file.
    public init(_ row: CSVRow) throws {
        let id = try row.text("participant")
        do { participant = try ParticipantID(id) } catch {
            throw row.bad("participant", id, "a valid participant ID")
        }
        func optionalInt(_ column: String) throws -> Int? {
            try row.text(column).isEmpty ? nil : row.integer(column)
        }
        func optionalEnum<E: RawRepresentable>(_ column: String, _ type: E.Type) throws -> E?
        where E.RawValue == String {
            let raw = try row.text(column)
            if raw.isEmpty { return nil }
            guard let value = E(rawValue: raw.lowercased()) else {
                throw row.bad(column, raw, "one of the sheet's answers")
            }
            return value
        }
        age = try optionalInt("age")
        gender = try row.text("gender")
        tinnitus = try optionalEnum("tinnitus", YesNo.self)
        tinnitusSide = try optionalEnum("tinnitus_side", Side.self)
        hearingAid = try optionalEnum("hearing_aid", YesNo.self)
        phoneExperience0To5 = try optionalInt("phone_experience_0_5")
        gameExperience0To5 = try optionalInt("game_experience_0_5")
        registeredAt = try row.timestamp("registered_at")
    }
}
