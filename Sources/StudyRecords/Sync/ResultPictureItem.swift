// A session's result picture (round-NN.png, round-NN-target-K.png) as one sync item: the PNG's bytes in base64.
import Foundation

/// `sync --with-pictures` sends each result picture as a file of kind `picture` with one item, the PNG in base64
/// (the sync API carries text); the study server checks it is a PNG of a sensible size before it stores it, and
/// gives the bytes back for the dashboard's session page and a participant's export.
public enum ResultPictureItem {
    public static let kind = "picture"
    /// A picture larger than this is no result picture the game draws (they are 20–100 kB).
    public static let maximumBytes = 700 * 1024
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The names `ResultPictureFiles` gives: `round-01.png`, `round-04-target-2.png`.
    public static func isPictureName(_ name: String) -> Bool {
        // `\z`, not `$`: `$` also matches before a final line break, so "round-01.png\n" was a picture's name.
        name.range(of: #"^round-[0-9]{2,3}(-target-[0-9]{1,2})?\.png\z"#, options: .regularExpression) != nil
    }

    /// The item for a picture's bytes; a file that is no PNG, or too large, is one sentence naming it.
    public static func encode(_ data: Data, file: String) throws -> String {
        _ = try dimensions(data, file: file)
        return data.base64EncodedString()
    }

    /// The PNG's bytes of an item, checked as `encode` checks them.
    public static func decode(_ item: String, file: String) throws -> (png: Data, width: Int, height: Int) {
        guard let data = Data(base64Encoded: item) else {
            throw RecordError(file: file, reason: "the item is not base64 text: send the picture's bytes in base64")
        }
        let (width, height) = try dimensions(data, file: file)
        return (data, width, height)
    }

    /// Width and height from the PNG's IHDR chunk, which the format puts first.
    static func dimensions(_ data: Data, file: String) throws -> (width: Int, height: Int) {
        guard data.count <= maximumBytes else {
            throw RecordError(
                file: file,
                reason: "the picture has \(data.count) bytes, more than the \(maximumBytes) a result picture may have")
        }
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == signature,
            String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR"
        else { throw RecordError(file: file, reason: "it is not a PNG picture (no PNG signature and IHDR chunk)") }
        func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (integer(16), integer(20))
        guard (1...8192).contains(width), (1...8192).contains(height) else {
            throw RecordError(file: file, reason: "the PNG is \(width) × \(height) pixels, not a result picture's size")
        }
        return (width, height)
    }
}
