// A field's raw bytes as a dictionary key, hashed in one call (Array<UInt8> hashes byte by byte).
import Foundation

struct ByteKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

extension ByteKey {
    /// Whether a kept copy and a field's bytes are equal (one memcmp).
    static func same(_ kept: [UInt8], _ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard kept.count == field.count else { return false }
        return kept.withUnsafeBufferPointer { a in
            a.count == 0 || memcmp(a.baseAddress!, field.baseAddress!, a.count) == 0
        }
    }
}
