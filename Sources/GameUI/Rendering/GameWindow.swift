// The SDL window and renderer: 1280×720 by default, resizable, F11 fullscreen, screenshots as PNG.
import CSDL2
import Foundation

/// Owns the SDL window and its renderer. Everything is drawn in window pixels; layouts scale with `height`.
final class GameWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    private(set) var isFullscreen = false

    /// Opens the window. SDL_Init(VIDEO) must have succeeded (see `SDLSystem`).
    init(title: String, width: Int32 = 1280, height: Int32 = 720, fullscreen: Bool = false) throws {
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED, a macro Swift cannot import
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        guard let window = SDL_CreateWindow(title, centered, centered, width, height, flags) else {
            throw UIError.noDisplay(String(cString: SDL_GetError()))
        }
        // Accelerated where there is a GPU, the software renderer elsewhere. No vsync: the GameManager paces
        // frames at 60 Hz with absolute deadlines, and a present blocking on the display would make ticks late.
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue
        guard
            let renderer = SDL_CreateRenderer(window, -1, accelerated)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else {
            let reason = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            throw UIError.rendererFailed(reason)
        }
        self.window = window
        self.renderer = renderer
        self.isFullscreen = fullscreen
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetWindowMinimumSize(window, 640, 360)
    }

    /// False once `close()` destroyed the renderer (and with it every texture: `SDLTexture` checks this).
    private(set) var isOpen = true

    deinit { close() }

    /// Destroys the renderer (and with it every texture) and the window; safe to call twice.
    func close() {
        guard isOpen else { return }
        isOpen = false
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The drawable size in pixels.
    var size: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// A mouse position (window points) in drawable pixels: they differ on HiDPI screens.
    func pixels(fromPointX x: Int32, y: Int32) -> (x: Int32, y: Int32) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        let (pw, ph) = size
        guard w > 0, h > 0 else { return (x, y) }
        return (Int32(Int(x) * pw / Int(w)), Int32(Int(y) * ph / Int(h)))
    }

    func toggleFullscreen() {
        isFullscreen.toggle()
        SDL_SetWindowFullscreen(window, isFullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
    }

    private var lastSize = (width: 0, height: 0)

    func clear(_ color: SDL_Color = Theme.background) {
        // Without a window manager (e.g. Xvfb) SDL may miss the resize event of a fullscreen switch and keep
        // drawing into the old viewport: reset it whenever the drawable's size changes.
        let now = size
        if now != lastSize {
            lastSize = now
            SDL_RenderSetViewport(renderer, nil)
        }
        setColor(color)
        SDL_RenderClear(renderer)
    }

    func setColor(_ color: SDL_Color) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    }

    func fill(_ rect: SDL_Rect, _ color: SDL_Color) {
        setColor(color)
        var r = rect
        SDL_RenderFillRect(renderer, &r)
    }

    func outline(_ rect: SDL_Rect, _ color: SDL_Color, thickness: Int32 = 2) {
        setColor(color)
        for i in 0..<thickness {
            var r = SDL_Rect(x: rect.x + i, y: rect.y + i, w: rect.w - 2 * i, h: rect.h - 2 * i)
            SDL_RenderDrawRect(renderer, &r)
        }
    }

    func present() { SDL_RenderPresent(renderer) }

    /// Saves what the renderer shows now as a PNG (SDL_RenderReadPixels + IMG_SavePNG).
    func saveScreenshot(to url: URL) throws {
        let (w, h) = size
        let format = UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, format) else {
            throw UIError.screenshotFailed(path: url.path, reason: String(cString: SDL_GetError()))
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, format, surface.pointee.pixels, surface.pointee.pitch) == 0,
            IMG_SavePNG(surface, url.path) == 0
        else {
            throw UIError.screenshotFailed(path: url.path, reason: String(cString: SDL_GetError()))
        }
    }
}
