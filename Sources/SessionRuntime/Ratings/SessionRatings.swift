// The questionnaire of one session: which moments are still to be asked, and storing each answer as it is given.
import Foundation
import StudyKit
import StudyRecords

/// The ratings before and after a session's rounds (on when the protocol says `"ratings": true` or the
/// caller's `SessionRequest.ratings` does, e.g. `train`). Each answer is stored the moment it is given,
/// so a questionnaire left halfway keeps what was answered. A resumed session does not ask "before" again
/// once any of its before-answers is stored, and asks "after" once its rounds are all logged.
package final class SessionRatings {
    let sink: any RatingSink
    package let context: RatingContext
    /// When the reminder asked (a prompt's questionnaire, outside any session); nil for before/after.
    let promptedAt: Date?

    init(sink: any RatingSink, context: RatingContext, promptedAt: Date? = nil) {
        self.sink = sink
        self.context = context
        self.promptedAt = promptedAt
    }

    /// The questionnaire a reminder's notification opens (`soundsafari rate`): no session, `prompted_at` set.
    package static func prompt(logs: URL, participant: ParticipantID, promptedAt: Date) -> SessionRatings {
        SessionRatings(
            sink: RatingsLog(logs: logs, participant: participant),
            context: RatingContext(participant: participant.value, sessionID: nil, sessionIndex: nil),
            promptedAt: promptedAt)
    }

    /// Stores one answer (`value` nil: the participant skipped the question) given at `date`, with the level around
    /// the patient measured while the sitting was open (nil: not measured; `simulate` has no microphone).
    package func record(
        _ item: RatingItem, value: Double?, moment: RatingMoment, at date: Date, ambientLevel: AmbientLevel? = nil
    ) throws {
        if let value, !item.accepts(value) {
            throw RatingValueError(item: item.id, value: value, range: item.validRange)
        }
        try sink.record(
            context.row(
                item, value: value, moment: moment, answeredAt: date, promptedAt: promptedAt,
                ambientLevel: ambientLevel))
    }

    /// The items of `moment` this session has not stored yet, in codebook order.
    package func remaining(_ moment: RatingMoment) throws -> [RatingItem] {
        if moment == .prompt { return RatingItem.asked(at: .prompt) }  // every prompt is a questionnaire of its own
        let stored = Set(
            try sink.storedRows().filter { $0.sessionID == context.sessionID && $0.moment == moment }.map(\.item))
        return RatingItem.asked(at: moment).filter { !stored.contains($0.id) }
    }

    /// True when this session stored any answer (used on resume: the session was asked before).
    func hasAnswers() throws -> Bool {
        try sink.storedRows().contains { $0.sessionID == context.sessionID }
    }
}

/// A value outside an item's range never reaches ratings.csv.
package struct RatingValueError: Error, CustomStringConvertible {
    let item: String
    let value: Double
    let range: ClosedRange<Double>
    package var description: String {
        "The answer \(value) to '\(item)' is outside its range \(range.lowerBound)–\(range.upperBound) (docs/RATINGS-CODEBOOK.md); it was not stored."
    }
}
