// What a catalog sound is for in the game.

/// The role of a sound in `Sounds/sounds.json`.
public enum SoundRole: String, Sendable, CaseIterable, Codable {
    /// An animal to find and photograph.
    case target
    /// Ambience played around the player in the background condition.
    case background
    /// A user-interface effect (the camera shutter), not positioned in the scene.
    case effect
}
