// A field's raw bytes as a dictionary key, hashed in one call (Array<UInt8> hashes byte by byte).
struct ByteKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
