// Which session an answer belongs to, as ratings.csv names it.
import Foundation
import Localization

/// The participant and session an answer is stored under (no session for a reminder's prompt).
public struct RatingContext: Sendable, Equatable {
    public var participant: String
    public var sessionID: String?
    public var sessionIndex: Int?

    public init(participant: String, sessionID: String?, sessionIndex: Int?) {
        self.participant = participant
        self.sessionID = sessionID
        self.sessionIndex = sessionIndex
    }

    /// The row of an answer given at `answeredAt` (`value` nil = skipped). `language`: the one the question was shown
    /// in, which is the run's (`RatingItem.askedQuestion` words it through the active catalog). `ambientLevel`: the
    /// level around the patient while the sitting was open, nil when not measured.
    public func row(
        _ item: RatingItem, value: Double?, moment: RatingMoment, answeredAt: Date, promptedAt: Date? = nil,
        language: Language = Translation.language, ambientLevel: AmbientLevel? = nil
    ) -> RatingRow {
        RatingRow(
            participant: participant, sessionID: sessionID, sessionIndex: sessionIndex, moment: moment, item: item.id,
            value: value, answeredAt: answeredAt, promptedAt: promptedAt, language: language.rawValue,
            ambientLevel: ambientLevel)
    }
}
