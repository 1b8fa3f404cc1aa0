// A virtual SDL game controller for the autopilot: tests drive the game "with a gamepad alone" and unplug it.
import CSDL2

/// Attaches an SDL virtual joystick that SDL presents as a standard game controller (all 15 buttons, 6 axes),
/// so button presses and unplugging travel the same SDL_CONTROLLER* event path as a real pad. SDL 2.26's
/// virtual devices have no sensors: gyro input cannot be tested this way.
final class VirtualGamepad {
    private(set) var deviceIndex: Int32?
    private var joystick: OpaquePointer?

    struct Failure: Error, CustomStringConvertible { let description: String }

    func attach() throws {
        guard deviceIndex == nil else { return }
        var description = SDL_VirtualJoystickDesc()
        description.version = 1  // SDL_VIRTUAL_JOYSTICK_DESC_VERSION
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = 15
        // Virtual button i is game-controller button i when every standard button is in the mask.
        description.button_mask = (1 << 15) - 1
        description.axis_mask = (1 << UInt32(SDL_CONTROLLER_AXIS_MAX.rawValue)) - 1
        let index = "Autopilot gamepad".withCString { name -> Int32 in
            description.name = name
            return SDL_JoystickAttachVirtualEx(&description)
        }
        guard index >= 0, let opened = SDL_JoystickOpen(index) else {
            throw Failure(
                description: "Autopilot: cannot attach a virtual gamepad (SDL: \(String(cString: SDL_GetError()))).")
        }
        deviceIndex = index
        joystick = opened
    }

    /// Presses or releases a standard controller button.
    func set(_ button: SDL_GameControllerButton, pressed: Bool) {
        guard let joystick else { return }
        SDL_JoystickSetVirtualButton(joystick, button.rawValue, pressed ? 1 : 0)
    }

    /// Unplugs the pad: the game receives SDL_CONTROLLERDEVICEREMOVED.
    func detach() {
        guard let index = deviceIndex else { return }
        if let joystick { SDL_JoystickClose(joystick) }
        joystick = nil
        SDL_JoystickDetachVirtual(index)
        deviceIndex = nil
    }

    static func button(named name: String) -> SDL_GameControllerButton? {
        switch name.uppercased() {
        case "A": SDL_CONTROLLER_BUTTON_A
        case "B": SDL_CONTROLLER_BUTTON_B
        case "X": SDL_CONTROLLER_BUTTON_X
        case "Y": SDL_CONTROLLER_BUTTON_Y
        case "START": SDL_CONTROLLER_BUTTON_START
        case "UP": SDL_CONTROLLER_BUTTON_DPAD_UP
        case "DOWN": SDL_CONTROLLER_BUTTON_DPAD_DOWN
        case "LEFT": SDL_CONTROLLER_BUTTON_DPAD_LEFT
        case "RIGHT": SDL_CONTROLLER_BUTTON_DPAD_RIGHT
        default: nil
        }
    }
}
