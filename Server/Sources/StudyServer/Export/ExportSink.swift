// Where the researcher export goes: entries (files) written in pieces to a folder, an HTTP response or a ZIP.
import Foundation
import Hummingbird

#if canImport(Glibc)
    import Glibc
#endif

/// What the export producer writes to: a file is begun, written in pieces (at most ~64 KiB each, so memory stays
/// flat whatever the rows), and ended before the next begins.
public protocol ExportSink {
    mutating func begin(file: String) async throws
    mutating func write(_ bytes: [UInt8]) async throws
    mutating func end(file: String) async throws
}

/// The export as a folder: created owner-only (it holds health data) and new, so an earlier export is never
/// overwritten; each file created exclusively, 0600.
public struct FolderSink: ExportSink {
    public let folder: URL
    private var descriptor: Int32 = -1

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    public init(folder: URL) throws {
        self.folder = folder
        if mkdir(folder.path, 0o700) != 0 {
            let reason = String(cString: strerror(errno))
            throw Refusal(
                description: errno == EEXIST
                    ? "\(folder.path) exists already: give --out a new folder (an export never writes over files)."
                    : "\(folder.path) cannot be created (\(reason)): give --out a folder in a writable place.")
        }
    }

    /// `file` may name subfolders (`machine/P07/…`): each is made owner-only inside the export's folder.
    public mutating func begin(file: String) async throws {
        var parent = folder
        for part in file.split(separator: "/").dropLast() {
            parent.appendPathComponent(String(part))
            guard mkdir(parent.path, 0o700) == 0 || errno == EEXIST else {
                throw Refusal(description: "\(parent.path) cannot be created (\(String(cString: strerror(errno)))).")
            }
        }
        let path = folder.appendingPathComponent(file).path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Refusal(description: "\(path) cannot be created (\(String(cString: strerror(errno)))).")
        }
    }

    public mutating func write(_ bytes: [UInt8]) async throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else {
                if written < 0 && errno == EINTR { continue }
                throw Refusal(
                    description: "Writing the export into \(folder.path) failed (\(String(cString: strerror(errno)))).")
            }
            offset += written
        }
    }

    /// The file is fsync'ed and closed: an export that says it is done is on the disk.
    public mutating func end(file: String) async throws {
        defer {
            close(descriptor)
            descriptor = -1
        }
        guard fsync(descriptor) == 0 else {
            throw Refusal(
                description:
                    "\(folder.appendingPathComponent(file).path) could not be saved (\(String(cString: strerror(errno))))."
            )
        }
    }
}

/// The export as an HTTP response body, streamed as it is produced.
struct ResponseSink: ExportSink {
    var writer: any ResponseBodyWriter

    mutating func begin(file: String) async throws {}

    mutating func write(_ bytes: [UInt8]) async throws {
        try await writer.write(ByteBuffer(bytes: bytes))
    }

    mutating func end(file: String) async throws {}
}
