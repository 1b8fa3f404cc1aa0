// Errors of the window side a person can act on: each is one sentence naming the device or file and what to do.
import Localization

enum UIError: Error, CustomStringConvertible {
    case noDisplay(String)
    case rendererFailed(String)
    case textUnavailable(String)
    case audioNotStarted
    case fontMissing(String)
    case screenshotFailed(path: String, reason: String)
    /// A reminder prompt's window asks the questionnaire only; it never opens a session.
    case noSessionForPrompt
    case resumeHRTFDiffers(session: String, asked: String, used: String)

    var description: String {
        switch self {
        case .noDisplay(let reason):
            Translation.gettext(
                "No display could be opened (SDL: {reason}): run from a desktop session, set DISPLAY, or use `xvfb-run soundsafari play`; `soundsafari simulate` needs no display.",
                ["reason": reason])
        case .rendererFailed(let reason):
            Translation.gettext(
                "The window opened but nothing can be drawn in it (SDL: {reason}): update the graphics driver or try SDL_RENDER_DRIVER=software.",
                ["reason": reason])
        case .textUnavailable(let reason):
            Translation.gettext(
                "Text cannot be drawn (SDL2_ttf: {reason}): reinstall the libsdl2-ttf-2.0-0 package (scripts/install-deps.sh installs it).",
                ["reason": reason])
        case .audioNotStarted:
            Translation.gettext(
                "The round cannot start because the audio engine is not running: run `soundsafari devices` to check the audio output, HRTFs and sounds, then start again."
            )
        case .fontMissing(let path):
            Translation.gettext(
                "The font {path} is missing: install the fonts-dejavu-core package (scripts/install-deps.sh does).",
                ["path": path])
        case .screenshotFailed(let path, let reason):
            Translation.gettext(
                "Could not save the screenshot {path} ({reason}): check that the folder exists and is writable.",
                ["path": path, "reason": reason])
        case .noSessionForPrompt:
            Translation.gettext(
                "A reminder's questionnaire (`soundsafari rate`) has no rounds to play: start a session with `soundsafari play` or `soundsafari study`."
            )
        case .resumeHRTFDiffers(let session, let asked, let used):
            Translation.gettext(
                "Session {session} was played with the HRTF '{used}', not '{asked}': leave out --hrtf to continue it with the same HRTF (its rows all name one).",
                ["session": session, "used": used, "asked": asked])
        }
    }
}
