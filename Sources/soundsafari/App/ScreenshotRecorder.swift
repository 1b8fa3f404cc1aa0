// Saves a PNG of each screen the first frames it shows, when SOUNDSAFARI_SCREENSHOTS names a folder.
import Foundation

/// Screenshots for the end-to-end test and for documentation: `NN-<screen>.png` each time a different
/// screen appears, taken from the renderer's own pixels (SDL_RenderReadPixels) a few frames after it
/// appeared, so the screen is fully drawn. Hidden: enabled by the environment variable only.
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

    static func fromEnvironment() throws -> ScreenshotRecorder? {
        guard let path = ProcessInfo.processInfo.environment["SOUNDSAFARI_SCREENSHOTS"], !path.isEmpty else {
            return nil
        }
        return try ScreenshotRecorder(folder: URL(fileURLWithPath: path))
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
