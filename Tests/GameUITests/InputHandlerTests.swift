// InputHandler fed with synthesized SDL events (no window): keys to commands, held keys to heading, timestamps.
import CSDL2
import GameCore
import HeadTracking
import Testing

@testable import GameUI

@Suite struct InputHandlerTests {
    private func key(
        _ code: SDL_KeyCode, down: Bool = true, at milliseconds: UInt32 = 1000,
        shift: Bool = false, repeated: Bool = false
    ) -> SDL_Event {
        var event = SDL_Event()
        event.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        event.key.timestamp = milliseconds
        event.key.keysym.sym = SDL_Keycode(bitPattern: code.rawValue)
        event.key.keysym.mod = shift ? UInt16(KMOD_LSHIFT.rawValue) : 0
        event.key.`repeat` = repeated ? 1 : 0
        return event
    }

    private func commands(_ signals: [InputSignal]) -> [UICommand] {
        signals.compactMap { if case .command(let command, _) = $0 { command } else { nil } }
    }

    @Test func spaceAndEnterShootPAndEscapePauseRRecentres() {
        let handler = InputHandler(clock: ManualClock())
        #expect(commands(handler.handle(key(SDLK_SPACE), turning: true)) == [.photoKey])
        #expect(commands(handler.handle(key(SDLK_RETURN), turning: true)) == [.activate])
        #expect(commands(handler.handle(key(SDLK_p), turning: true)) == [.pause])
        #expect(commands(handler.handle(key(SDLK_ESCAPE), turning: true)) == [.back])
        #expect(commands(handler.handle(key(SDLK_r), turning: true)) == [.recentre])
    }

    @Test func aHeldSpaceDoesNotTakeASecondPhoto() {
        let handler = InputHandler(clock: ManualClock())
        #expect(commands(handler.handle(key(SDLK_SPACE, repeated: true), turning: true)).isEmpty)
    }

    /// Issue 29: the hearing screens moved into the game's window; there a held key is one answer, as before.
    @Test func onTheHearingScreensAHeldKeyAnswersOnceAndTIsTheToneProbe() {
        let handler = InputHandler(clock: ManualClock())
        #expect(commands(handler.handle(key(SDLK_UP), turning: false)) == [.up])
        #expect(commands(handler.handle(key(SDLK_UP, repeated: true), turning: false)) == [.up], "menus step on")
        handler.repeatsKeys = false
        #expect(commands(handler.handle(key(SDLK_UP), turning: false)) == [.up])
        #expect(commands(handler.handle(key(SDLK_UP, repeated: true), turning: false)).isEmpty)
        #expect(commands(handler.handle(key(SDLK_1, repeated: true), turning: false)).isEmpty)
        #expect(commands(handler.handle(key(SDLK_t), turning: false)) == [.tone])
    }

    @Test func holdingRightForHalfASecondTurnsClockwiseAtTheKeyboardRate() {
        let handler = InputHandler(clock: ManualClock())
        _ = handler.handle(key(SDLK_RIGHT), turning: true)
        handler.update(now: MonotonicTime(seconds: 10), turning: true)
        for step in 1...30 { handler.update(now: MonotonicTime(seconds: 10 + Double(step) / 60), turning: true) }
        #expect(abs(handler.heading.degrees - 45) < 0.001, "90°/s for 0.5 s")
        _ = handler.handle(key(SDLK_RIGHT, down: false), turning: true)
        handler.update(now: MonotonicTime(seconds: 11), turning: true)
        #expect(abs(handler.heading.degrees - 45) < 0.001, "released: no more turning")
    }

    @Test func shiftTurnsFinelyAndATurnsAnticlockwise() {
        let handler = InputHandler(clock: ManualClock())
        _ = handler.handle(key(SDLK_a, shift: true), turning: true)
        handler.update(now: MonotonicTime(seconds: 0), turning: true)
        handler.update(now: MonotonicTime(seconds: 0.05), turning: true)
        handler.update(now: MonotonicTime(seconds: 0.1), turning: true)
        #expect(abs(handler.heading.relative(to: .forward) - -1.8) < 0.001, "90°/s × 0.2 × 0.1 s to the left")
    }

    @Test func heldKeysDoNotTurnOutsideARound() {
        let handler = InputHandler(clock: ManualClock())
        _ = handler.handle(key(SDLK_RIGHT), turning: false)
        handler.update(now: MonotonicTime(seconds: 0), turning: false)
        handler.update(now: MonotonicTime(seconds: 1), turning: false)
        #expect(handler.heading == .forward)
    }

    @Test func recentreMakesTheCurrentDirectionStraightAhead() {
        let handler = InputHandler(clock: ManualClock())
        _ = handler.handle(key(SDLK_RIGHT), turning: true)
        handler.update(now: MonotonicTime(seconds: 0), turning: true)
        handler.update(now: MonotonicTime(seconds: 0.05), turning: true)
        #expect(handler.heading != .forward)
        handler.recentre()
        #expect(handler.heading == .forward)
    }

    @Test func whileTypingLettersAreTextNotCommands() {
        let handler = InputHandler(clock: ManualClock())
        handler.textEntry = true
        #expect(commands(handler.handle(key(SDLK_p), turning: false)).isEmpty, "P is typed, not a pause")
        #expect(commands(handler.handle(key(SDLK_BACKSPACE), turning: false)) == [.backspace])
        var text = SDL_Event()
        text.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &text.text.text) { raw in
            for (i, byte) in "P 7".utf8.enumerated() { raw[i] = byte }
        }
        #expect(commands(handler.handle(text, turning: false)) == [.text("P 7")], "a space is text (a diary note)")
        #expect(commands(handler.handle(key(SDLK_SPACE), turning: false)).isEmpty, "Space types, it moves nothing")
    }

    /// Issue 38: an arrow held since another screen repeats into this one; only a key pressed here repeats.
    @Test func aKeyHeldFromTheLastScreenRepeatsNothingUntilPressedAgain() {
        let handler = InputHandler(clock: ManualClock())
        #expect(commands(handler.handle(key(SDLK_RIGHT), turning: false)) == [.right])
        handler.screenChanged()
        #expect(commands(handler.handle(key(SDLK_RIGHT, repeated: true), turning: false)).isEmpty)
        #expect(commands(handler.handle(key(SDLK_RIGHT), turning: false)) == [.right])
        #expect(commands(handler.handle(key(SDLK_RIGHT, repeated: true), turning: false)) == [.right])
    }

    @Test func digitsPickNumbersWhenNoTextFieldHasTheFocus() {
        let handler = InputHandler(clock: ManualClock())
        #expect(commands(handler.handle(key(SDLK_4), turning: false)) == [.text("4")])
    }

    @Test func eventTimesAreSDLMillisecondsOnTheGameClock() {
        let clock = ManualClock(start: MonotonicTime(seconds: 500))
        let handler = InputHandler(clock: clock)
        let first = handler.time(ofSDLTimestamp: 2000)
        let second = handler.time(ofSDLTimestamp: 2001)
        #expect(abs((second - first) - 0.001) < 1e-9, "1 ms resolution")
        guard case .command(_, let at) = handler.handle(key(SDLK_SPACE, at: 2000), turning: true).first else {
            Issue.record("no command")
            return
        }
        #expect(at == first)
    }

    @Test func f11TogglesFullscreenAndClosingTheWindowQuits() {
        let handler = InputHandler(clock: ManualClock())
        #expect(handler.handle(key(SDLK_F11), turning: false) == [.toggleFullscreen])
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        #expect(handler.handle(quit, turning: false) == [.quitRequested])
    }
}

@Suite struct InputHandlerTrackerTests {
    /// While a tracker steers, only its receiving thread stores headings: a store from the game tick or an SDL
    /// event could put back a heading one reading older than the one the thread just stored.
    @Test func whileATrackerSteersTheTickAndEventsLeaveTheHeadingCellToIt() throws {
        let handler = InputHandler(clock: ManualClock())
        let cell = LatestHeading(Bearing(degrees: 300))
        handler.headingOutput = cell
        handler.update(now: MonotonicTime(seconds: 1), turning: true)
        #expect(cell.load() == .forward, "keys steer: the tick stores their heading")
        let receiver = try TrackerReceiver(
            input: TrackerInput(kind: .opentrack, port: 0), now: { MonotonicTime(seconds: 1) })
        defer { receiver.stop() }
        handler.tracked = TrackedHeading(receiver: receiver)
        cell.store(Bearing(degrees: 300))  // as the receiving thread would
        handler.update(now: MonotonicTime(seconds: 2), turning: true)
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        _ = handler.handle(event, turning: true)
        #expect(cell.load() == Bearing(degrees: 300), "the tracker's heading is left alone")
        handler.tracked = nil
        handler.update(now: MonotonicTime(seconds: 3), turning: true)
        #expect(cell.load() == .forward, "keys steer again")
    }
}
