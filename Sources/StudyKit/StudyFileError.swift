// Errors writing the study's files: one sentence naming the file and what to do.
import Foundation
import Localization
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
    /// The machine's `device-id` file holds something that is not an identifier.
    case damagedDeviceID(path: String)
    /// A command that reads a logs folder was given one that does not exist.
    case noLogsFolder(path: String)
    /// A participant's display.json that does not hold the two settings.
    case damagedDisplayPreferences(path: String)

    /// One sentence in the run's language (`Translation`): the error screen and the terminal show it to the
    /// patient. Paths, codes and flags stay as they are.
    public var description: String {
        switch self {
        case .system(let path, let action, let code):
            return Self.sentence(path: path, action: action, errno: code)
        case .alreadyExists(let path):
            return Translation.gettext(
                "{path} already exists and is never overwritten; choose another folder.", ["path": path])
        case .headerMismatch(let path, let expected, let found):
            return Translation.gettext(
                "{path} has the header {found} instead of {expected}; it was not written by this version of SoundSafari, so it is left untouched — start a new session.",
                [
                    "path": path, "found": found.joined(separator: ","), "expected": expected.joined(separator: ","),
                ])
        case .unreadableSession(let path, let reason):
            return Translation.gettext(
                "Cannot read the session file {path}: {reason}; fix the file or start a new session instead of resuming.",
                ["path": path, "reason": reason])
        case .alreadyLogged(let path, let round, let targetIndex):
            return Translation.gettext(
                "Round {round}, target {target} is already logged in {path}; a resumed session must continue at the first target not yet logged.",
                ["round": String(round), "target": String(targetIndex), "path": path])
        case .sessionInUse(let path, let pid):
            return pid.map {
                Translation.gettext(
                    "The session {path} is in use by process {pid}; wait until it ends (or stop it), then resume — a session is written by one process at a time.",
                    ["path": path, "pid": String($0)])
            }
                ?? Translation.gettext(
                    "The session {path} is in use by another process; wait until it ends (or stop it), then resume — a session is written by one process at a time.",
                    ["path": path])
        case .alreadyCompleted(let path):
            return Translation.gettext(
                "The session {path} was completed meanwhile; there is nothing left to resume — start a new session.",
                ["path": path])
        case .shortWrite(let path, let written, let expected):
            return Translation.gettext(
                "Only {written} of {expected} bytes of {path} were written (is the disk full?); free some space, then continue with --resume.",
                ["written": String(written), "expected": String(expected), "path": path])
        case .notRegistered(let path, let participant):
            return Translation.gettext(
                "{participant} was registered in {path} but is missing when it is read back (was the file replaced meanwhile?); check the file, then start the session again.",
                ["participant": participant, "path": path])
        case .damagedDeviceID(let path):
            return Translation.gettext(
                "{path} does not hold this machine's device identifier (one line of letters, digits and '-'); restore it from a backup, or delete it to draw a new one (the machine then counts as a new device).",
                ["path": path])
        case .noLogsFolder(let path):
            return Translation.gettext(
                "There is no logs folder {path}; give the folder the sessions were written to with --logs DIR.",
                ["path": path])
        case .damagedDisplayPreferences(let path):
            return Translation.gettext(
                "{path} is not {example} (with {optional} optional); fix it, or delete it to start again with normal text and contrast.",
                [
                    "path": path, "example": "{\"large_text\": true or false, \"high_contrast\": true or false}",
                    "optional": "\"read_aloud\": true or false and \"language\": \"de\" or \"en\"",
                ])
        }
    }

    public var errorDescription: String? { description }

    /// What was being done to `path`, as the sentences name it ("write to PATH"): the actions the code passes,
    /// each translated with its path (German puts it in another order); an action not listed stays as given.
    static func attempt(_ action: String, _ path: String) -> String {
        let values = ["path": path]
        // TRANSLATORS: each completes "Cannot {attempt}: …" (a file's path); German: "Fehler beim {attempt}: …".
        switch action {
        case "create": return Translation.gettext("create {path}", values)
        case "open": return Translation.gettext("open {path}", values)
        case "lock": return Translation.gettext("lock {path}", values)
        case "write to": return Translation.gettext("write to {path}", values)
        case "flush (fsync)": return Translation.gettext("flush (fsync) {path}", values)
        case "inspect": return Translation.gettext("inspect {path}", values)
        case "create the folder": return Translation.gettext("create the folder {path}", values)
        case "remove the cut-off last row of":
            return Translation.gettext("remove the cut-off last row of {path}", values)
        default: return "\(action) \(path)"
        }
    }

    /// The causes a supervisor can act on get a sentence of their own; any other keeps the system's wording.
    static func sentence(path: String, action: String, errno code: Int32) -> String {
        let values = ["attempt": attempt(action, path)]
        switch code {
        case EROFS:
            return Translation.gettext(
                "Cannot {attempt}: the disk it is on is mounted read-only; remount it writable or pass --logs DIR on a writable disk.",
                values)
        case ENOTDIR:
            return Translation.gettext(
                "Cannot {attempt}: a part of that path is a file, not a folder; move the file away or pass --logs DIR.",
                values)
        case ENOSPC, EDQUOT:
            return Translation.gettext(
                "Cannot {attempt}: the disk is full (no space left); free some space, then continue with --resume.",
                values)
        case EACCES, EPERM:
            return Translation.gettext(
                "Cannot {attempt}: no permission; give your user write access to the logs folder or pass --logs DIR.",
                values)
        case EIO:
            return Translation.gettext(
                "Cannot {attempt}: the disk reported an input/output error; check the disk, then continue with --resume.",
                values)
        default:
            // The system's reason is glibc's English (messages come from the catalog only for SoundSafari's domain).
            return Translation.gettext(
                "Cannot {attempt}: {reason}; check that the logs folder exists and is writable (or pass --logs DIR).",
                values.merging(["reason": String(cString: strerror(code))]) { a, _ in a })
        }
    }
}
