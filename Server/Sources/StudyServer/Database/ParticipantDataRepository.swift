// One participant of one site: everything the server holds of them, exported for an admin or as a doctor's record,
// or deleted; each audited.
import Foundation
import StudyRecords

protocol ParticipantDataRepository: Sendable {
    /// Deletes everything the server holds of `participant` at `site` in one transaction, audited with what was
    /// held before and after.
    func deleteParticipant(
        site: String, participant: String, by actor: (name: String, role: String), requestID: String?
    )
        async throws -> (before: StudyDatabase.ParticipantHoldings, after: StudyDatabase.ParticipantHoldings)
    /// What is held of `participant` at `site`; nil when no such site exists.
    func holdings(site: String, participant: String) async throws -> StudyDatabase.ParticipantHoldings?
    /// The participants of `site` an admin deleted, in order.
    func deletedParticipants(site: String) async throws -> [String]
    /// Whether `participant` of the site was deleted, and when.
    func deletion(site: String, participant: String) async throws -> Date?
    /// Writes everything the server holds of `participant` at `site` into `sink`; returns the entries' names.
    func exportParticipant<Sink: ExportSink>(
        site: String, participant: String, to sink: inout Sink, by actor: (name: String, role: String),
        requestID: String?
    ) async throws -> [String]
    /// The participant's synced files for the doctor's record; nil when the site has no such participant.
    func doctorRecordFiles(
        site: String, participant: String, format: String, by actor: (name: String, role: String),
        requestID: String?
    ) async throws -> [StudyDatabase.LogFile]?
    /// The participants whose files machines of `site` synced, in order; nil when no site has that name.
    func doctorRecordParticipants(site: String, by actor: (name: String, role: String), requestID: String?)
        async throws -> [String]?
    /// The participant's synced files at `site` for one bundle of the site's records.
    func doctorRecordFiles(site: String, participant: String) async throws -> [StudyDatabase.LogFile]
}

extension StudyDatabase {
    /// What is held of a participant at a site, per place (the audit row's before and after of a deletion).
    public struct ParticipantHoldings: Sendable, Equatable {
        public var counts: [String: Int]
        public var isEmpty: Bool { counts.values.allSatisfy { $0 == 0 } }
        public var audit: [String: String] { counts.mapValues(String.init) }
        public var description: String {
            counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
    }

    /// One file a machine synced: its header (a CSV log's) and its items (a CSV log's records, each with its line
    /// end; a JSON document's versions; a picture's base64).
    struct LogFile: Sendable {
        let device: UUID
        let file: String
        let kind: String
        let header: String?
        let items: [String]

        /// The file as the machine holds it: a CSV log is its header and every record; a JSON document is its last
        /// item (session.json's latest state, profile.json as of its newest version, a plan file's only item);
        /// a result picture is its PNG again (it was checked to be one when it was stored).
        var bytes: [UInt8] {
            kind == ResultPictureItem.kind
                ? [UInt8](Data(base64Encoded: items.last ?? "") ?? Data())
                : Array((header.map { $0 + items.joined() } ?? (items.last ?? "")).utf8)
        }
    }
}
