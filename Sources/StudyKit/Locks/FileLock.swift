// The one flock(2) wrapper: every advisory lock of the project (a session folder, a participant's start, a sync).
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive flock(2) on a lock file, held until this value is released (or its process ends, however it
/// ends: the kernel lets go). Lock files are never deleted: unlinking one lets two processes hold locks on two
/// different files of the same name. The file is created owner-only when missing.
public final class FileLock {
    public let url: URL
    let descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Takes the lock, waiting while another process holds it (a signal's EINTR waits on).
    public static func acquire(_ url: URL) throws -> FileLock {
        let fd = try open(url)
        while flock(fd, LOCK_EX) != 0 {
            let code = errno
            guard code == EINTR else {
                close(fd)
                throw StudyFileError.system(path: url.path, action: "lock", errno: code)
            }
        }
        return FileLock(url: url, descriptor: fd)
    }

    /// Takes the lock without waiting: nil when another process holds it.
    public static func tryAcquire(_ url: URL) throws -> FileLock? {
        let fd = try open(url)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            guard code == EWOULDBLOCK else { throw StudyFileError.system(path: url.path, action: "lock", errno: code) }
            return nil
        }
        return FileLock(url: url, descriptor: fd)
    }

    /// True when a process holds the lock of `url` now. Looks without creating the file or keeping the lock: a
    /// missing file was never locked.
    public static func isHeld(_ url: URL) -> Bool {
        let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    /// Holds an exclusive lock on an open file of its own for the duration of `body` (an append-only log locks
    /// itself while it checks and appends, so two writers cannot interleave or duplicate rows).
    static func whileHolding<T>(descriptor: Int32, path: String, _ body: () throws -> T) throws -> T {
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            guard code == EINTR else { throw StudyFileError.system(path: path, action: "lock", errno: code) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static func open(_ url: URL) throws -> Int32 {
        let fd = Glibc.open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, AppendOnlyFile.ownerOnlyFileMode)
        guard fd >= 0 else { throw StudyFileError.system(path: url.path, action: "create", errno: errno) }
        return fd
    }
}
