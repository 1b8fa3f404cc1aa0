// A surface encoded as PNG in memory, for StudyKit's checked, owner-only writer.
import CSDL2

extension SDLSurface {
    /// The surface as PNG bytes (SDL2_image into memory). Writing them is the caller's, through
    /// `SessionFileWriter`: IMG_SavePNG to a path hides a full disk (it left 0-byte PNGs and no error) and
    /// creates files readable by everyone. `path` only names the file in errors.
    func pngBytes(for path: String) throws -> ArraySlice<UInt8> {
        // An uncompressed 32-bit picture plus room for PNG's headers: more than any encoding can need. Not zeroed
        // first (2.3 MB for a result picture): the encoder writes before anything is read, and only the bytes it
        // wrote are returned.
        let capacity = Int(pointer.pointee.w * pointer.pointee.h) * 4 + 65_536
        var size: Int64 = 0
        var encodingError: ResultPictureError?
        let buffer = [UInt8](unsafeUninitializedCapacity: capacity) { raw, initialized in
            initialized = 0
            guard let stream = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else {
                encodingError = .pngNotWritten(path: path, message: String(cString: SDL_GetError()))
                return
            }
            defer { SDL_RWclose(stream) }
            if IMG_SavePNG_RW(pointer, stream, 0) != 0 {
                encodingError = .pngNotWritten(path: path, message: String(cString: SDL_GetError()))
                return
            }
            size = SDL_RWtell(stream)
            initialized = max(0, Int(size))
        }
        if let encodingError { throw encodingError }
        guard size > 0 else {
            throw ResultPictureError.pngNotWritten(path: path, message: "the PNG encoder produced no bytes")
        }
        return buffer[...]
    }
}
