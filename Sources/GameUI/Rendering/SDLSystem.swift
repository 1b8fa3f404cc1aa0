// Starts and stops SDL's subsystems and SDL2_ttf once per process, with errors a person can act on.
import CSDL2
import Foundation

/// SDL video + events + game controllers, and SDL2_ttf. Audio is opened separately by the audio output
/// so that "no audio device" gets its own message.
final class SDLSystem {
    init() throws {
        // Keep Ctrl-C for the terminal's default (data is flushed per row).
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        // Without a Wayland session SDL would still probe Wayland, and libwayland prints a stray
        // "XDG_RUNTIME_DIR is invalid" line before our own message: skip that probe (tests name their driver).
        let environment = ProcessInfo.processInfo.environment
        if environment["WAYLAND_DISPLAY"]?.isEmpty ?? true, environment["SDL_VIDEODRIVER"]?.isEmpty ?? true {
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "x11,kmsdrm,offscreen", SDL_HINT_OVERRIDE)
        }
        let video = UInt32(SDL_INIT_VIDEO) | UInt32(SDL_INIT_EVENTS)
        guard SDL_Init(video) == 0 else { throw UIError.noDisplay(String(cString: SDL_GetError())) }
        // Without a display SDL falls back to its invisible "offscreen" driver: a person would wait for a
        // window that never comes. Only tests ask for such a driver, and they name it in SDL_VIDEODRIVER.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let invisible = ["offscreen", "dummy", "evdev"].contains(driver)
        if invisible, ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]?.isEmpty ?? true {
            SDL_Quit()
            throw UIError.noDisplay("only the invisible '\(driver)' video driver is available")
        }
        // Controllers are optional: without the subsystem the keyboard and mouse still work.
        _ = SDL_InitSubSystem(UInt32(SDL_INIT_GAMECONTROLLER) | UInt32(SDL_INIT_SENSOR))
        guard TTF_Init() == 0 else {
            SDL_Quit()
            throw UIError.textUnavailable(String(cString: SDL_GetError()))
        }
    }

    private var closed = false

    deinit { close() }

    /// Shuts SDL2_ttf and SDL down; everything made with them must be freed first.
    func close() {
        guard !closed else { return }
        closed = true
        TTF_Quit()
        SDL_Quit()
    }
}
