// The input devices a player can turn with, and how each is named in the trial log.

import GameCore
import HeadTracking
import Localization

/// A way of turning. A gamepad with a gyro is preferred when present, else the mouse, else the keyboard.
/// A head tracker (`opentrack`, `osc`) is offered only when `--input` names it (it needs a port).
package enum InputKind: String, CaseIterable, Sendable {
    case gamepad, mouse, keyboard, opentrack, osc

    package init(tracker: TrackerProtocol) {
        switch tracker {
        case .opentrack: self = .opentrack
        case .osc: self = .osc
        }
    }

    /// True for the head trackers: they steer through `TrackedHeading` after a calibration step.
    package var isTracker: Bool { self == .opentrack || self == .osc }

    var menuName: String { rawValue }

    /// The device's name as the menu shows it, in the run's language.
    var shownName: String {
        switch self {
        case .gamepad: Translation.gettext("gamepad")
        case .mouse: Translation.gettext("mouse")
        case .keyboard: Translation.gettext("keyboard")
        // TRANSLATORS: the name of a head-tracking program; usually kept as it is.
        case .opentrack: Translation.gettext("opentrack")
        // TRANSLATORS: the name of a network protocol for head trackers; usually kept as it is.
        case .osc: Translation.gettext("OSC")
        }
    }

    /// The `input` column of trials.csv: a gamepad is logged as gyro or stick, whichever actually turns.
    func logDevice(gamepadHasGyro: Bool) -> InputDevice {
        switch self {
        case .gamepad: gamepadHasGyro ? .gamepadGyro : .gamepadStick
        case .mouse: .mouse
        case .keyboard: .keyboard
        case .opentrack, .osc: InputDevice(name: rawValue)
        }
    }

    /// The preferred device given what is plugged in: gamepad with gyro, else mouse, else keyboard.
    /// A gamepad without gyro is not preferred over a mouse (the stick aims worse than a hand).
    static func preferred(gamepadWithGyro: Bool, mousePresent: Bool) -> InputKind {
        if gamepadWithGyro { return .gamepad }
        return mousePresent ? .mouse : .keyboard
    }
}
