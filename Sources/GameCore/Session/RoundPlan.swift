// One round as a protocol resolves it: condition, level kind, target sounds, background and options.

/// What one round plays. StudyKit resolves a protocol (or a built-in mode) into a list of these;
/// the `GameSession` plays them in order.
public struct RoundPlan: Sendable, Equatable, Codable {
    /// Every (round, target index) of `rounds`, in play order: the one definition of a session's trials
    /// (the session plays them, the recorder and resume count them).
    public static func trialKeys(of rounds: [RoundPlan]) -> [TrialKey] {
        rounds.flatMap { plan in
            (1...max(plan.targetSounds.count, 1)).map { TrialKey(round: plan.round, targetIndex: $0) }
        }
    }

    /// 1-based round number within the session.
    public var round: Int
    /// The condition's name as logged (a built-in level name or the protocol's own name).
    public var condition: String
    /// The level kind: a `LevelKind` raw value (`one-target`, `two-targets`, `two-targets-background`).
    public var level: String
    /// Catalog names of the targets, in the order they are to be photographed.
    public var targetSounds: [String]
    /// Catalog name of the background sound, or nil for none.
    public var backgroundSound: String?
    /// Gain of the background relative to its catalog gain, dB.
    public var backgroundGainDB: Double
    /// Keep an already photographed target playing while the next is searched for (as the Android and
    /// Windows versions did); the thesis's iOS version stopped it.
    public var keepFirstTargetPlaying: Bool
    /// Seconds each target sounds from its first audible sample (a training plan's `stimulus_duration_s`);
    /// nil: as long as the search lasts.
    public var stimulusDurationS: Double?
    /// The round of the session's first pass this round plays again: a training session whose rounds are all
    /// played while its minutes remain plays them again (`SessionPlan.repeated`); nil in the first pass.
    public var repeatsRound: Int?
    /// The HRTF set this round is heard through (a protocol condition's `hrtf`, by its OpenAL Soft name); nil: the
    /// session's own set. The scene reopens its audio with it before the round (`AudioScene.prepare(for:)`).
    public var hrtf: String?

    public init(
        round: Int, condition: String, level: String, targetSounds: [String],
        backgroundSound: String? = nil, backgroundGainDB: Double = 0,
        keepFirstTargetPlaying: Bool = false, hrtf: String? = nil
    ) {
        self.round = round
        self.condition = condition
        self.level = level
        self.targetSounds = targetSounds
        self.backgroundSound = backgroundSound
        self.backgroundGainDB = backgroundGainDB
        self.keepFirstTargetPlaying = keepFirstTargetPlaying
        self.hrtf = hrtf
    }

    /// The built-in round for a level kind, with its default sounds.
    public static func builtIn(_ kind: LevelKind, round: Int) -> RoundPlan {
        RoundPlan(
            round: round, condition: kind.rawValue, level: kind.rawValue,
            targetSounds: kind.defaultTargetSounds, backgroundSound: kind.defaultBackgroundSound)
    }
}
