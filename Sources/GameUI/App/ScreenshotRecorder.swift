// Saves a PNG of each screen the first frames it shows, when the window tests ask for screenshots.
import Foundation

/// Screenshots for the end-to-end test and for documentation: `NN-<screen>.png` each time a different
/// screen appears, taken from the renderer's own pixels (SDL_RenderReadPixels) a few frames after it
/// appeared, so the screen is fully drawn. Installed only through `AppHooks` (soundsafari-autopilot).
final class ScreenshotRecorder {
    let folder: URL
    private var count = 0
    private var lastScreen = ""
    private var framesOnScreen = 0
    private(set) var saved: [URL] = []
    /// Frames to wait after a screen change (text textures are created in the first frame).
    static let settleFrames = 3

    init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Call after drawing a frame (before presenting it) with the name of the screen drawn.
    func frameDrawn(screen: String, window: GameWindow) throws {
        if screen != lastScreen {
            lastScreen = screen
            framesOnScreen = 0
        }
        framesOnScreen += 1
        guard framesOnScreen == Self.settleFrames else { return }
        try save(name: screen, window: window)
    }

    /// Saves what the window shows now as `NN-<name>.png`.
    func save(name: String, window: GameWindow) throws {
        count += 1
        let url = folder.appendingPathComponent(String(format: "%02d-%@.png", count, name))
        try window.saveScreenshot(to: url)
        saved.append(url)
    }
}
