// Whole-file writes that leave either the old file or the complete new one: a per-writer temporary, fsync, rename.
import Foundation
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// The one atomic write of the project (session.json, profile.json versions, stored plans, display and sync
/// settings, reminder settings and units, the progress chart).
/// Each writer has its own temporary file (`.NAME.PID-RANDOM.writing`, owner-only), so two writers never
/// write into one; a failure (a full disk) removes the temporary and leaves the destination as it was.
public enum AtomicFile {
    /// Replaces (or creates) `url` with `data`.
    public static func replace(_ url: URL, with data: Data) throws {
        let temporary = try writeTemporary(data, beside: url)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw StudyFileError.notWritten(path: url.path, errno: code)
        }
        AppendOnlyFile.syncDirectory(of: url)
    }

    /// Creates `url` with `data`, never over an existing file (`.alreadyExists`): the file appears complete
    /// or not at all.
    public static func createNew(_ url: URL, with data: Data) throws {
        let temporary = try writeTemporary(data, beside: url)
        defer { unlink(temporary.path) }
        // link(2) fails with EEXIST instead of replacing: no half-written or overwritten file is ever visible.
        guard link(temporary.path, url.path) == 0 else {
            let code = errno
            if code == EEXIST { throw StudyFileError.alreadyExists(path: url.path) }
            throw StudyFileError.notWritten(path: url.path, errno: code)
        }
        AppendOnlyFile.syncDirectory(of: url)
    }

    private static func writeTemporary(_ data: Data, beside url: URL) throws -> URL {
        let name = ".\(url.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).writing"
        let temporary = url.deletingLastPathComponent().appendingPathComponent(name)
        let file: AppendOnlyFile
        do { file = try AppendOnlyFile.create(temporary) } catch StudyFileError.system(_, _, let code) {
            throw StudyFileError.notWritten(path: url.path, errno: code)
        }
        do {
            try file.append(bytes: data)
        } catch {
            unlink(temporary.path)
            switch error {
            case StudyFileError.system(_, _, let code): throw StudyFileError.notWritten(path: url.path, errno: code)
            case StudyFileError.shortWrite: throw StudyFileError.notWritten(path: url.path, errno: ENOSPC)
            default: throw error
            }
        }
        return temporary
    }
}
