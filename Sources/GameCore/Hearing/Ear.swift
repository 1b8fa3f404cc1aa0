// Which ear a tone, a threshold or a gain belongs to.

/// Left or right; `rawValue` is the word used in profile.json and on screen.
public enum Ear: String, Sendable, CaseIterable, Codable {
    case left, right
}
