// A surface encoded as PNG in memory, for StudyKit's checked, owner-only writer.
import CPNG
import CSDL2

extension SDLSurface {
    /// The surface as PNG bytes (libpng into memory). Writing them is the caller's, through `SessionFileWriter`:
    /// IMG_SavePNG to a path hides a full disk (it left 0-byte PNGs and no error) and creates files readable by
    /// everyone. `path` only names the file in errors.
    ///
    /// Encoded with libpng's PNG_IMAGE_FLAG_FAST (no row filter, zlib level 3): SDL_image's IMG_SavePNG offers no
    /// choice and spent most of a photo's result picture in libpng's filter search and zlib level 6 (issue 48's
    /// profile); this is ~4× less CPU for a file ~15 % larger (35 KB instead of 31 KB for a result picture).
    func pngBytes(for path: String) throws -> ArraySlice<UInt8> {
        let width = Int(pointer.pointee.w)
        let height = Int(pointer.pointee.h)
        let hasAlpha = pointer.pointee.format.pointee.Amask != 0
        let channels = hasAlpha ? 4 : 3
        // libpng takes its pixels as R, G, B (, A) bytes; an opaque picture's PNG is RGB.
        let target = hasAlpha ? SDL_PIXELFORMAT_RGBA32 : SDL_PIXELFORMAT_RGB24
        SDL_LockSurface(pointer)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * channels) { raw, initialized in
            let converted = SDL_ConvertPixels(
                Int32(width), Int32(height), pointer.pointee.format.pointee.format, pointer.pointee.pixels,
                pointer.pointee.pitch, target.rawValue, raw.baseAddress, Int32(width * channels))
            initialized = converted == 0 ? raw.count : 0
        }
        SDL_UnlockSurface(pointer)
        guard pixels.count == width * height * channels else {
            throw ResultPictureError.pngNotWritten(path: path, message: String(cString: SDL_GetError()))
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(hasAlpha ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_FLAG_COLOR)
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // Room for the stored pixels plus zlib's and PNG's overhead; should it not do, libpng says how much would.
        var capacity = pixels.count + pixels.count / 100 + height + 65_536
        for _ in 0..<2 {
            var written = png_alloc_size_t(capacity)
            var encoded = false
            let buffer = [UInt8](unsafeUninitializedCapacity: capacity) { raw, initialized in
                encoded = png_image_write_to_memory(&image, raw.baseAddress, &written, 0, pixels, 0, nil) != 0
                initialized = encoded ? Int(written) : 0
            }
            if encoded { return buffer[...] }
            guard Int(written) > capacity else { break }
            capacity = Int(written)
        }
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        png_image_free(&image)
        throw ResultPictureError.pngNotWritten(
            path: path, message: message.isEmpty ? "the PNG encoder produced no bytes" : "libpng: \(message)")
    }
}
