// DejaVu fonts for the result picture through SDL2_ttf, opened per picture and closed with it.
import CSDL2
import Foundation

/// The fonts one picture needs. SDL_ttf is initialised on first use (TTF_Init is reference counted,
/// and the UI's text renderer may have done it already).
final class PictureFonts {
    let large: OpaquePointer
    let small: OpaquePointer

    init(largePixels: Int32, smallPixels: Int32) throws {
        if TTF_WasInit() == 0, TTF_Init() != 0 {
            throw ResultPictureError.sdl(operation: "initialise SDL_ttf", message: String(cString: SDL_GetError()))
        }
        let bold = "\(Theme.fontDirectory)/\(Theme.boldFont)"
        let regular = "\(Theme.fontDirectory)/\(Theme.regularFont)"
        guard let large = TTF_OpenFont(bold, largePixels) else { throw ResultPictureError.fontMissing(path: bold) }
        guard let small = TTF_OpenFont(regular, smallPixels) else {
            TTF_CloseFont(large)
            throw ResultPictureError.fontMissing(path: regular)
        }
        self.large = large
        self.small = small
    }

    deinit {
        TTF_CloseFont(large)
        TTF_CloseFont(small)
    }

    /// `text` rendered anti-aliased in `color` (nil for an empty string).
    func render(_ text: String, font: OpaquePointer, color: SDL_Color) -> SDLSurface? {
        guard !text.isEmpty, let surface = TTF_RenderUTF8_Blended(font, text, color) else { return nil }
        return SDLSurface(taking: surface)
    }
}
