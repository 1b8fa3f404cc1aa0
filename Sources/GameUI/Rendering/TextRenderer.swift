// Text with SDL2_ttf and the DejaVu fonts: sizes follow the window, rendered strings are cached as textures.
import CSDL2
import Foundation

/// Draws UTF-8 text. Fonts are opened per pixel size on demand; each rendered string is kept as a texture
/// (keyed by text, size, weight and colour) because re-rasterising every frame would cost the software renderer.
final class TextRenderer {
    enum Alignment { case left, center, right }

    private let window: GameWindow
    private var fonts: [String: OpaquePointer] = [:]
    private var cache: [String: SDLTexture] = [:]
    /// The texts drawn since the last `startFrame()`, whole (before wrapping), when `recordsText` is on: the
    /// window tests read what a screen says from them (`ScreenshotRecorder` saves them beside each PNG), and the
    /// autopilot waits on them (`wait next`, `see`, `gone`).
    var recordsText = false
    private(set) var drawnTexts: [String] = []
    /// Where each drawn line went, with the whole text it belongs to (recorded with `recordsText`): the window tests
    /// check that no text leaves the window or lies over another (`ScreenshotRecorder` saves them beside each PNG).
    private(set) var drawnBoxes: [Box] = []
    private var insideWrapped: String?

    /// One line of text as drawn: its pixels' rectangle in the window, and the text it is (part of); or a button
    /// (`isButton`, no text), whose label's lines must lie inside it.
    struct Box {
        let line: String
        let whole: String
        let rect: SDL_Rect
        var isButton = false
    }

    /// A button drawn this frame (recorded with `recordsText`): the window tests check its label stays inside it.
    func recordButton(_ rect: SDL_Rect) {
        if recordsText { drawnBoxes.append(Box(line: "", whole: "", rect: rect, isButton: true)) }
    }

    /// A new frame begins: forget the texts of the last one.
    func startFrame() {
        drawnTexts.removeAll(keepingCapacity: true)
        drawnBoxes.removeAll(keepingCapacity: true)
    }

    /// Texts a picture drawn by other fonts shows on this frame (the result picture), recorded as if drawn here.
    func record(_ texts: [String]) {
        if recordsText { drawnTexts += texts }
    }

    init(window: GameWindow) throws {
        self.window = window
        for file in [Theme.regularFont, Theme.boldFont] {
            let path = "\(Theme.fontDirectory)/\(file)"
            guard FileManager.default.isReadableFile(atPath: path) else { throw UIError.fontMissing(path) }
        }
    }

    deinit { close() }

    /// Frees the textures and fonts; must run before the renderer and SDL2_ttf shut down (`GameApp.shutdown`).
    func close() {
        clearCache()
        if TTF_WasInit() != 0 { for font in fonts.values { TTF_CloseFont(font) } }
        fonts.removeAll()
    }

    private func font(pixels: Int32, bold: Bool) -> OpaquePointer? {
        let key = "\(pixels)\(bold ? "b" : "r")"
        if let font = fonts[key] { return font }
        let path = "\(Theme.fontDirectory)/\(bold ? Theme.boldFont : Theme.regularFont)"
        guard let font = TTF_OpenFont(path, pixels) else { return nil }
        fonts[key] = font
        return font
    }

    private func texture(_ text: String, pixels: Int32, bold: Bool, color: SDL_Color) -> SDLTexture? {
        let key = "\(pixels)|\(bold)|\(color.r),\(color.g),\(color.b),\(color.a)|\(text)"
        if let hit = cache[key] { return hit }
        guard !text.isEmpty, let font = font(pixels: pixels, bold: bold),
            let surface = TTF_RenderUTF8_Blended(font, text, color)
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDLTexture(surface: surface, window: window) else { return nil }
        // A resize makes every size new: drop the old textures rather than grow without bound.
        if cache.count > 400 { clearCache() }
        cache[key] = texture
        return texture
    }

    func clearCache() {
        cache.removeAll()
    }

    /// Width and height the text would take.
    func measure(_ text: String, pixels: Int32, bold: Bool = false) -> (width: Int32, height: Int32) {
        guard let font = font(pixels: pixels, bold: bold) else { return (0, 0) }
        var w: Int32 = 0
        var h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return (w, h)
    }

    /// Draws one line with its top at `y`; returns its height.
    @discardableResult
    func draw(
        _ text: String, x: Int32, y: Int32, pixels: Int32, color: SDL_Color = Theme.text,
        bold: Bool = false, align: Alignment = .left
    ) -> Int32 {
        if recordsText && insideWrapped == nil { drawnTexts.append(text) }
        guard let entry = texture(text, pixels: pixels, bold: bold, color: color) else { return pixels }
        let left: Int32 =
            switch align {
            case .left: x
            case .center: x - entry.width / 2
            case .right: x - entry.width
            }
        let rect = SDL_Rect(x: left, y: y, w: entry.width, h: entry.height)
        if recordsText { drawnBoxes.append(Box(line: text, whole: insideWrapped ?? text, rect: rect)) }
        entry.draw(into: rect)
        return entry.height
    }

    /// Draws text wrapped to `width`, line by line; returns the total height.
    @discardableResult
    func drawWrapped(
        _ text: String, x: Int32, y: Int32, width: Int32, pixels: Int32,
        color: SDL_Color = Theme.text, bold: Bool = false, align: Alignment = .left
    ) -> Int32 {
        let lines = wrap(text, width: width, pixels: pixels, bold: bold)
        if recordsText { drawnTexts.append(text) }
        insideWrapped = text
        defer { insideWrapped = nil }
        var offset: Int32 = 0
        let lineHeight = pixels * 13 / 10
        for line in lines {
            if !line.isEmpty { draw(line, x: x, y: y + offset, pixels: pixels, color: color, bold: bold, align: align) }
            offset += lineHeight
        }
        return offset
    }

    /// The height `drawWrapped` would take (to choose a size that fits before drawing).
    func wrappedHeight(_ text: String, width: Int32, pixels: Int32, bold: Bool = false) -> Int32 {
        Int32(wrap(text, width: width, pixels: pixels, bold: bold).count) * (pixels * 13 / 10)
    }

    private var wrapped: [String: [String]] = [:]

    /// The lines of `text` broken at spaces to fit `width` (cached: measuring every word each frame is costly).
    private func wrap(_ text: String, width: Int32, pixels: Int32, bold: Bool) -> [String] {
        let key = "\(width)|\(pixels)|\(bold)|\(text)"
        if let hit = wrapped[key] { return hit }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for whole in paragraph.split(separator: " ") {
                // A word wider than the line (a long plan name) is broken where it must, not cut off by the window.
                var word = String(whole)
                while measure(word, pixels: pixels, bold: bold).width > width, word.count > 1 {
                    var head = word
                    while measure(head + "-", pixels: pixels, bold: bold).width > width, head.count > 1 {
                        head.removeLast()
                    }
                    // A path breaks after one of its slashes, no hyphen added (a hyphen in a path names another file,
                    // and a participant folder "P07" must not read "P0-7"); a word after its own hyphen if it has one.
                    let isPath = word.contains("/")
                    if isPath {
                        head = word
                        while measure(head, pixels: pixels, bold: bold).width > width, head.count > 1 {
                            head.removeLast()
                        }
                        if let slash = head.lastIndex(of: "/"), head.distance(from: head.startIndex, to: slash) > 0 {
                            head = String(head[...slash])
                        }
                    } else if let hyphen = head.lastIndex(of: "-"),
                        head.distance(from: head.startIndex, to: hyphen) > 0
                    {
                        head = String(head[...hyphen])
                    }
                    if !line.isEmpty { lines.append(line) }
                    lines.append(isPath || head.hasSuffix("-") ? head : head + "-")
                    line = ""
                    word.removeFirst(head.count)
                }
                let candidate = line.isEmpty ? word : line + " " + word
                if measure(candidate, pixels: pixels, bold: bold).width > width, !line.isEmpty {
                    lines.append(line)
                    line = word
                } else {
                    line = candidate
                }
            }
            lines.append(line)
        }
        if wrapped.count > 200 { wrapped.removeAll() }
        wrapped[key] = lines
        return lines
    }
}
