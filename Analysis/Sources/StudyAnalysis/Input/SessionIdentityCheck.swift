// Pooling logs from several machines: one participant's session_index must name one session, or nothing is pooled.
import Foundation
import StudyRecords
import TidyFormats

/// Before logs folders are pooled: each trials.csv is one session, so its first row tells the session's
/// participant, `session_index`, `session_id` and `device_id`. Two different sessions of one participant under
/// one `session_index` (two machines that each numbered their own sessions, docs/LOG-FORMAT.md "Sessions
/// across machines") would be analysed as one session: the analyzer refuses, naming both, instead.
enum SessionIdentityCheck {
    struct Session: Equatable {
        let file: String
        let sessionID: String
        let deviceID: String
    }

    static func check(files: [String]) throws {
        var seen: [String: [Int: Session]] = [:]
        for file in files where (file as NSString).lastPathComponent == "trials.csv" {
            guard let (participant, index, session) = try firstRow(of: file) else { continue }
            guard let earlier = seen[participant]?[index] else {
                seen[participant, default: [:]][index] = session
                continue
            }
            guard earlier.sessionID != session.sessionID else { continue }
            func machine(_ s: Session) -> String {
                s.deviceID.isEmpty
                    ? "a machine that logged no device_id (\(s.file))" : "device \(s.deviceID) (\(s.file))"
            }
            throw AnalysisError(
                "Participant \(participant) has two different sessions numbered session_index \(index): "
                    + "\(earlier.sessionID) from \(machine(earlier)) and \(session.sessionID) from \(machine(session)); "
                    + "the machines numbered their sessions each on their own, so pooling them would merge two sessions: "
                    + "sync both machines to the study server and analyse its export (the server numbers them across "
                    + "machines), or analyse each machine's folder on its own.")
        }
    }

    /// The first row's identity; nil for a file that is not a session log (no such columns), has no rows, or
    /// cannot be read (the loader reports that). Only the first chunk of a file is parsed.
    static func firstRow(of file: String) throws -> (String, Int, Session)? {
        let reader = CSVReader(
            columns: ["participant", "session_index", "session_id", "device_id"],
            optionalColumns: ["participant", "session_index", "session_id", "device_id"], skipInvalid: true)
        reader.showProgress = false
        struct Stop: Error {}
        var found: (String, Int, Session)?
        do {
            try reader.read(path: file) { record in
                guard record.has(0), record.has(1), record.has(2), let index = Int(record.string(1)) else {
                    throw Stop()
                }
                found = (
                    record.string(0), index,
                    Session(
                        file: file, sessionID: record.string(2), deviceID: record.has(3) ? record.string(3) : "")
                )
                throw Stop()
            }
        } catch is Stop {
        } catch is CSVReadError {
            // A damaged file is for the loader to report, with its line and --skip-invalid.
            return nil
        }
        return found
    }
}
