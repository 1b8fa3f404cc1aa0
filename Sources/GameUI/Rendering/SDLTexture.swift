// A texture of the window's renderer that frees itself: no screen stores a raw texture pointer or destroys one.
import CSDL2

/// An SDL texture and its size in pixels, destroyed when the last reference to it goes. It keeps its window
/// alive, and after the window closed it does nothing: `SDL_DestroyRenderer` has freed every texture already,
/// and destroying one twice would crash.
final class SDLTexture {
    let pointer: OpaquePointer
    let width: Int32
    let height: Int32
    private let window: GameWindow

    /// The surface uploaded to the window's renderer; nil when SDL cannot make the texture.
    init?(surface: UnsafeMutablePointer<SDL_Surface>, window: GameWindow) {
        guard let pointer = SDL_CreateTextureFromSurface(window.renderer, surface) else { return nil }
        self.pointer = pointer
        self.width = surface.pointee.w
        self.height = surface.pointee.h
        self.window = window
    }

    /// A PNG (or any format SDL2_image reads) loaded onto the window's renderer; nil when it cannot be read.
    init?(imageAt path: String, window: GameWindow) {
        guard let pointer = IMG_LoadTexture(window.renderer, path) else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_QueryTexture(pointer, nil, nil, &width, &height)
        self.pointer = pointer
        self.width = width
        self.height = height
        self.window = window
    }

    deinit {
        if window.isOpen { SDL_DestroyTexture(pointer) }
    }

    /// Copies the texture into `target` (stretched to it).
    func draw(into target: SDL_Rect) {
        var target = target
        SDL_RenderCopy(window.renderer, pointer, nil, &target)
    }
}
