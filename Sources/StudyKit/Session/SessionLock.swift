// The advisory lock that makes one process at a time the writer of a session folder.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

/// `session.lock` in a session folder, held with flock(2) for as long as a process writes the session
/// (released by the kernel when the process ends, however it ends). The holder's pid is written into the
/// file so the process refused can say who has it. The file is never deleted: unlinking a lock file lets
/// two processes hold locks on two different files of the same name.
final class SessionLock {
    static let fileName = "session.lock"
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Takes the lock of `folder` without waiting; `.sessionInUse` naming the holder's pid when it is held.
    static func acquire(_ folder: URL) throws -> SessionLock {
        let url = folder.appendingPathComponent(fileName)
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, AppendOnlyFile.ownerOnlyFileMode)
        guard fd >= 0 else { throw StudyFileError.system(path: url.path, action: "create", errno: errno) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            defer { close(fd) }
            guard code == EWOULDBLOCK else { throw StudyFileError.system(path: url.path, action: "lock", errno: code) }
            throw StudyFileError.sessionInUse(path: folder.path, pid: holder(fd))
        }
        let pid = "\(getpid())\n"
        // Only the lock holder writes the file, so truncating it cannot clash with another writer.
        if ftruncate(fd, 0) == 0 {
            _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
            fsync(fd)
        }
        return SessionLock(descriptor: fd)
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
