// The one check of a ratings.csv row: only what the game could have written into a participant's own file.
import Foundation
import Localization
import TidyFormats

extension RatingRow {
    /// The column that makes this row one the game never writes into `participant`'s own ratings.csv, and why (said
    /// after the cell's text: "'P08' is another participant…"); nil when the game could have written it. `participant`
    /// nil: the file's owner is not known, so only the row's own columns are judged. The decoder (`init(_:)`) has
    /// checked what a cell's text can say (a moment, a number, a timestamp, skipped against value); this is the rest of
    /// each column's domain, one rule for the analyzer and the study server.
    public func problem(inFileOf participant: String?) -> (column: String, reason: String)? {
        if let reason = ParticipantID.problem(with: self.participant) {
            return ("participant", "is no participant ID (\(reason))")
        }
        if let participant, self.participant != participant {
            return (
                "participant",
                "is another participant than the one whose ratings.csv this is ('\(participant)'); each participant's answers belong in their own folder's file"
            )
        }
        if moment == .prompt {
            if sessionID != nil { return ("session_id", "names a session, but a prompt's answer belongs to none") }
            if sessionIndex != nil {
                return ("session_index", "names a session, but a prompt's answer belongs to none")
            }
        } else if promptedAt != nil {
            return ("prompted_at", "is set on a \(moment.rawValue) answer, but only a prompt's answer has one")
        }
        if let sessionID, SessionID(folderName: sessionID) == nil {
            return ("session_id", "is not a session folder's name such as 20261121T201500Z-3f9c")
        }
        // Pooled, a session's number is a 32-bit column (the study server's `ratings`), as trials.csv's is.
        if let sessionIndex, !(1...Int(Int32.max)).contains(sessionIndex) {
            return ("session_index", "is not a session number (1, 2, … up to \(Int32.max))")
        }
        let versions = RatingItem.poolableCodebookVersions
        guard versions.contains(codebookVersion) else {
            return (
                "codebook_version",
                "is not \(versions.lowerBound) to \(versions.upperBound), the codebook versions this program knows (docs/RATINGS-CODEBOOK.md)"
            )
        }
        if let language, Language(rawValue: language) == nil {
            let codes = Language.allCases.map(\.rawValue).joined(separator: ", ")
            return ("language", "is not the code of a language this program asks in (\(codes))")
        }
        if let ambientLevel, !AmbientLevel.plausible(ambientLevel.unit).contains(ambientLevel.decibels) {
            let range = AmbientLevel.plausible(ambientLevel.unit)
            return (
                "ambient_level_db",
                "is not a level in \(ambientLevel.unit.rawValue) (\(Int(range.lowerBound)) to \(Int(range.upperBound)))"
            )
        }
        guard let known = RatingItem.named(item) else {
            return ("item", "is not an item of the codebook (\(RatingItem.all.map(\.id).joined(separator: ", ")))")
        }
        // Version 1 asked every item before and after; version 2 stopped asking concentration before the rounds.
        if codebookVersion >= 2, !known.isAsked(at: moment) {
            return ("item", "is not asked \(moment.rawValue) a session in codebook version \(codebookVersion)")
        }
        if let value, !known.accepts(value) {
            let range = known.validRange
            let whole: String
            if case .slider = known.scale { whole = "" } else { whole = ", whole numbers" }
            return (
                "value",
                "is not a value of '\(item)' (\(Int(range.lowerBound)) to \(Int(range.upperBound))\(whole))"
            )
        }
        return nil
    }

    /// Reads a row through the codec and the check above; an error naming the file, line and column otherwise.
    public static func checked(_ row: CSVRow, inFileOf participant: String?) throws -> RatingRow {
        let decoded = try RatingRow(row)
        if let (column, reason) = decoded.problem(inFileOf: participant) {
            throw row.invalid(column, reason)
        }
        return decoded
    }
}
