// One row of hrtf-choice.csv: one comparison of two HRTF sets while a participant chose a set by ear.
import Foundation
import TidyFormats

/// `<logs>/<participant>/hrtf-choice.csv` (docs/LOG-FORMAT.md): append-only, owner-only; one row per answered
/// comparison of the Swiss-system tournament (`soundsafari hrtf choose`, the window's "Find my sound"), written
/// the moment it is answered, and a last row `winner` when the choice ends.
public struct HRTFChoiceRow: Sendable, Equatable {
    public enum Answer: String, Sendable, CaseIterable {
        case a
        case b
        case noDifference = "no_difference"
        /// The last row of a choice: `set_1` is the winner, nothing was compared.
        case winner
    }

    public static let columns = [
        "participant", "choice_id", "comparison", "round", "set_1", "set_2", "set_1_sha256", "set_2_sha256",
        "order", "directions_deg", "answer", "preferred", "hear_again", "answer_s", "answered_at", "responder",
    ]

    public var participant: String
    /// The time the choice started (`Timestamp`), shared by every row of one choice.
    public var choiceID: String
    /// 1-based comparison number within the choice; the winner row has the count of comparisons + 1.
    public var comparison: Int
    public var round: Int
    /// The pair in the tournament's ranking order when the round was paired.
    public var set1: String
    public var set2: String
    public var set1SHA256: String
    public var set2SHA256: String
    /// Which set was played first (as A): `1-2` or `2-1`.
    public var order: String
    /// The directions each set was played from, in order, space-separated bearings (`circle` = once around).
    public var directions: String
    public var answer: Answer
    /// The set preferred (empty for no difference).
    public var preferred: String
    public var hearAgain: Int
    /// Seconds from the end of the pair's (last) playback to the answer.
    public var answerSeconds: Double?
    public var answeredAt: Date
    /// `patient`, or `simulated:NAME` for a simulated listener whose ears are set NAME.
    public var responder: String

    public init(
        participant: String, choiceID: String, comparison: Int, round: Int, set1: String, set2: String,
        set1SHA256: String, set2SHA256: String, order: String, directions: String, answer: Answer, preferred: String,
        hearAgain: Int, answerSeconds: Double?, answeredAt: Date, responder: String
    ) {
        self.participant = participant
        self.choiceID = choiceID
        self.comparison = comparison
        self.round = round
        self.set1 = set1
        self.set2 = set2
        self.set1SHA256 = set1SHA256
        self.set2SHA256 = set2SHA256
        self.order = order
        self.directions = directions
        self.answer = answer
        self.preferred = preferred
        self.hearAgain = hearAgain
        self.answerSeconds = answerSeconds
        self.answeredAt = answeredAt
        self.responder = responder
    }

    public var values: [CSVValue] {
        [
            .text(participant), .text(choiceID), .integer(comparison), .integer(round), .text(set1), .text(set2),
            .text(set1SHA256), .text(set2SHA256), .text(order), .text(directions), .text(answer.rawValue),
            .text(preferred), .integer(hearAgain), answerSeconds.map { .decimal($0, fractionDigits: 3) } ?? .empty,
            .text(Timestamp.format(answeredAt)), .text(responder),
        ]
    }
}

extension HRTFChoiceRow: CSVLogRecord {
    public var valuesByColumn: [String: CSVValue] { Dictionary(uniqueKeysWithValues: zip(Self.columns, values)) }

    public init(_ row: CSVRow) throws {
        participant = try row.text("participant")
        choiceID = try row.text("choice_id")
        comparison = try row.integer("comparison")
        round = try row.integer("round")
        set1 = try row.text("set_1")
        set2 = try row.text("set_2")
        set1SHA256 = try row.text("set_1_sha256")
        set2SHA256 = try row.text("set_2_sha256")
        order = try row.text("order")
        let answerText = try row.text("answer")
        guard let answer = Answer(rawValue: answerText) else {
            throw row.bad("answer", answerText, Answer.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.answer = answer
        if answer != .winner && order != "1-2" && order != "2-1" { throw row.bad("order", order, "1-2 or 2-1") }
        directions = try row.text("directions_deg")
        preferred = try row.text("preferred")
        hearAgain = try row.integer("hear_again")
        answerSeconds = try row.optional("answer_s", row.decimal)
        answeredAt = try row.timestamp("answered_at")
        responder = try row.text("responder")
    }
}
