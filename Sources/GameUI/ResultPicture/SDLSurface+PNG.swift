// A surface encoded as PNG in memory, for StudyKit's checked, owner-only writer.
import CSDL2

extension SDLSurface {
    /// The surface as PNG bytes (SDL2_image into memory). Writing them is the caller's, through
    /// `SessionFileWriter`: IMG_SavePNG to a path hides a full disk (it left 0-byte PNGs and no error) and
    /// creates files readable by everyone. `path` only names the file in errors.
    func pngBytes(for path: String) throws -> ArraySlice<UInt8> {
        // An uncompressed 32-bit picture plus room for PNG's headers: more than any encoding can need.
        var buffer = [UInt8](repeating: 0, count: Int(pointer.pointee.w * pointer.pointee.h) * 4 + 65_536)
        let size: Int64 = try buffer.withUnsafeMutableBytes { raw in
            guard let stream = SDL_RWFromMem(raw.baseAddress, Int32(raw.count)) else {
                throw ResultPictureError.pngNotWritten(path: path, message: String(cString: SDL_GetError()))
            }
            defer { SDL_RWclose(stream) }
            if IMG_SavePNG_RW(pointer, stream, 0) != 0 {
                throw ResultPictureError.pngNotWritten(path: path, message: String(cString: SDL_GetError()))
            }
            return SDL_RWtell(stream)
        }
        guard size > 0 else {
            throw ResultPictureError.pngNotWritten(path: path, message: "the PNG encoder produced no bytes")
        }
        return buffer[..<Int(size)]
    }
}
