// Where a synced file lives in a logs folder: the one rule of a file's path by its kind, and whose it is.
import Foundation

/// A sync batch's `file`, read as the path the game gives that kind of file: `participants.csv`,
/// `<P>/ratings.csv` (`questionnaires.csv`, `diary.csv`, `messages.csv`, `hrtf-choice.csv`, `profile.json`,
/// `plan-NNN.json`) or
/// `<P>/<S>/trials.csv` (`session.json`, `tracker.csv`, a result picture), where P is a `ParticipantID` and S a
/// `SessionID` exactly. So a path has one spelling per participant and session, and at most
/// `maximumBytes` bytes (what the study server stores, exports and zips).
public struct SyncPath: Sendable, Equatable {
    /// Every kind of file a machine sends.
    public static let kinds = [
        "participants", "session", "trials", "tracker", ResultPictureItem.kind, "ratings", "plan", "profile",
        "questionnaires", "diary", "messages", "hrtf-choice",
    ]

    /// The longest path: a participant's ID, a session's folder and the longest file name (`round-NNN-target-KK.png`).
    public static let maximumBytes = ParticipantID.maximumLength + 1 + 21 + 1 + "round-100-target-10.png".utf8.count

    public let file: String
    /// Nil for `participants.csv` (a file of every participant of the machine).
    public let participant: ParticipantID?
    /// Set for the files of a session's folder.
    public let session: SessionID?

    /// The path of a file of `kind`, or a `SyncPathError` saying what is wrong with it.
    public init(file: String, kind: String) throws {
        guard Self.kinds.contains(kind) else {
            throw SyncPathError(
                file: file,
                problem: "the kind \"\(kind)\" is not synced: use \(Self.kinds.joined(separator: ", "))")
        }
        self.file = file
        let parts = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = parts.last ?? ""
        let placed: Bool
        switch kind {
        case "participants": placed = parts == ["participants.csv"]
        case "ratings", "questionnaires", "diary", "messages", "hrtf-choice", "profile":
            placed = parts.count == 2 && name == (kind == "profile" ? "profile.json" : "\(kind).csv")
        case "plan": placed = parts.count == 2 && Self.isPlanName(name)
        case "trials", "tracker": placed = parts.count == 3 && name == "\(kind).csv"
        case "session": placed = parts.count == 3 && name == "session.json"
        default: placed = parts.count == 3 && ResultPictureItem.isPictureName(name)
        }
        guard placed, file.utf8.count <= Self.maximumBytes else {
            throw SyncPathError(
                file: file,
                problem:
                    "it is not where a \(kind) file lives in a logs folder: send its path relative to the logs folder")
        }
        if parts.count > 1 {
            if let problem = ParticipantID.problem(with: parts[0]) {
                throw SyncPathError(file: file, problem: "its folder is no participant ID, as \(problem)")
            }
            participant = try ParticipantID(parts[0])
        } else {
            participant = nil
        }
        if parts.count > 2 {
            guard let session = SessionID(folderName: parts[1]) else {
                throw SyncPathError(
                    file: file, problem: "its folder \(parts[1]) is no session ID (such as 20261121T201500Z-3f9c)")
            }
            self.session = session
        } else {
            session = nil
        }
    }

    /// `plan-NNN.json` as `AssignedPlan.fileName` writes it: three ASCII digits.
    static func isPlanName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return name.hasPrefix("plan-") && name.hasSuffix(".json") && bytes.count == "plan-000.json".utf8.count
            && bytes[5..<8].allSatisfy { (48...57).contains($0) }
    }
}

/// A refused sync path: the file as sent and what is wrong with it.
public struct SyncPathError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let problem: String

    public var description: String {
        // Escaped (a NUL or line break shows as \0 or \n) and cut short: a path may be anything a machine sent.
        let shown =
            file.unicodeScalars.count > 120
            ? String(String.UnicodeScalarView(file.unicodeScalars.prefix(120))) + "…" : file
        return "The file \(shown.debugDescription) is refused: \(problem)."
    }
}
