// The input devices a player can turn with, and how each is named in the trial log.

import GameCore

/// A way of turning. A gamepad with a gyro is preferred when present, else the mouse, else the keyboard.
package enum InputKind: String, CaseIterable, Sendable {
    case gamepad, mouse, keyboard

    var menuName: String { rawValue }

    /// The `input` column of trials.csv: a gamepad is logged as gyro or stick, whichever actually turns.
    func logDevice(gamepadHasGyro: Bool) -> InputDevice {
        switch self {
        case .gamepad: gamepadHasGyro ? .gamepadGyro : .gamepadStick
        case .mouse: .mouse
        case .keyboard: .keyboard
        }
    }

    /// The preferred device given what is plugged in: gamepad with gyro, else mouse, else keyboard.
    /// A gamepad without gyro is not preferred over a mouse (the stick aims worse than a hand).
    static func preferred(gamepadWithGyro: Bool, mousePresent: Bool) -> InputKind {
        if gamepadWithGyro { return .gamepad }
        return mousePresent ? .mouse : .keyboard
    }
}
