// The volume keys during a round: which keys and buttons they are, 2 dB steps, −40 dB to the supervisor's maximum.
import CSDL2
import GameCore
import Testing

@testable import GameUI

@Suite struct SessionVolumeTests {
    private func key(_ code: SDL_KeyCode) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.timestamp = 1000
        event.key.keysym.sym = SDL_Keycode(bitPattern: code.rawValue)
        return event
    }

    private func button(_ which: SDL_GameControllerButton) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_CONTROLLERBUTTONDOWN.rawValue
        event.cbutton.button = UInt8(which.rawValue)
        return event
    }

    private func steps(_ signals: [InputSignal]) -> [Int?] {
        signals.compactMap { if case .command(let command, _) = $0 { SessionVolume.steps(for: command) } else { nil } }
    }

    @Test func minusPlusBracketsArrowsAndTheDpadChangeTheVolumeDuringARound() {
        let handler = InputHandler(clock: ManualClock())
        for code in [SDLK_MINUS, SDLK_LEFTBRACKET, SDLK_KP_MINUS, SDLK_DOWN] {
            #expect(steps(handler.handle(key(code), turning: true)) == [-1], "key \(code)")
        }
        for code in [SDLK_PLUS, SDLK_EQUALS, SDLK_RIGHTBRACKET, SDLK_KP_PLUS, SDLK_UP] {
            #expect(steps(handler.handle(key(code), turning: true)) == [1], "key \(code)")
        }
        #expect(steps(handler.handle(button(SDL_CONTROLLER_BUTTON_DPAD_UP), turning: true)) == [1])
        #expect(steps(handler.handle(button(SDL_CONTROLLER_BUTTON_DPAD_DOWN), turning: true)) == [-1])
        // The round's other keys keep their meaning.
        for code in [SDLK_SPACE, SDLK_p, SDLK_r, SDLK_RETURN] {
            #expect(steps(handler.handle(key(code), turning: true)) == [nil], "key \(code)")
        }
    }

    @Test func aHyphenTypedInAParticipantIDIsNotAVolumeKey() {
        let handler = InputHandler(clock: ManualClock())
        handler.textEntry = true
        #expect(handler.handle(key(SDLK_MINUS), turning: false).isEmpty)
        #expect(handler.handle(key(SDLK_RIGHTBRACKET), turning: false).isEmpty)
    }

    @Test func twoDecibelStepsFromMinusFortyUpToTheSupervisorsMaximum() {
        var volume = SessionVolume(volumeDB: -10, maximumDB: -6)
        let now = MonotonicTime(seconds: 100)
        #expect(volume.change(bySteps: 1, at: now) == -8)
        #expect(volume.change(bySteps: 1, at: now) == -6)
        #expect(volume.change(bySteps: 1, at: now) == nil, "not above the maximum")
        #expect(volume.volumeDB == -6)
        #expect(volume.display(at: now) == "Volume −6 dB — maximum")
        for _ in 0..<30 { _ = volume.change(bySteps: -1, at: now) }
        #expect(volume.volumeDB == -40)
        #expect(volume.change(bySteps: -1, at: now) == nil)
        #expect(volume.display(at: now + 1.9) == "Volume −40 dB — minimum")
        #expect(volume.display(at: now + 2.1) == nil, "shown briefly")
    }

    @Test func aVolumeLeftAboveTheMaximumByTheCheckCanOnlyGoDown() {
        var volume = SessionVolume(volumeDB: -3, maximumDB: -12)
        let now = MonotonicTime(seconds: 1)
        #expect(volume.display(at: now) == nil, "nothing shown before a change")
        #expect(volume.change(bySteps: 1, at: now) == nil)
        #expect(volume.change(bySteps: -1, at: now) == -12)
        #expect(volume.change(bySteps: -1, at: now) == -14)
    }
}
