// A recorded animal's own picture: Tux Paint's stamp beside its call, where Debian installs it, through SDL2_image.
import CSDL2
import Foundation
import SpatialAudio

/// The picture of an imported call (`soundsafari sounds import`): the stamp's PNG (or SVG) next to the `.ogg` the
/// call was read from, never copied (GPL-2, Debian's package is how users get it). Loaded once per process with
/// SDL2_image, converted to ARGB and scaled to fit the box an animal drawing has, aspect kept, so the result
/// picture, the practice and the album show the animal that was heard.
enum StampPicture {
    /// Pictures loaded so far (nil: the sound has none), by sound name, and the stamps' picture files by sound name
    /// (nil until first asked); touched on the game thread only, which draws every picture (tests set `files`).
    nonisolated(unsafe) static var loaded: [String: SDLSurface?] = [:]
    nonisolated(unsafe) static var files: [String: URL]?

    /// Draws `sound`'s stamp centred on (cx, cy) within `box` × `box` pixels; false when it has none.
    static func draw(_ sound: String, on surface: SDLSurface, cx: Int32, cy: Int32, box: Int32 = 150) -> Bool {
        guard let picture = picture(of: sound) else { return false }
        let scale = min(Double(box) / Double(picture.width), Double(box) / Double(picture.height))
        let w = Int32((Double(picture.width) * scale).rounded())
        let h = Int32((Double(picture.height) * scale).rounded())
        var rect = SDL_Rect(x: cx - w / 2, y: cy - h / 2, w: w, h: h)
        // SDL_BlitScaled is a C macro for SDL_UpperBlitScaled; the stamp's alpha blends onto the scenery.
        SDL_UpperBlitScaled(picture.pointer, nil, surface.pointer, &rect)
        return true
    }

    /// The stamp's picture file of an accepted call, or nil (a synthesised sound, or no library).
    static func file(of sound: String) -> URL? {
        if files == nil { files = [:] }
        if files?[sound] == nil, let recording = Stamps.recording(of: sound) {
            let base = recording.deletingPathExtension()
            for type in ["png", "svg"] {
                let candidate = base.appendingPathExtension(type)
                if FileManager.default.fileExists(atPath: candidate.path) {
                    files?[sound] = candidate
                    break
                }
            }
        }
        return files?[sound]
    }

    private static func picture(of sound: String) -> SDLSurface? {
        if let known = loaded[sound] { return known }
        var picture: SDLSurface?
        if let file = file(of: sound), let raw = IMG_Load(file.path) {
            defer { SDL_FreeSurface(raw) }
            if let converted = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) {
                SDL_SetSurfaceBlendMode(converted, SDL_BLENDMODE_BLEND)
                picture = SDLSurface(taking: converted)
            }
        }
        loaded[sound] = picture
        return picture
    }
}
