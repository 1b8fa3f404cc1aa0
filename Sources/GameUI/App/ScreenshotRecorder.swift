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
    func frameDrawn(screen: String, window: GameWindow, texts: [String], boxes: [TextRenderer.Box] = []) throws {
        if screen != lastScreen {
            lastScreen = screen
            framesOnScreen = 0
        }
        framesOnScreen += 1
        guard framesOnScreen == Self.settleFrames else { return }
        try save(name: screen, window: window, texts: texts, boxes: boxes)
    }

    /// Saves what the window shows now as `NN-<name>.png`, and the texts drawn on it, one per line, as
    /// `NN-<name>.txt` (what the screen says, for the tests to read); where each line of them went as
    /// `NN-<name>.boxes.tsv` (x, y, width, height, the line, the whole text; the window's size first; a button as
    /// `button`, x, y, width, height).
    func save(name: String, window: GameWindow, texts: [String], boxes: [TextRenderer.Box] = []) throws {
        count += 1
        let url = folder.appendingPathComponent(String(format: "%02d-%@.png", count, name))
        try window.saveScreenshot(to: url)
        let said = texts.map(Self.oneLine).joined(separator: "\n") + "\n"
        try Data(said.utf8).write(to: url.deletingPathExtension().appendingPathExtension("txt"))
        let size = window.size
        let rows =
            ["window\t\(size.width)\t\(size.height)"]
            + boxes.map {
                $0.isButton
                    ? "button\t\($0.rect.x)\t\($0.rect.y)\t\($0.rect.w)\t\($0.rect.h)"
                    : "\($0.rect.x)\t\($0.rect.y)\t\($0.rect.w)\t\($0.rect.h)\t\(Self.oneLine($0.line))\t\(Self.oneLine($0.whole))"
            }
        try Data((rows.joined(separator: "\n") + "\n").utf8).write(
            to: url.deletingPathExtension().appendingPathExtension("boxes.tsv"))
        saved.append(url)
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }
}
