// Errors writing the study's files: one sentence naming the file and what to do.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

public enum StudyFileError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case system(path: String, action: String, errno: Int32)
    case alreadyExists(path: String)
    case headerMismatch(path: String, expected: [String], found: [String])
    case unreadableSession(path: String, reason: String)
    case alreadyLogged(path: String, round: Int, targetIndex: Int)

    public var description: String {
        switch self {
        case .system(let path, let action, let code):
            let reason = String(cString: strerror(code))
            return
                "Cannot \(action) \(path): \(reason); check that the logs folder exists and is writable (or pass --logs DIR)."
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
        }
    }

    public var errorDescription: String? { description }
}
