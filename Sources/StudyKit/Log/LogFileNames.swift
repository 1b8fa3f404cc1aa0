// Which files are the study's logs, so that no other output of the game is ever written over one.
import Foundation
import StudyRecords

/// The names of the files in a logs folder (docs/LOG-FORMAT.md).
public enum LogFileNames {
    public static let participants = "participants.csv"
    public static let trials = "trials.csv"
    public static let session = "session.json"
    public static let ratings = "ratings.csv"
    /// The comparisons of choosing an HRTF by ear (`HRTFChoiceRow`).
    public static let hrtfChoice = "hrtf-choice.csv"

    /// Every name a file of the logs has (plans are `plan-NNN.json`, cut-off tails `trials.csv.cut-off-…`).
    static var names: [String] {
        [
            participants, trials, session, ratings, SessionLock.fileName, StartLock.fileName, HearingProfile.fileName,
            TrackerLog.fileName, hrtfChoice, MessageLog.fileName, AssignedQuestionnaires.fileName,
        ]
    }

    /// True for a log file or any file inside a session folder (one holding session.json), a participant's folder
    /// (one holding ratings.csv, a plan or the start lock) or a logs folder (one holding
    /// participants.csv): such a file is never an output of `render` or another command, whatever `--force`
    /// says. A link is judged by the file it leads to as well, so `--out link.wav` cannot reach a log either.
    public static func isLog(_ url: URL) -> Bool {
        isLogPath(url) || isLogPath(url.resolvingSymlinksInPath())
    }

    private static func isLogPath(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        if names.contains(name) || name.contains(".csv.cut-off-") || isPlanName(name) { return true }
        let folder = url.deletingLastPathComponent()
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // profile.json alone does not make a participant's folder: a copy of one may sit anywhere.
        let markers = [session, participants, ratings, StartLock.fileName]
        return siblings.contains { markers.contains($0) || isPlanName($0) }
    }

    private static func isPlanName(_ name: String) -> Bool {
        name.hasPrefix("plan-") && name.hasSuffix(".json") && name.count == "plan-000.json".count
            && Int(name.dropFirst("plan-".count).dropLast(".json".count)) != nil
    }
}
