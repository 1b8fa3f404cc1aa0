// The thesis's three level kinds by their condition names, with their default sounds.

/// The three levels of the thesis's study (chapter 6.1), and one target over the background (so the number
/// of targets and the background are independent choices), named as conditions are logged.
public enum LevelKind: String, Sendable, CaseIterable, Codable {
    /// One sound, no background.
    case oneTarget = "one-target"
    /// Two sounds, no background.
    case twoTargets = "two-targets"
    /// Two sounds over a background sound.
    case twoTargetsBackground = "two-targets-background"
    /// One sound over a background sound.
    case oneTargetBackground = "one-target-background"

    /// The level of `targets` animals (1 or 2), with or without the background sound.
    public static func with(targets: Int, background: Bool) -> LevelKind {
        switch (targets > 1, background) {
        case (false, false): .oneTarget
        case (false, true): .oneTargetBackground
        case (true, false): .twoTargets
        case (true, true): .twoTargetsBackground
        }
    }

    /// Default target sounds (catalog names), in the order they are photographed.
    public var defaultTargetSounds: [String] {
        switch self {
        case .oneTarget, .oneTargetBackground: return ["frog"]
        case .twoTargets, .twoTargetsBackground: return ["frog", "bluejay"]
        }
    }

    /// Default background sound (catalog name), if the level has one.
    public var defaultBackgroundSound: String? {
        self == .twoTargetsBackground || self == .oneTargetBackground ? "ambience" : nil
    }

    /// How many targets the level is built for.
    public var targetCount: Int { defaultTargetSounds.count }

    /// Whether the level plays a background sound under the targets.
    public var hasBackground: Bool { defaultBackgroundSound != nil }

    /// A human-readable name for menus and progress lines.
    public var title: String {
        switch self {
        case .oneTarget: return "one target"
        case .twoTargets: return "two targets"
        case .twoTargetsBackground: return "two targets with background"
        case .oneTargetBackground: return "one target with background"
        }
    }
}
