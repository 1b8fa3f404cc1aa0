// A participant's synced files laid out as one logs folder, so the doctor's record is read by the game's own reader
// (PatientExport's `PatientRecordReader`) and not by a second one written for the server.
import Foundation
import PatientExport
import StudyRecords
import TidyFormats

/// An owner-only temporary logs folder holding `participant`'s files from every machine of the site: session
/// folders side by side (their names are unique), a CSV log several machines kept (ratings, questionnaires, diary)
/// as one file of every machine's records under the shared header (a record two machines hold is kept once), and a
/// JSON document several machines kept (profile.json, a plan) as the most recently enrolled machine's.
struct DoctorRecordFolder {
    let logs: URL

    init(participant: String, files: [StudyDatabase.LogFile]) throws {
        logs = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundsafari-record-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(
            at: logs, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        var byPath: [String: [StudyDatabase.LogFile]] = [:]
        for file in files where Self.isSafe(file.file, participant: participant) && file.kind != ResultPictureItem.kind
        {
            byPath[file.file, default: []].append(file)
        }
        for (path, versions) in byPath {
            let url = logs.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try AtomicFile.replace(url, with: Data(Self.merged(versions)))
        }
    }

    /// `2026-11-28` (UTC) for a file name.
    static func day(_ date: Date) -> String { String(Timestamp.format(date).prefix(10)) }

    /// Removes the folder (health data does not stay in /tmp).
    func remove() { try? FileManager.default.removeItem(at: logs) }

    /// A relative path inside the participant's folder, no component empty, `.` or `..`.
    static func isSafe(_ path: String, participant: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts[0] == participant
            && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") }
    }

    /// One file from the machines' versions of it (in enrolment order).
    static func merged(_ versions: [StudyDatabase.LogFile]) -> [UInt8] {
        guard versions.count > 1, let last = versions.last else { return versions.first?.bytes ?? [] }
        // Machines of different program versions may write different headers: then their records cannot stand in
        // one file, and the newest machine's file is used whole. A JSON document has no header: the newest.
        guard let header = last.header, versions.allSatisfy({ $0.header == header }) else { return last.bytes }
        var seen = Set<String>()
        var text = header
        for version in versions {
            for item in version.items where seen.insert(item).inserted { text += item }
        }
        return Array(text.utf8)
    }
}
