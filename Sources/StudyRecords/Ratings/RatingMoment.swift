// When an answer was given: before or after a session's rounds, or at a reminder's random prompt.

/// The `moment` column of ratings.csv.
public enum RatingMoment: String, Sendable, CaseIterable, Codable {
    case before, after, prompt
}
