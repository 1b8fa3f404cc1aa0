// The one check of an hrtf-choice.csv row beyond its codec: what the game writes, the study server takes.
import Foundation

extension HRTFChoiceRow {
    /// The longest set name or directions text kept (a set is named after its SOFA file).
    public static let maximumTextLength = 200

    /// The first thing wrong with the row as its column and a clause, or nil: the folder's participant (when
    /// given), a comparison, round and hear-again count the game can write, SHA-256 digests, `preferred` being the
    /// set the answer names (A is `set_1` for the order `1-2`), and the winner row's empty pair fields.
    /// The game checks each row before it appends it (`HRTFChoiceRun`); the study server refuses a synced row that
    /// fails it (400 naming the record and column).
    public func problem(inFileOf folder: String?) -> (column: String, reason: String)? {
        if let folder, participant != folder {
            return ("participant", "is \(participant.debugDescription), not \(folder.debugDescription) of its folder")
        }
        if Timestamp.parse(choiceID) == nil {
            return ("choice_id", "\(choiceID.prefix(40).debugDescription) is not a timestamp like 2026-11-29T07:42:16Z")
        }
        let counts = [("comparison", comparison, 1), ("round", round, 1), ("hear_again", hearAgain, 0)]
        for (column, value, lowest) in counts where value < lowest || value > Int(Int32.max) {
            return (column, "is \(value), not from \(lowest) to \(Int32.max)")
        }
        for (column, text) in [("set_1", set1), ("set_2", set2), ("directions_deg", directions)] {
            if let reason = Self.textProblem(text) { return (column, reason) }
        }
        for (column, digest) in [("set_1_sha256", set1SHA256), ("set_2_sha256", set2SHA256)]
        where !digest.isEmpty && !Self.isDigest(digest) {
            return (column, "is not 64 lowercase hexadecimal digits (or empty for a set built into OpenAL Soft)")
        }
        if set1.isEmpty { return ("set_1", "is empty: every row names a set") }
        if !["patient"].contains(responder) && !(responder.hasPrefix("simulated:") && responder.count > 10) {
            return ("responder", "\(responder.prefix(40).debugDescription) is not patient or simulated:NAME")
        }
        if answer == .winner {
            if !set2.isEmpty || !set2SHA256.isEmpty || !order.isEmpty {
                return ("set_2", "must be empty on the winner row, as set_2_sha256 and order are")
            }
            if preferred != set1 { return ("preferred", "must be the winner, set_1, on the winner row") }
            if answerSeconds != nil { return ("answer_s", "must be empty on the winner row") }
            return nil
        }
        if set2.isEmpty || set2 == set1 { return ("set_2", "must name the other set of the pair") }
        if let seconds = answerSeconds, !(0...Double(Int32.max)).contains(seconds) {
            return ("answer_s", "is \(seconds), not from 0 to \(Int32.max) seconds")
        }
        let (a, b) = order == "1-2" ? (set1, set2) : (set2, set1)
        let expected = answer == .a ? a : answer == .b ? b : ""
        if preferred != expected {
            return (
                "preferred",
                expected.isEmpty
                    ? "must be empty for no_difference"
                    : "must be \(expected.debugDescription), the set played as \(answer == .a ? "A" : "B") (order \(order))"
            )
        }
        return nil
    }

    /// At most `maximumTextLength` characters, one line without control characters.
    static func textProblem(_ text: String) -> String? {
        if text.count > maximumTextLength { return "is longer than \(maximumTextLength) characters" }
        if text.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
            return "holds a control character"
        }
        return nil
    }

    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// An hrtf-choice.csv row the game will not write: one sentence naming the column.
public struct HRTFChoiceRowError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let description: String
    public init(column: String, reason: String) {
        description = "The HRTF choice's row was not written: its \(column) \(reason)."
    }
    public var errorDescription: String? { description }
}
