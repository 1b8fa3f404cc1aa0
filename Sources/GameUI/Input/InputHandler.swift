// SDL events → a continuous heading (keyboard, mouse, stick, gyro) plus discrete commands with monotonic timestamps.
import CSDL2
import GameCore
import HeadTracking
import SessionRuntime

/// Turns SDL input into what the game needs: the heading the player faces (a `HeadingSource` the
/// `GameManager` reads every tick) and discrete commands. The maths (turn rates, mouse sensitivity, gyro
/// integration with bias calibration) is GameCore's; this class only feeds SDL's data into it.
///
/// Keyboard: Left/Right and A/D turn, Shift turns finely; Space/Enter shoot; P/Esc pause; R recentres; with the
/// help when stuck L plays the call again and K skips the animal;
/// `-`/`+` and `[`/`]` are the volume (and Up/Down during a round).
/// Mouse: relative x motion turns, a click shoots. Gamepad: left stick or d-pad turns, gyro when present;
/// A shoots/confirms, B backs, Start pauses, Y recentres. Every event carries SDL's millisecond timestamp
/// converted onto the game's monotonic clock.
final class InputHandler: HeadingSource {
    var keyboardRotation = KeyboardRotation()
    var mouseRotation = MouseRotation()
    private(set) var gyro = GyroIntegrator()
    /// True while a text field has the focus: letters are typed, not commands.
    var textEntry = false
    /// False on the hearing procedures' screens: a held key is one answer (menus step on while an arrow is held).
    var repeatsKeys = true
    /// The controller whose unplugging pauses the game (the one chosen as input).
    private(set) var controller: OpaquePointer?
    private(set) var controllerName: String?
    private(set) var controllerHasGyro = false
    /// The device the player used last (a key, the mouse, the controller's buttons or stick; nil before any): the
    /// round's footer names its controls and each photo is logged with the device that took it.
    private(set) var lastUsed: InputKind?

    /// Degrees turned by keys, stick and mouse since the last recentre (the gyro's are in `gyro`).
    private var manualDegrees = 0.0
    private var leftHeld = false, rightHeld = false, fineHeld = false
    private var stickX = 0.0
    private var lastUpdate: MonotonicTime?
    /// Recent gyro samples, to calibrate the bias from a moment the controller lay still.
    private var recentGyro: [GyroSample] = []
    /// Where each new heading goes the moment an event or a turn step produces it (the engine's
    /// `listenerHeading` during a session): the next audio block uses it, without waiting for the game tick.
    var headingOutput: LatestHeading? { didSet { tracked?.output = headingOutput } }
    /// monotonic seconds − SDL milliseconds / 1000: both clocks are monotonic, so one offset maps them.
    private let sdlToMonotonicOffset: Double

    init(clock: GameClock) {
        sdlToMonotonicOffset = clock.now().seconds - Double(SDL_GetTicks64()) / 1000
    }

    /// A head tracker that steers instead of keys, mouse and gamepad (`--input opentrack|osc`), once chosen.
    /// While it steers, its receiving thread stores each reading's heading into `headingOutput` itself.
    var tracked: TrackedHeading? {
        didSet {
            if oldValue !== tracked { oldValue?.output = nil }
            tracked?.output = headingOutput
        }
    }

    // MARK: HeadingSource

    var heading: Bearing { tracked?.heading ?? Bearing(degrees: gyro.unwrappedDegrees + manualDegrees) }

    func recentre() {
        tracked?.recentre()
        manualDegrees = 0
        gyro.recentre()
    }

    /// The moment an SDL event happened, on the game clock (SDL timestamps are milliseconds since SDL_Init).
    func time(ofSDLTimestamp milliseconds: UInt32) -> MonotonicTime {
        MonotonicTime(seconds: sdlToMonotonicOffset + Double(milliseconds) / 1000)
    }

    /// Advances continuous turning (held keys, stick) to `now`; only turns while `turning` (a round runs).
    func update(now: MonotonicTime, turning: Bool) {
        defer {
            lastUpdate = now
            publishHeading()
        }
        guard turning, let last = lastUpdate else { return }
        let seconds = min(0.1, max(0, now - last))  // a stalled frame must not fling the heading around
        let direction = (rightHeld ? 1 : 0) - (leftHeld ? 1 : 0)
        manualDegrees += keyboardRotation.degrees(direction: direction, fine: fineHeld, seconds: seconds)
        manualDegrees += keyboardRotation.degrees(stickDeflection: stickX, fine: fineHeld, seconds: seconds)
    }

    var publishesHeading: Bool { tracked != nil }

    /// Stores the heading keys, mouse and gamepad produced. Not while a tracker steers: its receiving thread
    /// stores every reading itself, and a store from here could put back a heading one reading older.
    private func publishHeading() {
        guard !publishesHeading else { return }
        headingOutput?.store(heading)
    }

    /// Forgets held keys (e.g. when a screen changes, so a key held on a menu does not turn afterwards).
    func releaseHeldInput() {
        leftHeld = false
        rightHeld = false
        stickX = 0
    }

    /// Keys pressed down since the screen showed: only their auto-repeat counts. An arrow held from the last
    /// round repeats into the next screen otherwise, and picks an answer nobody chose.
    private var pressedOnScreen: Set<UInt32> = []
    /// Where the pointer was first reported on this screen, until it moves from there (nil: not reported yet).
    private var pointerAtShow: (x: Int32, y: Int32)?
    private var pointerMovedOnScreen = false

    /// A new screen shows: what was pressed, held or queued for the last one is not an answer to this one. Held
    /// keys are forgotten (their repeats ignored until pressed again), input still queued is dropped, and the
    /// pointer must move before the row under it takes the focus (leaving the round's relative mouse mode reports
    /// the pointer where it rests, often the window's centre: the pause menu opened on Quit under it).
    func screenChanged() {
        releaseHeldInput()
        pressedOnScreen.removeAll()
        pointerAtShow = nil
        pointerMovedOnScreen = false
        SDL_FlushEvents(SDL_KEYDOWN.rawValue, SDL_TEXTINPUT.rawValue)
        SDL_FlushEvents(SDL_MOUSEMOTION.rawValue, SDL_MOUSEWHEEL.rawValue)
        SDL_FlushEvents(SDL_CONTROLLERAXISMOTION.rawValue, SDL_CONTROLLERBUTTONUP.rawValue)
    }

    /// The pointer's position outside a round: a hover once it moved on this screen (3 px or more).
    private func pointerMoved(to point: (x: Int32, y: Int32)) -> [InputSignal] {
        if !pointerMovedOnScreen {
            guard let first = pointerAtShow else {
                pointerAtShow = point
                return []
            }
            guard abs(point.x - first.x) + abs(point.y - first.y) >= 3 else { return [] }
            pointerMovedOnScreen = true
        }
        return [.pointer(x: point.x, y: point.y)]
    }

    /// Sets the gyro bias from the recent samples if the controller lay still; returns whether it did.
    @discardableResult
    func calibrateGyroIfAtRest() -> Bool {
        gyro.calibrate(restSamples: Array(recentGyro.suffix(200)))
    }

    // MARK: Events

    /// Handles one SDL event; `turning` is true while a round runs (mouse motion turns only then).
    func handle(_ event: SDL_Event, turning: Bool) -> [InputSignal] {
        defer { publishHeading() }
        let type = SDL_EventType(rawValue: event.type)
        switch type {
        case SDL_QUIT:
            return [.quitRequested]
        case SDL_KEYDOWN, SDL_KEYUP:
            return handleKey(event.key, down: type == SDL_KEYDOWN)
        case SDL_TEXTINPUT:
            guard textEntry else { return [] }
            // Spaces are text ("Hörgerät rechts"); only line breaks and control characters are not.
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }.filter { $0 == " " || !($0.isWhitespace || $0.asciiValue.map { $0 < 32 || $0 == 127 } == true) }
            return text.isEmpty ? [] : [.command(.text(text), at: time(ofSDLTimestamp: event.text.timestamp))]
        case SDL_MOUSEMOTION:
            if turning {
                manualDegrees += mouseRotation.degrees(counts: Int(event.motion.xrel))
                if event.motion.xrel != 0 { lastUsed = .mouse }
                return []
            }
            return pointerMoved(to: (event.motion.x, event.motion.y))
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
            lastUsed = .mouse
            let at = time(ofSDLTimestamp: event.button.timestamp)
            return [turning ? .command(.activate, at: at) : .click(x: event.button.x, y: event.button.y, at: at)]
        case SDL_MOUSEWHEEL:
            guard !turning, event.wheel.y != 0 else { return [] }
            return [.command(event.wheel.y > 0 ? .up : .down, at: time(ofSDLTimestamp: event.wheel.timestamp))]
        case SDL_CONTROLLERDEVICEADDED:
            return openController(index: event.cdevice.which)
        case SDL_CONTROLLERDEVICEREMOVED:
            return controllerRemoved(instance: event.cdevice.which)
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            return handleButton(event.cbutton, down: type == SDL_CONTROLLERBUTTONDOWN)
        case SDL_CONTROLLERAXISMOTION:
            if event.caxis.axis == UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue) {
                stickX = Double(event.caxis.value) / 32767
                // A stick resting off-centre sends small values: only a push is use.
                if abs(stickX) > 0.3 { lastUsed = .gamepad }
            }
            return []
        case SDL_CONTROLLERSENSORUPDATE:
            handleSensor(event.csensor)
            return []
        default:
            return []
        }
    }

    private func handleKey(_ key: SDL_KeyboardEvent, down: Bool) -> [InputSignal] {
        let code = UInt32(bitPattern: key.keysym.sym)
        let at = time(ofSDLTimestamp: key.timestamp)
        let shift = UInt32(key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue) != 0
        fineHeld = down ? shift || isShift(code) : (shift && !isShift(code))
        // A key held since another screen: its repeats are not input here (nor do they turn).
        if down, key.`repeat` != 0, !pressedOnScreen.contains(code) { return [] }
        if down { pressedOnScreen.insert(code) } else { pressedOnScreen.remove(code) }
        // Held rotation keys; while typing, A and D are letters.
        if code == SDLK_LEFT.rawValue || (code == SDLK_a.rawValue && !textEntry) { leftHeld = down }
        if code == SDLK_RIGHT.rawValue || (code == SDLK_d.rawValue && !textEntry) { rightHeld = down }
        guard down else { return [] }
        if code == SDLK_F11.rawValue { return [.toggleFullscreen] }
        if code == SDLK_F2.rawValue { return [.toggleLargeText] }
        if code == SDLK_F3.rawValue { return [.toggleHighContrast] }
        if code == SDLK_F4.rawValue { return [.toggleReadAloud] }
        if code == SDLK_F5.rawValue { return [.toggleAmbientLevel] }
        // While typing, every printable key is text (it arrives as SDL_TEXTINPUT): Space too, not "next row".
        if textEntry && Self.isPrintable(code) { return [] }
        // A held key answers a hearing procedure's question once, not once per repeat.
        if !repeatsKeys, key.`repeat` != 0 { return [] }
        // Digits pick numbers in choice rows (an age); in a text field they arrive as SDL_TEXTINPUT instead.
        if !textEntry, code >= SDLK_0.rawValue, code <= SDLK_9.rawValue {
            return [.command(.text(String(UnicodeScalar(UInt8(code)))), at: at)]
        }
        let command: UICommand? =
            switch code {
            case SDLK_UP.rawValue, SDLK_w.rawValue: .up
            case SDLK_DOWN.rawValue, SDLK_s.rawValue: .down
            case SDLK_LEFT.rawValue, SDLK_a.rawValue: .left
            case SDLK_RIGHT.rawValue, SDLK_d.rawValue: .right
            case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: .activate
            case SDLK_SPACE.rawValue: key.`repeat` == 0 ? .photoKey : nil  // a held Space must not fire twice
            case SDLK_ESCAPE.rawValue: .back
            case SDLK_p.rawValue: .pause
            case SDLK_r.rawValue: .recentre
            case SDLK_l.rawValue: .listenAgain
            case SDLK_k.rawValue: .skipAnimal
            case SDLK_t.rawValue: .tone
            case SDLK_m.rawValue: .album
            case SDLK_b.rawValue: .heardBoth
            case SDLK_n.rawValue: .heardNothing
            case SDLK_BACKSPACE.rawValue: .backspace
            // Not while typing: a participant ID may contain a hyphen.
            case SDLK_MINUS.rawValue, SDLK_LEFTBRACKET.rawValue, SDLK_KP_MINUS.rawValue: textEntry ? nil : .volumeDown
            case SDLK_PLUS.rawValue, SDLK_EQUALS.rawValue, SDLK_RIGHTBRACKET.rawValue, SDLK_KP_PLUS.rawValue:
                textEntry ? nil : .volumeUp
            default: nil
            }
        if command == .activate, key.`repeat` != 0 { return [] }
        if command != nil { lastUsed = .keyboard }
        return command.map { [.command($0, at: at)] } ?? []
    }

    /// A key that types a character: SDL names those by their Unicode scalar (below the scancode mask), others
    /// (arrows, F-keys, the keypad) carry the mask; Backspace, Tab, Return, Escape and Delete are controls.
    static func isPrintable(_ code: UInt32) -> Bool {
        code & (1 << 30) == 0 && code >= 0x20 && code != 0x7F
    }

    private func isShift(_ code: UInt32) -> Bool { code == SDLK_LSHIFT.rawValue || code == SDLK_RSHIFT.rawValue }

    private func handleButton(_ button: SDL_ControllerButtonEvent, down: Bool) -> [InputSignal] {
        let at = time(ofSDLTimestamp: button.timestamp)
        let which = SDL_GameControllerButton(rawValue: Int32(button.button))
        if which == SDL_CONTROLLER_BUTTON_DPAD_LEFT { leftHeld = down }
        if which == SDL_CONTROLLER_BUTTON_DPAD_RIGHT { rightHeld = down }
        if which == SDL_CONTROLLER_BUTTON_LEFTSHOULDER || which == SDL_CONTROLLER_BUTTON_RIGHTSHOULDER {
            fineHeld = down
        }
        guard down else { return [] }
        lastUsed = .gamepad
        let command: UICommand? =
            switch which {
            case SDL_CONTROLLER_BUTTON_A: .activate
            case SDL_CONTROLLER_BUTTON_B: .back
            case SDL_CONTROLLER_BUTTON_START: .pause
            case SDL_CONTROLLER_BUTTON_Y: .recentre
            case SDL_CONTROLLER_BUTTON_X: .heardBoth
            case SDL_CONTROLLER_BUTTON_BACK: .heardNothing
            case SDL_CONTROLLER_BUTTON_DPAD_UP: .up
            case SDL_CONTROLLER_BUTTON_DPAD_DOWN: .down
            case SDL_CONTROLLER_BUTTON_DPAD_LEFT: .left
            case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: .right
            default: nil
            }
        return command.map { [.command($0, at: at)] } ?? []
    }

    private func handleSensor(_ sensor: SDL_ControllerSensorEvent) {
        guard sensor.sensor == SDL_SENSOR_GYRO.rawValue else { return }
        // The hardware's microsecond stamp when it has one, else SDL's millisecond one.
        let time =
            sensor.timestamp_us > 0
            ? MonotonicTime(seconds: sdlToMonotonicOffset + Double(sensor.timestamp_us) / 1_000_000)
            : self.time(ofSDLTimestamp: sensor.timestamp)
        let sample = GyroSample(
            time: time, x: Double(sensor.data.0), y: Double(sensor.data.1), z: Double(sensor.data.2))
        gyro.add(sample)
        recentGyro.append(sample)
        if recentGyro.count > 400 { recentGyro.removeFirst(200) }
    }

    // MARK: Controllers

    /// Opens the first game controller already plugged in, if any (later ones arrive as events).
    func openFirstController() -> [InputSignal] {
        for index in 0..<max(0, SDL_NumJoysticks()) where SDL_IsGameController(index) == SDL_TRUE {
            return openController(index: index)
        }
        return []
    }

    private func openController(index: Int32) -> [InputSignal] {
        guard controller == nil, let opened = SDL_GameControllerOpen(index) else { return [] }
        controller = opened
        controllerName = SDL_GameControllerName(opened).map { String(cString: $0) } ?? "game controller"
        controllerHasGyro =
            SDL_GameControllerHasSensor(opened, SDL_SENSOR_GYRO) == SDL_TRUE
            && SDL_GameControllerSetSensorEnabled(opened, SDL_SENSOR_GYRO, SDL_TRUE) == 0
        return [.deviceAdded(name: controllerName ?? "", hasGyro: controllerHasGyro)]
    }

    private func controllerRemoved(instance: Int32) -> [InputSignal] {
        guard let controller,
            SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller)) == instance
        else { return [] }
        SDL_GameControllerClose(controller)
        self.controller = nil
        releaseHeldInput()
        let name = controllerName ?? "The game controller"
        return [
            .deviceLost(
                "\(name) was unplugged: plug it back in and choose Resume, or resume with the keyboard (arrows turn, Space shoots). Everything logged is kept."
            )
        ]
    }
}
