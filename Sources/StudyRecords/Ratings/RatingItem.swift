// The seven questions asked before and after a session (codebook v1, docs/RATINGS-CODEBOOK.md).

/// One question of the tinnitus questionnaire. The wording, scale and stored range are the codebook's
/// (`docs/RATINGS-CODEBOOK.md`, version `RatingItem.codebookVersion`): change both together and raise the version.
public struct RatingItem: Sendable, Equatable, Identifiable {
    /// How a question is answered and what `ratings.csv` stores for it.
    public enum Scale: Sendable, Equatable {
        /// yes = 1, no = 0.
        case yesNo
        /// A visual analogue slider with no knob until touched: 0.0 (left anchor) … 1.0 (right anchor).
        case slider(left: String, right: String)
        /// The Self-Assessment Manikin (Bradley & Lang 1994), 9 points stored as 1 … 9.
        case manikin(dimension: ManikinDimension, left: String, right: String)
    }

    /// The two SAM dimensions the questionnaire uses.
    public enum ManikinDimension: String, Sendable {
        case valence, arousal
    }

    /// The codebook version written in every `ratings.csv` row (`codebook_version`).
    public static let codebookVersion = 2
    /// The versions whose items and scales mean the same (version 2 changed only when `concentration` is asked and
    /// what a first arrow key stores), so their rows pool; any other version is refused by the analyzer.
    public static let poolableCodebookVersions: ClosedRange<Int> = 1...2
    /// Points of a SAM scale.
    public static let manikinPoints = 9

    /// The `item` column: a stable short name.
    public let id: String
    public let question: String
    public let scale: Scale

    /// The codebook, in the order the questions are asked.
    public static let all: [RatingItem] = [
        RatingItem(id: "tinnitus_noticed", question: "Did you notice your tinnitus just now?", scale: .yesNo),
        RatingItem(
            id: "tinnitus_loudness", question: "How loud is your tinnitus right now?",
            scale: .slider(left: "not audible", right: "extremely loud")),
        RatingItem(
            id: "tinnitus_distress", question: "How distressing is your tinnitus right now?",
            scale: .slider(left: "not at all", right: "extremely")),
        RatingItem(
            id: "mood", question: "How is your mood?",
            scale: .manikin(dimension: .valence, left: "very unhappy", right: "very happy")),
        RatingItem(
            id: "arousal", question: "How aroused or restless are you?",
            scale: .manikin(dimension: .arousal, left: "very calm", right: "very excited")),
        RatingItem(
            id: "stress", question: "How stressed do you feel?",
            scale: .slider(left: "not at all", right: "extremely")),
        RatingItem(
            id: "concentration", question: "How much did you concentrate on what you were doing?",
            scale: .slider(left: "not at all", right: "completely")),
    ]

    public static func named(_ id: String) -> RatingItem? { all.first { $0.id == id } }

    /// True when the item makes sense at `moment`: concentration on "what you were doing" has nothing to refer to
    /// before the session (codebook version 2).
    public func isAsked(at moment: RatingMoment) -> Bool { !(id == "concentration" && moment == .before) }

    /// The items asked at `moment`, in codebook order.
    public static func asked(at moment: RatingMoment) -> [RatingItem] { all.filter { $0.isAsked(at: moment) } }

    /// The values this item may store (a value outside is a malformed row).
    public var validRange: ClosedRange<Double> {
        switch scale {
        case .yesNo, .slider: 0...1
        case .manikin: 1...Double(Self.manikinPoints)
        }
    }

    /// True when `value` is one this item can store (yes/no and SAM only whole numbers).
    public func accepts(_ value: Double) -> Bool {
        guard value.isFinite, validRange.contains(value) else { return false }
        if case .slider = scale { return true }
        return value == value.rounded()
    }
}
