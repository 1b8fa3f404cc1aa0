// Reads a window screenshot's pixels so window tests can check what was drawn where (zlib found at run time).
import Foundation

/// The RGB(A) pixels of an 8-bit PNG as SDL_image writes them (colour type 2 or 6, no interlace). The IDAT
/// stream is inflated by the system's libz (`uncompress`, looked up with dlopen), so the tests need no image
/// library target and no Swift package; the scanline filters are undone here.
struct PNGPixels {
    let width: Int
    let height: Int
    private let channels: Int
    private let data: [UInt8]

    struct ReadError: Error, CustomStringConvertible { let description: String }

    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw ReadError(description: "\(url.path) is not a PNG")
        }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var size = (0, 0)
        var colorType = 0
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = be32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            if type == "IHDR" {
                size = (be32(body), be32(body + 4))
                guard bytes[body + 8] == 8, bytes[body + 12] == 0 else {
                    throw ReadError(description: "\(url.path): only 8-bit, non-interlaced PNGs are read")
                }
                colorType = Int(bytes[body + 9])
            } else if type == "IDAT" {
                compressed += bytes[body..<body + length]
            }
            offset = body + length + 4
        }
        guard colorType == 2 || colorType == 6 else {
            throw ReadError(description: "\(url.path): colour type \(colorType) is not RGB or RGBA")
        }
        (width, height) = size
        channels = colorType == 6 ? 4 : 3
        let stride = width * channels
        let raw = try Self.inflate(compressed, expected: height * (stride + 1))
        var out = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            for i in 0..<stride {
                let x = Int(raw[row * (stride + 1) + 1 + i])
                let a = i >= channels ? Int(out[row * stride + i - channels]) : 0
                let b = row > 0 ? Int(out[(row - 1) * stride + i]) : 0
                let c = row > 0 && i >= channels ? Int(out[(row - 1) * stride + i - channels]) : 0
                let predicted: Int
                switch filter {
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: predicted = 0
                }
                out[row * stride + i] = UInt8((x + predicted) & 0xFF)
            }
        }
        data = out
    }

    /// The colour at (x, y) as (r, g, b).
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * channels
        return (Int(data[i]), Int(data[i + 1]), Int(data[i + 2]))
    }

    /// How many pixels of the rectangle are within `tolerance` of `color` in every channel.
    func count(
        _ color: (r: Int, g: Int, b: Int), x: Range<Int>, y: Range<Int>, tolerance: Int = 12
    ) -> Int {
        var found = 0
        for row in y.clamped(to: 0..<height) {
            for column in x.clamped(to: 0..<width) {
                let pixel = rgb(column, row)
                if abs(pixel.r - color.r) <= tolerance && abs(pixel.g - color.g) <= tolerance
                    && abs(pixel.b - color.b) <= tolerance
                {
                    found += 1
                }
            }
        }
        return found
    }

    private static func inflate(_ input: [UInt8], expected: Int) throws -> [UInt8] {
        typealias Uncompress =
            @convention(c) (
                UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt
            ) -> Int32
        guard let library = dlopen("libz.so.1", RTLD_NOW), let symbol = dlsym(library, "uncompress") else {
            throw ReadError(description: "libz.so.1 cannot be loaded to read PNG screenshots (install zlib1g)")
        }
        let uncompress = unsafeBitCast(symbol, to: Uncompress.self)
        var output = [UInt8](repeating: 0, count: expected)
        var length = UInt(expected)
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, UInt(input.count)) }
        }
        guard status == 0, length == UInt(expected) else {
            throw ReadError(description: "the PNG's image data does not inflate (zlib status \(status))")
        }
        return output
    }
}
