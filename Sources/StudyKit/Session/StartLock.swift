// The lock that lets one process at a time number and create a participant's new session.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

/// `.start.lock` in a participant's folder, held with flock(2) while a new session is numbered and its folder
/// and session.json are made: without it two sessions started at once (two `simulate`, `study` or `train`
/// runs on one logs folder) both read the same earlier sessions and take the same `session_index`. A start
/// waits for the one before it (which holds the lock only while it writes those two files); the kernel
/// releases the lock when the holder ends, however it ends. The file is never deleted (see `SessionLock`).
final class StartLock {
    static let fileName = ".start.lock"
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Takes the lock of `participantFolder` (which must exist), waiting while another start holds it.
    static func acquire(_ participantFolder: URL) throws -> StartLock {
        let url = participantFolder.appendingPathComponent(fileName)
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, AppendOnlyFile.ownerOnlyFileMode)
        guard fd >= 0 else { throw StudyFileError.system(path: url.path, action: "create", errno: errno) }
        while flock(fd, LOCK_EX) != 0 {
            let code = errno
            guard code == EINTR else {
                close(fd)
                throw StudyFileError.system(path: url.path, action: "lock", errno: code)
            }
        }
        return StartLock(descriptor: fd)
    }
}
