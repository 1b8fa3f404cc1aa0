// Errors writing the study's files: one sentence naming the file and what to do.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

public enum StudyFileError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case system(path: String, action: String, errno: Int32)
    case alreadyExists(path: String)
    case headerMismatch(path: String, expected: [String], found: [String])
    case unreadableSession(path: String, reason: String)
    case alreadyLogged(path: String, round: Int, targetIndex: Int)
    /// Another process owns the session (its advisory lock is held).
    case sessionInUse(path: String, pid: Int32?)
    /// The session was completed by another process while this one waited to resume it.
    case alreadyCompleted(path: String)
    /// A write stopped short (the disk filled up mid-file) without the system naming a cause.
    case shortWrite(path: String, written: Int, expected: Int)
    /// The participant was registered, yet the register read back lacks them (the file was replaced meanwhile).
    case notRegistered(path: String, participant: String)
    /// A whole-file write (`AtomicFile`) failed; nothing was changed, so the command is simply run again.
    case notWritten(path: String, errno: Int32)
    /// The machine's `device-id` file holds something that is not an identifier.
    case damagedDeviceID(path: String)
    /// A command that reads a logs folder was given one that does not exist.
    case noLogsFolder(path: String)
    /// A participant's display.json that does not hold the two settings.
    case damagedDisplayPreferences(path: String)

    public var description: String {
        switch self {
        case .system(let path, let action, let code):
            return Self.sentence(path: path, action: action, errno: code)
        case .alreadyExists(let path):
            return "\(path) already exists and is never overwritten; choose another folder."
        case .headerMismatch(let path, let expected, let found):
            return
                "\(path) has the header \(found.joined(separator: ",")) instead of \(expected.joined(separator: ",")); it was not written by this version of SoundSafari, so it is left untouched — start a new session."
        case .unreadableSession(let path, let reason):
            return
                "Cannot read the session file \(path): \(reason); fix the file or start a new session instead of resuming."
        case .alreadyLogged(let path, let round, let targetIndex):
            return
                "Round \(round), target \(targetIndex) is already logged in \(path); a resumed session must continue at the first target not yet logged."
        case .sessionInUse(let path, let pid):
            let owner = pid.map { "process \($0)" } ?? "another process"
            return
                "The session \(path) is in use by \(owner); wait until it ends (or stop it), then resume — a session is written by one process at a time."
        case .alreadyCompleted(let path):
            return "The session \(path) was completed meanwhile; there is nothing left to resume — start a new session."
        case .shortWrite(let path, let written, let expected):
            return
                "Only \(written) of \(expected) bytes of \(path) were written (is the disk full?); free some space, then continue with --resume."
        case .notWritten(let path, let code):
            let reason =
                code == ENOSPC || code == EDQUOT
                ? "the disk is full (no space left)" : String(cString: strerror(code))
            return
                "Cannot write \(path): \(reason); nothing was changed — free some space or fix the folder's permissions, then run the command again."
        case .notRegistered(let path, let participant):
            return
                "\(participant) was registered in \(path) but is missing when it is read back (was the file replaced meanwhile?); check the file, then start the session again."
        case .damagedDeviceID(let path):
            return
                "\(path) does not hold this machine's device identifier (one line of letters, digits and '-'); restore it from a backup, or delete it to draw a new one (the machine then counts as a new device)."
        case .noLogsFolder(let path):
            return "There is no logs folder \(path); give the folder the sessions were written to with --logs DIR."
        case .damagedDisplayPreferences(let path):
            return
                "\(path) is not {\"large_text\": true or false, \"high_contrast\": true or false} (with \"read_aloud\": true or false and \"language\": \"de\" or \"en\" optional); fix it, or delete it to start again with normal text and contrast."
        }
    }

    public var errorDescription: String? { description }

    /// The causes a supervisor can act on get a sentence of their own; any other keeps the system's wording.
    static func sentence(path: String, action: String, errno code: Int32) -> String {
        switch code {
        case EROFS:
            return
                "Cannot \(action) \(path): the disk it is on is mounted read-only; remount it writable or pass --logs DIR on a writable disk."
        case ENOTDIR:
            return
                "Cannot \(action) \(path): a part of that path is a file, not a folder; move the file away or pass --logs DIR."
        case ENOSPC, EDQUOT:
            return
                "Cannot \(action) \(path): the disk is full (no space left); free some space, then continue with --resume."
        case EACCES, EPERM:
            return
                "Cannot \(action) \(path): no permission; give your user write access to the logs folder or pass --logs DIR."
        case EIO:
            return
                "Cannot \(action) \(path): the disk reported an input/output error; check the disk, then continue with --resume."
        default:
            let reason = String(cString: strerror(code))
            return
                "Cannot \(action) \(path): \(reason); check that the logs folder exists and is writable (or pass --logs DIR)."
        }
    }
}
