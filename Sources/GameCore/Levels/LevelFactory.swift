// Builds the level for a round from its level-kind name (the thesis's factory method, section 4.3.4).

/// Why a level could not be built.
public enum LevelError: Error, Equatable, CustomStringConvertible {
    case unknownLevel(String)
    case wrongTargetCount(level: String, expected: String, got: Int)

    public var description: String {
        switch self {
        case .unknownLevel(let name):
            let known = LevelKind.allCases.map(\.rawValue).joined(separator: ", ")
            return "Unknown level '\(name)'; use one of: \(known)."
        case .wrongTargetCount(let level, let expected, let got):
            return
                "Level '\(level)' needs \(expected) target sound(s) but the round names \(got); fix the condition's target list."
        }
    }
}

/// Creates levels by condition/level name. `displayNames` maps catalog names to what the player reads
/// (`bluejay` → `blue jay`); unknown names are shown as they are.
public struct LevelFactory: Sendable {
    public var displayNames: [String: String]

    public init(displayNames: [String: String] = [:]) {
        self.displayNames = displayNames
    }

    public func displayName(of sound: String) -> String { displayNames[sound] ?? sound }

    /// Checks a round plan without building anything (for protocol validation).
    public func validate(_ plan: RoundPlan) throws -> LevelKind {
        guard let kind = LevelKind(rawValue: plan.level) else { throw LevelError.unknownLevel(plan.level) }
        let count = plan.targetSounds.count
        switch kind {
        case .oneTarget where count != 1, .oneTargetBackground where count != 1:
            throw LevelError.wrongTargetCount(level: plan.level, expected: "exactly 1", got: count)
        case .twoTargets where count < 2, .twoTargetsBackground where count < 2:
            throw LevelError.wrongTargetCount(level: plan.level, expected: "at least 2", got: count)
        default:
            return kind
        }
    }

    /// Builds the level of `plan` with its targets at `bearings` (one per target sound), sources
    /// created stopped in `scene`.
    public func makeLevel(for plan: RoundPlan, bearings: [Bearing], scene: AudioScene) throws -> Level {
        let kind = try validate(plan)
        precondition(bearings.count == plan.targetSounds.count, "one bearing per target")
        let targets = try zip(plan.targetSounds, bearings).map { sound, bearing in
            try CircleSoundEntity(sound: sound, bearing: bearing, scene: scene)
        }
        let background = try plan.backgroundSound.map { sound in
            try AmbientSoundEntity(sound: sound, gainDB: plan.backgroundGainDB, scene: scene)
        }
        let names = plan.targetSounds.map(displayName(of:))
        let levelType: TargetSearchLevel.Type
        switch kind {
        case .oneTarget: levelType = OneTargetLevel.self
        case .twoTargets: levelType = TwoTargetsLevel.self
        case .twoTargetsBackground: levelType = TwoTargetsBackgroundLevel.self
        case .oneTargetBackground: levelType = OneTargetBackgroundLevel.self
        }
        let level = levelType.init(
            kind: kind, targets: targets, background: background, displayNames: names,
            keepPhotographedTargetsPlaying: plan.keepFirstTargetPlaying)
        level.stimulusDurationS = plan.stimulusDurationS
        return level
    }
}
