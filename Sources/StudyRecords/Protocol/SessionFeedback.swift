// What a player is shown after each photo and at the end: one type for protocols (study) and training plans.
import Foundation

/// The `feedback` object of a protocol file and of a training plan (Examples/README.md). A study's participants
/// see none of it unless the protocol turns it on; a patient's training plan and `play` show it by default.
public struct SessionFeedback: Sendable, Equatable, Codable {
    /// Show where the animal really was (the result picture, the deviation, hit or miss, "It was behind you").
    public var showTrueDirection: Bool
    /// Words and colours that judge the photo and the session ("Excellent!", "Keep practising.").
    public var verdict: Bool
    /// Award points and show a short encouraging message (training plans: needs the plan's hit zone).
    public var points: Bool
    /// Play the animal once more from its true direction after each photo (training plans; never louder than the
    /// session).
    public var replayTrueDirection: Bool
    /// Training plans: seconds of searching after which the running screen offers help (the side, a replay of
    /// the call); nil: never. Protocols have no such field (a study does not help).
    public var helpAfterSeconds: Double?
    public static let defaultHelpAfterSeconds = 45.0

    public init(
        showTrueDirection: Bool = true, verdict: Bool = true, points: Bool = true, replayTrueDirection: Bool = false,
        helpAfterSeconds: Double? = SessionFeedback.defaultHelpAfterSeconds
    ) {
        self.showTrueDirection = showTrueDirection
        self.verdict = verdict
        self.points = points
        self.replayTrueDirection = replayTrueDirection
        self.helpAfterSeconds = helpAfterSeconds
    }

    /// Everything a game shows (`play`'s built-in modes).
    public static let all = SessionFeedback()
    /// Nothing about accuracy (a protocol file without `feedback`: a study measures, it does not teach).
    public static let off = SessionFeedback(
        showTrueDirection: false, verdict: false, points: false, replayTrueDirection: false, helpAfterSeconds: nil)

    /// The keys of the JSON object, in protocol files, plans and session.json alike.
    public static let fields = ["true_direction", "verdict", "points", "replay"]

    enum CodingKeys: String, CodingKey {
        case showTrueDirection = "true_direction"
        case verdict, points
        case replayTrueDirection = "replay"
        case helpAfterSeconds = "help_after_s"
    }
}
