// Scripted input for the real-window end-to-end test: SDL key events pushed into the queue, screen by screen.
import CSDL2
import Foundation

/// Plays a script of steps by pushing real SDL keyboard events (SDL_PushEvent), so the events take the
/// same path through `InputHandler` as a person's key presses. Not part of the shipped game: only the
/// window tests' driver `soundsafari-autopilot --script FILE` installs it (`AppHooks`). One step per line:
///
///     wait menu          # until the screen named `menu` has been drawn (Screen.name)
///     wait next          # until what is drawn (screen and texts) differs from when the last input was sent
///     see Listen again   # until a drawn text contains “Listen again” (the rest of the line)
///     gone Volume        # until no drawn text contains “Volume”
///     key Return         # press and release a key (SDL key names: Return, Space, Left, Escape, P...)
///     hold Right 400     # hold a key for 400 ms (turning)
///     text P01           # type text (SDL_TEXTINPUT): the rest of the line, spaces included
///     repeat Right       # a held key's auto-repeat (a key down with SDL's repeat flag, no release)
///     point 640 400      # the pointer reported at window pixel (640, 400) (as SDL does leaving relative mode)
///     sleep 250          # wait 250 ms
///     shot menu-message  # save a screenshot now (needs --screenshots)
///     click 640 470      # left click at window pixel (640, 470)
///     click Close        # left click at the middle of the drawn text “Close” (a button's whole label), once the
///                        # screen settled: where a person sees it, whatever the layout (wrapped lines move buttons)
///     move 300           # relative mouse motion of 300 counts to the right (turning with the mouse)
///     pad attach         # plug in a virtual game controller (pad detach unplugs it)
///     wait gamepad       # until the game has opened a game controller
///     wait large-text    # until large text is in force (normal-text, high-contrast, normal-contrast likewise)
///     wait sound         # until the session's output has measured sound (its sounds were played)
///     button A           # press and release a controller button (A B X Y START UP DOWN LEFT RIGHT)
///
/// A `wait`, `see` or `gone` that does not succeed within 30 s stops the game with a message naming the step (time
/// the frame loop stood still, the game busy loading, does not count).
/// They wait for a state, never for a time: a script's `sleep` is for what must *not* happen meanwhile (a key
/// ignored at a break) or for keeping the window open until the test kills it. `wait next` does not count the
/// pitch match's ♪ marker moving between its two tones as a change (`DrawnFrame`): it waits for the next question.
final class Autopilot {
    enum Step: Equatable {
        case wait(String)
        case waitNext
        case see(String)
        case gone(String)
        case key(String)
        case hold(String, milliseconds: Int)
        case text(String)
        case repeatKey(String)
        case sleep(milliseconds: Int)
        case shot(String)
        case click(x: Int32, y: Int32)
        case clickText(String)
        case point(x: Int32, y: Int32)
        case move(Int32)
        case padAttach, padDetach
        case button(String)

        var isInput: Bool {
            switch self {
            case .key, .hold, .text, .repeatKey, .click, .clickText, .point, .move, .button: true
            case .wait, .waitNext, .see, .gone, .sleep, .shot, .padAttach, .padDetach: false
            }
        }
    }

    struct ScriptError: Error, CustomStringConvertible {
        let description: String
    }

    private var steps: [Step]
    private var index = 0
    private var stepStarted: Double?
    /// When the last frame came: a frame loop that stalled (a screen loading six HRTF sets on a CI machine shared
    /// with other builds took longer than the whole wait) does not use up a step's 30 s.
    private var lastFrame: Double?
    private var heldKey: SDL_Keycode?
    private let gamepad = VirtualGamepad()
    private var buttonDown = false
    /// What was drawn when the last input step was sent (`wait next` waits for something else).
    private var drawnAtLastInput: DrawnFrame?
    static let waitTimeoutSeconds = 30.0
    /// A gap between two frames longer than this is the game busy, not the screen waited for.
    static let stallSeconds = 0.5

    init(steps: [Step]) { self.steps = steps }

    static func parse(_ script: String, file: String) throws -> [Step] {
        var steps: [Step] = []
        for (number, raw) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line =
                raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(separator: " ").map(String.init)
            guard let verb = words.first else { continue }
            let fail = ScriptError(
                description:
                    "\(file):\(number + 1): cannot read “\(line.trimmingCharacters(in: .whitespaces))”: use wait SCREEN, wait next, see TEXT, gone TEXT, key NAME, hold NAME MS, text TEXT, repeat NAME, sleep MS, shot NAME, click X Y, click TEXT, point X Y, move DX, pad attach|detach or button NAME."
            )
            let rest = words.dropFirst().joined(separator: " ")
            switch (verb, words.count) {
            case ("wait", 2) where words[1] == "next": steps.append(.waitNext)
            case ("wait", 2): steps.append(.wait(words[1]))
            case ("see", 2...): steps.append(.see(rest))
            case ("gone", 2...): steps.append(.gone(rest))
            case ("key", 2): steps.append(.key(words[1]))
            case ("hold", 3):
                guard let ms = Int(words[2]) else { throw fail }
                steps.append(.hold(words[1], milliseconds: ms))
            // Everything after "text ", so a space can be typed between words.
            case ("text", 2...): steps.append(.text(String(line.drop { $0 == " " }.dropFirst(5))))
            case ("repeat", 2): steps.append(.repeatKey(words[1]))
            case ("shot", 2): steps.append(.shot(words[1]))
            case ("click", 3) where Int32(words[1]) != nil && Int32(words[2]) != nil:
                steps.append(.click(x: Int32(words[1])!, y: Int32(words[2])!))
            case ("click", 2...): steps.append(.clickText(rest))
            case ("point", 3):
                guard let x = Int32(words[1]), let y = Int32(words[2]) else { throw fail }
                steps.append(.point(x: x, y: y))
            case ("move", 2):
                guard let dx = Int32(words[1]) else { throw fail }
                steps.append(.move(dx))
            case ("pad", 2) where words[1] == "attach": steps.append(.padAttach)
            case ("pad", 2) where words[1] == "detach": steps.append(.padDetach)
            case ("button", 2):
                guard VirtualGamepad.button(named: words[1]) != nil else { throw fail }
                steps.append(.button(words[1]))
            case ("sleep", 2):
                guard let ms = Int(words[1]) else { throw fail }
                steps.append(.sleep(milliseconds: ms))
            default: throw fail
            }
        }
        return steps
    }

    /// The script in the file at `path` (`soundsafari-autopilot --script`).
    static func load(path: String) throws -> Autopilot {
        guard let script = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ScriptError(description: "The autopilot script \(path) cannot be read: check --script.")
        }
        return Autopilot(steps: try parse(script, file: path))
    }

    var isFinished: Bool { index >= steps.count }

    /// Runs due steps; `drawn` is what the last frame showed; `screenSettled` whether the frames before it showed
    /// the same screen, `contentSettled` the same screen and texts (a screen is read only once it stopped
    /// changing, as a person would; a screen with a running clock never settles its texts, so `wait SCREEN`
    /// needs only the screen).
    func advance(
        now: Double, drawn: DrawnFrame, screenSettled: Bool, contentSettled settled: Bool,
        boxes: [TextRenderer.Box] = [], state: () -> AutopilotState,
        screenshot: (String) throws -> Void
    ) throws {
        if let lastFrame, now - lastFrame > Self.stallSeconds, let started = stepStarted {
            stepStarted = started + (now - lastFrame)
        }
        lastFrame = now
        while index < steps.count {
            let firstFrame = stepStarted == nil
            let started = stepStarted ?? now
            stepStarted = started
            let timedOut = now - started > Self.waitTimeoutSeconds
            // An input is compared from the frame it was first sent in (a held key or button completes later).
            if steps[index].isInput, firstFrame { drawnAtLastInput = drawn }
            switch steps[index] {
            case .wait(let name) where AutopilotState.names.contains(name):
                guard Self.holds(name, in: state()) else {
                    if timedOut {
                        throw ScriptError(
                            description:
                                "Autopilot: “wait \(name)” did not come true within \(Int(Self.waitTimeoutSeconds)) s (showing “\(drawn.screen)”)."
                        )
                    }
                    return
                }
            case .wait(let screen):
                guard screenSettled && drawn.screen == screen else {
                    if timedOut {
                        throw ScriptError(
                            description:
                                "Autopilot: the screen “\(screen)” did not appear within \(Int(Self.waitTimeoutSeconds)) s (showing “\(drawn.screen)”)."
                        )
                    }
                    return
                }
            case .waitNext:
                guard settled, drawn != drawnAtLastInput else {
                    if timedOut {
                        throw ScriptError(
                            description:
                                "Autopilot: “\(drawn.screen)” did not change within \(Int(Self.waitTimeoutSeconds)) s after the last input (wait next); it shows: \(drawn.texts.prefix(4).joined(separator: " | "))."
                        )
                    }
                    return
                }
            case .see(let text), .gone(let text):
                let wanted = steps[index] == .see(text)
                guard settled, drawn.shows(text) == wanted else {
                    if timedOut {
                        throw ScriptError(
                            description:
                                "Autopilot: “\(text)” was \(wanted ? "not shown" : "still shown") within \(Int(Self.waitTimeoutSeconds)) s on “\(drawn.screen)”."
                        )
                    }
                    return
                }
            case .key(let name):
                let key = try keycode(name)
                push(key: key, down: true)
                push(key: key, down: false)
            case .hold(let name, let milliseconds):
                let key = try keycode(name)
                if heldKey == nil {
                    heldKey = key
                    push(key: key, down: true)
                }
                guard now - started >= Double(milliseconds) / 1000 else { return }
                push(key: key, down: false)
                heldKey = nil
            case .text(let text):
                push(text: text)
            case .repeatKey(let name):
                push(key: try keycode(name), down: true, repeated: true)
            case .sleep(let milliseconds):
                guard now - started >= Double(milliseconds) / 1000 else { return }
            case .shot(let name):
                try screenshot(name)
            case .click(let x, let y):
                pushClick(x: x, y: y)
            case .clickText(let text):
                guard settled, let box = boxes.first(where: { !$0.isButton && $0.whole == text }) else {
                    if timedOut {
                        throw ScriptError(
                            description:
                                "Autopilot: no “\(text)” to click appeared within \(Int(Self.waitTimeoutSeconds)) s on “\(drawn.screen)”."
                        )
                    }
                    return
                }
                pushClick(x: box.rect.x + box.rect.w / 2, y: box.rect.y + box.rect.h / 2)
            case .point(let x, let y):
                pushPointer(x: x, y: y)
            case .move(let dx):
                pushMotion(dx: dx)
            case .padAttach:
                try gamepad.attach()
            case .padDetach:
                gamepad.detach()
            case .button(let name):
                // Held for 50 ms: SDL samples virtual buttons when it pumps events, so a press and release
                // within one frame would be lost.
                guard let button = VirtualGamepad.button(named: name) else { break }
                if !buttonDown {
                    buttonDown = true
                    gamepad.set(button, pressed: true)
                }
                guard now - started >= 0.05 else { return }
                gamepad.set(button, pressed: false)
                buttonDown = false
            }
            index += 1
            stepStarted = nil
            switch steps[index - 1] {
            case .wait, .waitNext, .see, .gone: continue
            case .sleep, .shot: return
            default:
                // One input step per frame, so the game sees them in separate frames as from a person.
                return
            }
        }
    }

    /// Whether the state `wait name` waits for holds (`name` is one of `AutopilotState.names`).
    static func holds(_ name: String, in state: AutopilotState) -> Bool {
        switch name {
        case "gamepad": state.controllerOpen
        case "large-text": state.largeText
        case "normal-text": !state.largeText
        case "high-contrast": state.highContrast
        case "normal-contrast": !state.highContrast
        case "sound": state.soundMeasured
        default: false
        }
    }

    private func keycode(_ name: String) throws -> SDL_Keycode {
        let code = SDL_GetKeyFromName(name)
        guard code != SDLK_UNKNOWN.rawValue else {
            throw ScriptError(
                description: "Autopilot: “\(name)” is not an SDL key name (try Return, Space, Left, Right, Escape, P).")
        }
        return code
    }

    /// Pushes one event into SDL's queue (SDL_PushEvent stamps it with SDL_GetTicks, like a real one).
    private func push(_ type: SDL_EventType, _ fill: (inout SDL_Event) -> Void) {
        var event = SDL_Event()
        event.type = type.rawValue
        fill(&event)
        SDL_PushEvent(&event)
    }

    private func push(key: SDL_Keycode, down: Bool, repeated: Bool = false) {
        push(down ? SDL_KEYDOWN : SDL_KEYUP) {
            $0.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            $0.key.`repeat` = repeated ? 1 : 0
            $0.key.keysym.sym = key
            $0.key.keysym.scancode = SDL_GetScancodeFromKey(key)
        }
    }

    private func pushClick(x: Int32, y: Int32) {
        for down in [true, false] {
            push(down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP) {
                $0.button.button = UInt8(SDL_BUTTON_LEFT)
                $0.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
                $0.button.clicks = 1
                $0.button.x = x
                $0.button.y = y
            }
        }
    }

    private func pushPointer(x: Int32, y: Int32) {
        push(SDL_MOUSEMOTION) {
            $0.motion.x = x
            $0.motion.y = y
        }
    }

    private func pushMotion(dx: Int32) {
        push(SDL_MOUSEMOTION) { $0.motion.xrel = dx }
    }

    /// As SDL_TEXTINPUT events of at most 31 bytes each, cut between characters: one event cut a longer text
    /// mid-character and lost the rest (a message's "ä" came out as U+FFFD). A text that fits is one event, as before.
    private func push(text: String) {
        var chunks = [""]
        for character in text {
            if chunks[chunks.count - 1].utf8.count + String(character).utf8.count > 31 { chunks.append("") }
            chunks[chunks.count - 1].append(character)
        }
        for chunk in chunks where !chunk.isEmpty {
            push(SDL_TEXTINPUT) { event in
                withUnsafeMutableBytes(of: &event.text.text) { raw in
                    let bytes = Array(chunk.utf8.prefix(raw.count - 1))
                    for (i, byte) in bytes.enumerated() { raw[i] = byte }
                    raw[bytes.count] = 0
                }
            }
        }
    }
}
