// The export as one ZIP file streamed to the browser: stored entries with data descriptors, written as produced.
import Foundation
import Hummingbird

/// A ZIP archive (PKWARE APPNOTE 6.3) written front to back: each entry's header, its bytes as the export produces
/// them, then its CRC-32 and sizes in a data descriptor; the central directory at the end. Entries are stored, not
/// compressed, so nothing is held back; an entry or archive past 4 GiB is refused (no ZIP64).
struct ZipResponseSink: ExportSink {
    var writer: any ResponseBodyWriter
    private var offset: UInt32 = 0
    private var entry: (name: [UInt8], start: UInt32, crc: UInt32, size: UInt64)?
    private var directory: [UInt8] = []
    private var entries: UInt16 = 0

    init(writer: any ResponseBodyWriter) { self.writer = writer }

    struct TooLarge: Error, CustomStringConvertible {
        var description: String
    }

    private mutating func emit(_ bytes: [UInt8]) async throws {
        guard UInt64(offset) + UInt64(bytes.count) < UInt64(UInt32.max) else {
            throw TooLarge(description: "The export is over 4 GiB: export one site at a time, or use the API's files.")
        }
        offset += UInt32(bytes.count)
        try await writer.write(ByteBuffer(bytes: bytes))
    }

    mutating func begin(file: String) async throws {
        let name = Array(file.utf8)
        entry = (name, offset, 0, 0)
        // Local header: version 2.0, flags: data descriptor (bit 3) and UTF-8 names (bit 11), stored, no time.
        var header = Self.le32(0x0403_4b50) + Self.le16(20) + Self.le16(0x0808) + Self.le16(0)
        header += Self.le16(0) + Self.le16(0x21) + Self.le32(0) + Self.le32(0) + Self.le32(0)
        header += Self.le16(UInt16(name.count)) + Self.le16(0) + name
        try await emit(header)
    }

    mutating func write(_ bytes: [UInt8]) async throws {
        guard var current = entry else { return }
        current.crc = CRC32.update(current.crc, bytes)
        current.size += UInt64(bytes.count)
        entry = current
        try await emit(bytes)
    }

    mutating func end(file: String) async throws {
        guard let current = entry else { return }
        entry = nil
        let size = UInt32(truncatingIfNeeded: current.size)
        try await emit(Self.le32(0x0807_4b50) + Self.le32(current.crc) + Self.le32(size) + Self.le32(size))
        var central = Self.le32(0x0201_4b50) + Self.le16(0x031E) + Self.le16(20) + Self.le16(0x0808) + Self.le16(0)
        central += Self.le16(0) + Self.le16(0x21) + Self.le32(current.crc) + Self.le32(size) + Self.le32(size)
        central += Self.le16(UInt16(current.name.count)) + Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le16(0)
        // External attributes: a regular file, 0600 (it holds health data).
        central += Self.le32(0o100600 << 16) + Self.le32(current.start) + current.name
        directory += central
        entries += 1
    }

    /// Writes the central directory and its end record; the archive is complete.
    mutating func finish() async throws {
        let start = offset
        try await emit(directory)
        var end = Self.le32(0x0605_4b50) + Self.le16(0) + Self.le16(0) + Self.le16(entries) + Self.le16(entries)
        end += Self.le32(UInt32(directory.count)) + Self.le32(start) + Self.le16(0)
        try await emit(end)
        try await writer.finish(nil)
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) } }
}

/// CRC-32 (ISO 3309, the polynomial ZIP uses), updated piece by piece.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func update(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        var value = ~crc
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xff)] ^ (value >> 8) }
        return ~value
    }
}
