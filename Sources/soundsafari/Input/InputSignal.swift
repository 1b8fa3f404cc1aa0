// What the InputHandler reports from one SDL event: a command with its time, or a device change.
import GameCore

/// One discrete input, already device-independent, with the monotonic time it happened.
enum InputSignal: Equatable {
    /// A command (activate = shoot while a round runs) and when it happened.
    case command(UICommand, at: MonotonicTime)
    /// The game controller in use was unplugged; the message says what to do.
    case deviceLost(String)
    /// A controller was plugged in (name, has gyro).
    case deviceAdded(name: String, hasGyro: Bool)
    case toggleFullscreen
    /// The window was closed.
    case quitRequested
}
