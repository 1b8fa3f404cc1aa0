// The export as one ZIP archive, written as it streams (stored entries with data descriptors: nothing is held back
// or sought back), for `GET /api/v1/export?format=zip` and the dashboard's download.
import Foundation

/// Wraps a byte sink: each export file becomes a stored entry, the central directory follows `finish()`.
/// ZIPFoundation (the listed ZIP package) writes to a file or to memory it can seek in, not to a response; this
/// writer needs neither. Entries and the archive are limited to 4 GiB (no ZIP64): a larger export is refused.
public struct ZipSink<Output: ExportSink>: ExportSink {
    public private(set) var output: Output
    private var entries: [(name: [UInt8], crc: UInt32, size: UInt32, offset: UInt32)] = []
    private var offset: UInt64 = 0
    private var crc: UInt32 = 0
    private var size: UInt64 = 0
    private var started = false
    /// 2026-01-01 00:00 in MS-DOS time, the same for every entry (the export's time is in codebook.md).
    private let dosTime: UInt16 = 0
    private let dosDate: UInt16 = UInt16((2026 - 1980) << 9 | 1 << 5 | 1)

    public struct TooLarge: Error, CustomStringConvertible {
        public var description: String
    }

    public init(_ output: Output) {
        self.output = output
    }

    public mutating func begin(file: String) async throws {
        if !started {
            try await output.begin(file: "export.zip")
            started = true
        }
        let name = Array(file.utf8)
        // A ZIP entry's name has a 16-bit length: a longer one trapped in `UInt16(name.count)` and took the server
        // down (ingest bounds a path since SyncPath; a database filled before may hold longer ones).
        guard name.count <= Int(UInt16.max) else {
            throw TooLarge(
                description:
                    "The export's file name of \(name.count) bytes is longer than a ZIP entry's name may be (65,535 bytes)."
            )
        }
        entries.append((name, 0, 0, try Self.fits(offset, file)))
        crc = 0
        size = 0
        var header: [UInt8] = []
        header.le32(0x0403_4b50)
        header.le16(20)  // version needed: 2.0
        header.le16(0x0808)  // sizes in a data descriptor; UTF-8 names
        header.le16(0)  // stored
        header.le16(dosTime)
        header.le16(dosDate)
        header.le32(0)
        header.le32(0)
        header.le32(0)
        header.le16(UInt16(name.count))
        header.le16(0)
        header += name
        try await emit(header)
    }

    public mutating func write(_ bytes: [UInt8]) async throws {
        crc = CRC32.update(crc, bytes)
        size += UInt64(bytes.count)
        try await emit(bytes)
    }

    public mutating func end(file: String) async throws {
        let size32 = try Self.fits(size, file)
        entries[entries.count - 1].crc = crc
        entries[entries.count - 1].size = size32
        var descriptor: [UInt8] = []
        descriptor.le32(0x0807_4b50)
        descriptor.le32(crc)
        descriptor.le32(size32)
        descriptor.le32(size32)
        try await emit(descriptor)
    }

    /// Writes the central directory and its end record, then ends the output's file.
    public mutating func finish() async throws {
        let directoryStart = try Self.fits(offset, "the archive")
        var directory: [UInt8] = []
        for entry in entries {
            directory.le32(0x0201_4b50)
            directory.le16(0x031E)  // made by: Unix, 3.0 (so the mode below is read)
            directory.le16(20)
            directory.le16(0x0808)
            directory.le16(0)
            directory.le16(dosTime)
            directory.le16(dosDate)
            directory.le32(entry.crc)
            directory.le32(entry.size)
            directory.le32(entry.size)
            directory.le16(UInt16(entry.name.count))
            directory.le16(0)
            directory.le16(0)
            directory.le16(0)
            directory.le16(0)
            directory.le32(UInt32(0o100600) << 16)  // a regular file, owner-only: health data
            directory.le32(entry.offset)
            directory += entry.name
        }
        let directorySize = try Self.fits(UInt64(directory.count), "the archive's directory")
        directory.le32(0x0605_4b50)
        directory.le16(0)
        directory.le16(0)
        directory.le16(UInt16(entries.count))
        directory.le16(UInt16(entries.count))
        directory.le32(directorySize)
        directory.le32(directoryStart)
        directory.le16(0)
        try await emit(directory)
        try await output.end(file: "export.zip")
    }

    private mutating func emit(_ bytes: [UInt8]) async throws {
        offset += UInt64(bytes.count)
        try await output.write(bytes)
    }

    private static func fits(_ value: UInt64, _ what: String) throws -> UInt32 {
        guard value <= UInt64(UInt32.max) else {
            throw TooLarge(
                description:
                    "\(what) passes 4 GiB, more than a ZIP without ZIP64 holds: export one site at a time, or as a folder."
            )
        }
        return UInt32(value)
    }
}

/// CRC-32 (ISO 3309, the ZIP checksum), table-driven.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func update(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        var c = ~crc
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func le16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    fileprivate mutating func le32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
