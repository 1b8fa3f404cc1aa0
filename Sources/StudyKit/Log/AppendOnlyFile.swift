// A file that is only ever appended to, each write fsync'ed before returning: the crash safety of every log.
import Foundation
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Appends whole lines to a file with `write(2)` + `fsync(2)`. Never truncates or rewrites what is
/// there: `create` refuses an existing file, `openExisting` appends after its end.
final class AppendOnlyFile {
    /// rw------- : participants.csv and every session file.
    static let ownerOnlyFileMode: mode_t = 0o600

    let url: URL
    private var descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Creates a new file; throws if it already exists (nothing is ever overwritten).
    static func create(_ url: URL) throws -> AppendOnlyFile {
        // Owner-only: the logs hold health data (docs/LOG-FORMAT.md, "Permissions").
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, ownerOnlyFileMode)
        guard fd >= 0 else { throw StudyFileError.system(path: url.path, action: "create", errno: errno) }
        // The new directory entry must survive a crash too, not only the bytes.
        AtomicFile.syncDirectory(of: url)
        return AppendOnlyFile(url: url, descriptor: fd)
    }

    /// Opens an existing file for appending.
    static func openExisting(_ url: URL) throws -> AppendOnlyFile {
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw StudyFileError.system(path: url.path, action: "open", errno: errno) }
        return AppendOnlyFile(url: url, descriptor: fd)
    }

    /// Opens the file, creating it when missing: `true` in the result when this call created it.
    static func openOrCreate(_ url: URL) throws -> (file: AppendOnlyFile, created: Bool) {
        do {
            return (try create(url), true)
        } catch StudyFileError.system(_, _, let code) where code == EEXIST {
            // Opening a FIFO for writing blocks until a reader comes; a device is no log.
            try RegularFile.check(url)
            return (try openExisting(url), false)
        }
    }

    /// Writes `text` in one `write` call (looping only on a short write) and fsyncs it (unless `sync` is
    /// false: the head-tracker stream is written at once, but syncing 60 times a second would stall frames).
    func append(_ text: String, sync: Bool = true) throws { try append(bytes: Array(text.utf8), sync: sync) }

    /// Writes `bytes` (looping on a short write; a write of 0 bytes is a full disk) and fsyncs them.
    func append<Bytes: Collection<UInt8>>(bytes collection: Bytes, sync: Bool = true) throws {
        let bytes = Array(collection)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                // errno is read at once: any later call may overwrite it.
                let code = errno
                if code == EINTR { continue }
                throw StudyFileError.system(path: url.path, action: "write to", errno: code)
            }
            if written == 0 {
                throw StudyFileError.shortWrite(path: url.path, written: offset, expected: bytes.count)
            }
            offset += written
        }
        guard !sync || fsync(descriptor) == 0 else {
            throw StudyFileError.system(path: url.path, action: "flush (fsync)", errno: errno)
        }
    }

    /// Holds an exclusive advisory lock for the duration of `body`, so two processes registering
    /// participants at once cannot interleave or duplicate rows.
    func withExclusiveLock<T>(_ body: () throws -> T) throws -> T {
        try FileLock.whileHolding(descriptor: descriptor, path: url.path, body)
    }

    /// The file's size now (under a lock, the size every other writer sees too).
    func size() throws -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw StudyFileError.system(path: url.path, action: "inspect", errno: errno)
        }
        return Int(status.st_size)
    }

    /// The rule of every append-only log (trials.csv, ratings.csv, participants.csv, tracker.csv): every row
    /// ends with a line break, so bytes after the last one are a write a crash or a full disk cut off. Before
    /// anything is appended they are moved to `NAME.cut-off-<time>` (kept, never deleted) and the file is cut
    /// back to its last whole row, so the next row is not glued onto the fragment.
    static func setAsideCutOffFragment(of url: URL, now: Date = Date()) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CSVReadError.unreadable(file: url.path, reason: (error as NSError).localizedDescription)
        }
        guard let last = data.last, last != UInt8(ascii: "\n") else { return }
        let keep = (data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        let stamp = Timestamp.format(now).replacingOccurrences(of: ":", with: "")
        let aside = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".cut-off-" + stamp)
        let fragment = try AppendOnlyFile.create(aside)
        try fragment.append(bytes: data[keep...])
        guard truncate(url.path, off_t(keep)) == 0 else {
            throw StudyFileError.system(path: url.path, action: "remove the cut-off last row of", errno: errno)
        }
    }
}
