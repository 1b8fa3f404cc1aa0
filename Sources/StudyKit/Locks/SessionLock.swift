// The advisory lock that makes one process at a time the writer of a session folder.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

/// `session.lock` in a session folder, held for as long as a process writes the session. The holder's pid is
/// written into the file so the process refused can say who has it.
enum SessionLock {
    static let fileName = "session.lock"

    /// Takes the lock of `folder` without waiting; `.sessionInUse` naming the holder's pid when it is held.
    static func acquire(_ folder: URL) throws -> FileLock {
        let url = folder.appendingPathComponent(fileName)
        guard let lock = try FileLock.tryAcquire(url) else {
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            defer { if fd >= 0 { close(fd) } }
            throw StudyFileError.sessionInUse(path: folder.path, pid: fd >= 0 ? holder(fd) : nil)
        }
        let pid = "\(getpid())\n"
        // Only the lock holder writes the file, so truncating it cannot clash with another writer.
        if ftruncate(lock.descriptor, 0) == 0 {
            _ = pid.withCString { pwrite(lock.descriptor, $0, strlen($0), 0) }
            fsync(lock.descriptor)
        }
        return lock
    }

    /// True when a process holds the lock of `folder` now (its session is being played).
    static func isHeld(_ folder: URL) -> Bool {
        FileLock.isHeld(folder.appendingPathComponent(fileName))
    }
    /// The pid in the lock file. The holder writes it just after taking the lock, so a process refused in
    /// that instant finds the file empty: it looks again for up to 0.2 s before saying "another process".
    private static func holder(_ fd: Int32) -> Int32? {
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: 32)
            let count = pread(fd, &buffer, buffer.count - 1, 0)
            let bytes = buffer.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }
            let text = String(decoding: bytes, as: UTF8.self)
            if text.hasSuffix("\n"), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            usleep(5_000)
        }
        return nil
    }
}
