// Which files are the study's logs, so that no other output of the game is ever written over one.
import Foundation
import StudyRecords

/// The names of the files in a logs folder (docs/LOG-FORMAT.md).
public enum LogFileNames {
    public static let participants = "participants.csv"
    public static let trials = "trials.csv"
    public static let session = "session.json"

    /// True for a log file or any file inside a session folder (one holding session.json): such a file is
    /// never an output of `render` or another command, whatever `--force` says.
    public static func isLog(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        if [participants, trials, session, SessionLock.fileName].contains(name) || name.hasPrefix(trials + ".cut-off-")
        {
            return true
        }
        let folder = url.deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent(session).path)
    }
}
