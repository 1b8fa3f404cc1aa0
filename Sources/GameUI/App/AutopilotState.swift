// What the app tells the autopilot beyond the drawn frame: states a script can wait for that draw no text of their own.

/// Read by `Autopilot` each frame for `wait gamepad`, `wait large-text`, `wait normal-text`, `wait high-contrast`,
/// `wait normal-contrast` and `wait sound`.
struct AutopilotState {
    /// A game controller is open.
    var controllerOpen = false
    /// The display settings in force (F2, F3; the participant's remembered ones): the same texts, drawn larger
    /// or in other colours, so `wait next` cannot see them.
    var largeText = false
    var highContrast = false
    /// The session's output stage has measured sound (its `ExposureMeter` has a level): the round's sounds have
    /// been played through the audio device. A loaded machine's dummy audio driver can start late.
    var soundMeasured = false

    /// The names `wait` takes besides screens.
    static let names: Set<String> = [
        "gamepad", "large-text", "normal-text", "high-contrast", "normal-contrast", "sound",
    ]
}
