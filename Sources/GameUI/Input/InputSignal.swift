// What the InputHandler reports from one SDL event: a command with its time, or a device change.
import GameCore
import SessionRuntime

/// One discrete input, already device-independent, with the monotonic time it happened.
enum InputSignal: Equatable {
    /// A command (activate = shoot while a round runs) and when it happened.
    case command(UICommand, at: MonotonicTime)
    /// The game controller in use was unplugged; the message says what to do.
    case deviceLost(String)
    /// A controller was plugged in (name, has gyro).
    case deviceAdded(name: String, hasGyro: Bool)
    /// A left click at window pixel (x, y): menus pick the row under it, elsewhere it acts like `activate`.
    case click(x: Int32, y: Int32, at: MonotonicTime)
    /// The pointer moved to (x, y) outside a round (menus highlight the row under it).
    case pointer(x: Int32, y: Int32)
    case toggleFullscreen
    /// F2 / F3 / F4: large text, high contrast, read aloud (remembered for the participant).
    case toggleLargeText, toggleHighContrast, toggleReadAloud
    /// F5 on the ratings screen: measure the sound level around the patient, or stop (remembered for the participant).
    case toggleAmbientLevel
    /// The window was closed.
    case quitRequested
}
