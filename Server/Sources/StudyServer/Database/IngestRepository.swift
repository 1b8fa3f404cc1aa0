// What devices sent: how far the server holds each file, a checked batch stored (idempotent, gapless, audited,
// projected and summarised in one transaction), and a file's items read back. SyncRoutes take this protocol;
// it is internal because a batch arrives as DecodedItems, SyncRoutes' reading of it.
import Foundation
import StudyRecords

protocol IngestRepository: Sendable {
    /// How far the server holds each file of `device`.
    func heldFiles(device: UUID) async throws -> [HeldFile]
    /// Stores a batch that passed SyncRoutes' checks (`decoded` is its items read with StudyRecords' codecs): items
    /// `first`, `first + 1`, … of the file, or a session.json state when `first` is nil.
    func store(
        device: Device, path: SyncPath, kind: String, header: String?, first: Int?, items: [String],
        decoded: DecodedItems, requestID: String
    ) async throws -> StoredBatch
    /// Every item of a device's file in order, with the file's header.
    func items(device: UUID, file: String) async throws -> (header: String?, items: [String])
}

/// What a batch did: how many items the server holds of the file now, how many it stored, how many it held already.
struct StoredBatch: Codable, Sendable, Equatable {
    var file: String
    var held: Int
    var stored: Int
    var unchanged: Int
}
