// The trials.csv columns of a training session: plan, staircase parameter and value, hit, reversal.

/// What a trained photo adds to its row (`plan`, `difficulty_parameter`, `difficulty_value`, `hit`,
/// `staircase_reversal`); a session without a plan leaves these cells empty.
public struct TrainingColumns: Sendable, Equatable {
    public var plan: String
    public var difficultyParameter: String
    /// The value the photo was judged at (e.g. the hit zone in degrees).
    public var difficultyValue: Double
    public var hit: Bool
    /// True when this response turned the staircase around.
    public var staircaseReversal: Bool

    public init(plan: String, difficultyParameter: String, difficultyValue: Double, hit: Bool, staircaseReversal: Bool)
    {
        self.plan = plan
        self.difficultyParameter = difficultyParameter
        self.difficultyValue = difficultyValue
        self.hit = hit
        self.staircaseReversal = staircaseReversal
    }
}
