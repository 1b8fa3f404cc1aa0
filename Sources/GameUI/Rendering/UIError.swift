// Errors of the window side a person can act on: each is one sentence naming the device or file and what to do.

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
            "No display could be opened (SDL: \(reason)): run from a desktop session, set DISPLAY, or use `xvfb-run soundsafari play`; `soundsafari simulate` needs no display."
        case .rendererFailed(let reason):
            "The window opened but nothing can be drawn in it (SDL: \(reason)): update the graphics driver or try SDL_RENDER_DRIVER=software."
        case .textUnavailable(let reason):
            "Text cannot be drawn (SDL2_ttf: \(reason)): reinstall the libsdl2-ttf-2.0-0 package (scripts/install-deps.sh installs it)."
        case .audioNotStarted:
            "The round cannot start because the audio engine is not running: run `soundsafari devices` to check the audio output, HRTFs and sounds, then start again."
        case .fontMissing(let path):
            "The font \(path) is missing: install the fonts-dejavu-core package (scripts/install-deps.sh does)."
        case .screenshotFailed(let path, let reason):
            "Could not save the screenshot \(path) (\(reason)): check that the folder exists and is writable."
        case .noSessionForPrompt:
            "A reminder's questionnaire (`soundsafari rate`) has no rounds to play: start a session with `soundsafari play` or `soundsafari study`."
        case .resumeHRTFDiffers(let session, let asked, let used):
            "Session \(session) was played with the HRTF '\(used)', not '\(asked)': leave out --hrtf to continue it "
                + "with the same HRTF (its rows all name one)."
        }
    }
}
