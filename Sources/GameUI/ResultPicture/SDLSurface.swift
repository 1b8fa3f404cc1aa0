// An owned SDL software surface (freed with its owner), so pictures need no window and never leak.
import CSDL2

/// A 32-bit ARGB software surface. SDL surfaces need no video subsystem, so pictures render headless.
final class SDLSurface {
    let pointer: UnsafeMutablePointer<SDL_Surface>

    /// `opaque`: no alpha channel (32-bit XRGB), for a picture that covers every pixel; its PNG is RGB, a quarter
    /// fewer bytes for libpng to filter and zlib to deflate than RGBA, and no alpha of 253 left where text was
    /// blended.
    init(width: Int32, height: Int32, opaque: Bool = false) throws {
        let format = opaque ? SDL_PIXELFORMAT_RGB888 : SDL_PIXELFORMAT_ARGB8888
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, format.rawValue)
        else {
            throw ResultPictureError.sdl(
                operation: "create a \(width)×\(height) surface", message: String(cString: SDL_GetError()))
        }
        pointer = surface
    }

    /// Takes ownership of a surface SDL returned (e.g. rendered text).
    init(taking surface: UnsafeMutablePointer<SDL_Surface>) { pointer = surface }

    deinit { SDL_FreeSurface(pointer) }

    var width: Int32 { pointer.pointee.w }
    var height: Int32 { pointer.pointee.h }

    func color(_ color: SDL_Color) -> Uint32 {
        SDL_MapRGBA(pointer.pointee.format, color.r, color.g, color.b, color.a)
    }

    func fill(x: Int32, y: Int32, w: Int32, h: Int32, _ color: SDL_Color) {
        var rect = SDL_Rect(x: x, y: y, w: w, h: h)
        SDL_FillRect(pointer, &rect, self.color(color))
    }

    /// A filled disc, drawn as one horizontal span per row.
    func fillCircle(cx: Int32, cy: Int32, radius: Int32, _ color: SDL_Color) {
        let mapped = self.color(color)
        for dy in -radius...radius {
            let half = Int32(Double(radius * radius - dy * dy).squareRoot())
            var rect = SDL_Rect(x: cx - half, y: cy + dy, w: 2 * half + 1, h: 1)
            SDL_FillRect(pointer, &rect, mapped)
        }
    }

    /// A ring of `thickness` pixels.
    func strokeCircle(cx: Int32, cy: Int32, radius: Int32, thickness: Int32, _ color: SDL_Color) {
        let mapped = self.color(color)
        let outer = Double(radius)
        let inner = Double(max(0, radius - thickness))
        for dy in -radius...radius {
            let y = Double(dy)
            let outerHalf = (outer * outer - y * y).squareRoot()
            let innerHalf = abs(y) < inner ? (inner * inner - y * y).squareRoot() : -1
            if innerHalf < 0 {
                var rect = SDL_Rect(x: cx - Int32(outerHalf), y: cy + dy, w: 2 * Int32(outerHalf) + 1, h: 1)
                SDL_FillRect(pointer, &rect, mapped)
            } else {
                let w = max(1, Int32(outerHalf - innerHalf))
                var left = SDL_Rect(x: cx - Int32(outerHalf), y: cy + dy, w: w, h: 1)
                var right = SDL_Rect(x: cx + Int32(innerHalf), y: cy + dy, w: w, h: 1)
                SDL_FillRect(pointer, &left, mapped)
                SDL_FillRect(pointer, &right, mapped)
            }
        }
    }

    /// A filled triangle pointing left or right (an edge arrow) with its tip at (tipX, y).
    func fillArrowHead(tipX: Int32, y: Int32, length: Int32, halfHeight: Int32, pointsRight: Bool, _ color: SDL_Color) {
        let mapped = self.color(color)
        for dy in -halfHeight...halfHeight {
            // Each row runs from the base to a point that nears the tip as the row nears the middle.
            let span = Int32(Double(length) * (1 - Double(abs(dy)) / Double(halfHeight)))
            var rect =
                pointsRight
                ? SDL_Rect(x: tipX - length, y: y + dy, w: span, h: 1)
                : SDL_Rect(x: tipX + length - span, y: y + dy, w: span, h: 1)
            SDL_FillRect(pointer, &rect, mapped)
        }
    }

    /// Copies `source` with its top-left corner at (x, y), blending its alpha.
    func blit(_ source: SDLSurface, x: Int32, y: Int32) {
        var rect = SDL_Rect(x: x, y: y, w: source.width, h: source.height)
        // SDL_BlitSurface is a C macro for SDL_UpperBlit.
        SDL_UpperBlit(source.pointer, nil, pointer, &rect)
    }
}
