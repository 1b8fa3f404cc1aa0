// Which device an input came from, named as the log's `input` column spells it.

/// The source of the player's heading and events; `name` is the log's `input` value
/// (`keyboard`, `mouse`, `gamepad-gyro`, `gamepad-stick`, `bot-ideal`, ...).
public struct InputDevice: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(name: String) { self.name = name }

    public static let keyboard = InputDevice(name: "keyboard")
    public static let mouse = InputDevice(name: "mouse")
    public static let gamepadGyro = InputDevice(name: "gamepad-gyro")
    public static let gamepadStick = InputDevice(name: "gamepad-stick")

    /// A simulated player, e.g. `bot("ideal")` → `bot-ideal`.
    public static func bot(_ kind: String) -> InputDevice { InputDevice(name: "bot-\(kind)") }

    public var description: String { name }
}
