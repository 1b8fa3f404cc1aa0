// Where the GameManager reads the player's heading each tick: an input handler or a bot.

/// Provides the player's current heading (the `InputHandler` from SDL devices, or a simulated bot).
public protocol HeadingSource: AnyObject {
    /// The bearing the player faces now.
    var heading: Bearing { get }
    /// Makes the current physical direction the new forward (heading 0).
    func recentre()
    /// True when the source stores each heading into the audio's heading cell itself, as it arrives (a head
    /// tracker's receiving thread): the tick then leaves the cell alone, since its copy can be a reading older.
    var publishesHeading: Bool { get }
}

extension HeadingSource {
    public var publishesHeading: Bool { false }
}
