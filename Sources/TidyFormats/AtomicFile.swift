// Whole-file writes that leave either the old file or the complete new one: a per-writer temporary, fsync, rename.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one atomic write of the project (session.json, profile.json versions, stored plans, display and sync
/// settings, reminder settings and units, the progress chart, OpenAL Soft's search path, the desktop launcher's entry and icon, the speech
/// cache's WAVs). It lives here, in the target every writing target imports.
/// Each writer has its own temporary file (`.NAME.PID-RANDOM.writing`, owner-only: the files hold health data or
/// name a participant), so two writers never write into one; a failure (a full disk) removes the temporary and
/// leaves the destination as it was.
public enum AtomicFile {
    /// rw------- : every file written through here.
    static let ownerOnlyFileMode: mode_t = 0o600

    /// Replaces (or creates) `url` with `data`.
    public static func replace(_ url: URL, with data: Data) throws {
        try replace(url) { temporary in try write(data, to: temporary, for: url) }
    }

    /// Replaces (or creates) `url` with what `fill` writes to the temporary path it is given (a program such as
    /// espeak-ng that writes a file itself). The temporary exists, empty and owner-only, when `fill` runs; an error
    /// thrown by `fill` is rethrown as it is, after the temporary is removed.
    public static func replace(_ url: URL, filling fill: (URL) throws -> Void) throws {
        let temporary = try makeTemporary(beside: url)
        do {
            try fill(temporary)
            try flush(temporary, for: url)
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw AtomicFileError.notWritten(path: url.path, errno: code)
        }
        syncDirectory(of: url)
    }

    /// Creates `url` with `data`, never over an existing file (`.alreadyExists`): the file appears complete
    /// or not at all.
    public static func createNew(_ url: URL, with data: Data) throws {
        let temporary = try makeTemporary(beside: url)
        defer { unlink(temporary.path) }
        try write(data, to: temporary, for: url)
        // link(2) fails with EEXIST instead of replacing: no half-written or overwritten file is ever visible.
        guard link(temporary.path, url.path) == 0 else {
            let code = errno
            if code == EEXIST { throw AtomicFileError.alreadyExists(path: url.path) }
            throw AtomicFileError.notWritten(path: url.path, errno: code)
        }
        syncDirectory(of: url)
    }

    /// fsyncs the folder of `url`, so a new or renamed directory entry survives a crash too, not only the bytes.
    public static func syncDirectory(of url: URL) {
        let fd = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func makeTemporary(beside url: URL) throws -> URL {
        let name = ".\(url.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).writing"
        let temporary = url.deletingLastPathComponent().appendingPathComponent(name)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, ownerOnlyFileMode)
        guard fd >= 0 else { throw AtomicFileError.notWritten(path: url.path, errno: errno) }
        close(fd)
        return temporary
    }

    /// Writes all of `data` (looping on a short write; a write of 0 bytes is a full disk) and fsyncs it.
    private static func write(_ data: Data, to temporary: URL, for url: URL) throws {
        let fd = open(temporary.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFileError.notWritten(path: url.path, errno: errno) }
        defer { close(fd) }
        let bytes = [UInt8](data)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                // errno is read at once: any later call may overwrite it.
                let code = errno
                if code == EINTR { continue }
                throw AtomicFileError.notWritten(path: url.path, errno: code)
            }
            if written == 0 { throw AtomicFileError.notWritten(path: url.path, errno: ENOSPC) }
            offset += written
        }
        guard fsync(fd) == 0 else { throw AtomicFileError.notWritten(path: url.path, errno: errno) }
    }

    /// fsyncs a temporary another writer filled.
    private static func flush(_ temporary: URL, for url: URL) throws {
        let fd = open(temporary.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFileError.notWritten(path: url.path, errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw AtomicFileError.notWritten(path: url.path, errno: errno) }
    }
}

/// A whole-file write (`AtomicFile`) that did not happen; nothing was changed, so the command is simply run again.
public enum AtomicFileError: Error, Equatable, CustomStringConvertible, LocalizedError, Sendable {
    case notWritten(path: String, errno: Int32)
    /// `createNew` found the file there already.
    case alreadyExists(path: String)

    public var description: String {
        switch self {
        case .notWritten(let path, _):
            return
                "Cannot write \(path): \(reason); nothing was changed — free some space or fix the folder's permissions, then run the command again."
        case .alreadyExists(let path):
            return "\(path) already exists and is never overwritten; choose another folder."
        }
    }

    /// The cause alone, for a caller that words its own sentence around it.
    public var reason: String {
        switch self {
        case .notWritten(_, let code):
            code == ENOSPC || code == EDQUOT ? "the disk is full (no space left)" : String(cString: strerror(code))
        case .alreadyExists: "the file already exists"
        }
    }

    public var errorDescription: String? { description }
}
