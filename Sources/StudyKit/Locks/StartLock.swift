// The lock that lets one process at a time number and create a participant's new session.
import Foundation

/// `.start.lock` in a participant's folder, held while a new session is numbered and its folder and
/// session.json are made: without it two sessions started at once (two `simulate`, `study` or `train` runs on one
/// logs folder) both read the same earlier sessions and take the same `session_index`. A start waits for the one
/// before it (which holds the lock only while it writes those two files). Profile and plan versions are numbered
/// under it too.
enum StartLock {
    static let fileName = ".start.lock"

    /// Takes the lock of `participantFolder` (which must exist), waiting while another start holds it.
    static func acquire(_ participantFolder: URL) throws -> FileLock {
        try FileLock.acquire(participantFolder.appendingPathComponent(fileName))
    }
}
