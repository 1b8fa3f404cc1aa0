// What the app must do when the screen flow changes screen (start a round, pause it, end the session...).

/// A side effect requested by `ScreenFlow`; the `GameApp` carries it out against the session driver and audio.
/// Keeping these as data is what lets the whole screen flow be unit-tested without a window.
enum FlowEffect: Equatable, Sendable {
    /// Start the round with this 0-based index (its first target's search begins).
    case startRound(Int)
    /// The player paused (or a controller was unplugged): stop the clock and the sounds.
    case pauseRound
    case resumeRound
    /// Make the direction the player faces now the new "straight ahead".
    case recentre
    /// The intermediate result was acknowledged: the next target's search begins.
    case continueRound
    /// The last round is logged: mark the session complete.
    case finishSession
    /// The player quit mid-session: every logged target stays, the session stays incomplete (resumable).
    case abandonSession
    /// Close the window.
    case exit
}
