// A discrete input event (shoot, pause, ...) with its monotonic timestamp, the heading at that moment and its device.

/// Something the player did, as the `InputHandler` (or a bot) reports it. The thesis's chapter 7 asks
/// for this type: actions receive the event, not a bare angle and controller.
public struct Event: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Take the photo (Space/Enter, click, gamepad A).
        case shoot
        /// Pause or un-pause the search (P/Esc, gamepad Start).
        case pause
        /// Leave a result screen and go on (any shoot-like key does the same).
        case proceed
        /// Make the current physical direction the new forward (R, gamepad button).
        case recentre
        /// End the session early.
        case stop
        /// Give up the target being searched for ("skip this animal"): logged as skipped, never as a photo.
        case skip
        /// The controller providing the heading was unplugged: pause with a message.
        case deviceLost
    }

    public let kind: Kind
    /// Monotonic time of the input (at least 1 ms resolution), on the same clock as the GameManager's.
    public let time: MonotonicTime
    /// The player's heading when the input happened.
    public let heading: Bearing
    public let device: InputDevice

    public init(kind: Kind, time: MonotonicTime, heading: Bearing, device: InputDevice) {
        self.kind = kind
        self.time = time
        self.heading = heading
        self.device = device
    }
}
