// Routes of a device's sync: how far the server holds each file, and a bounded batch of items, read through StudyRecords.
import Foundation
import Hummingbird
import StudyRecords

struct SyncRoutes {
    let ingest: any IngestRepository
    let participantData: any ParticipantDataRepository

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("sync/state", use: state)
        api.post("sync/batch", use: batch)
    }

    @Sendable func state(_ request: Request, context: AppRequestContext) async throws -> JSONReply<SyncState> {
        let device = try context.device()
        return JSONReply(
            body: SyncState(
                files: try await ingest.heldFiles(device: device.id),
                deleted: try await participantData.deletedParticipants(site: device.site)))
    }

    @Sendable func batch(_ request: Request, context: AppRequestContext) async throws -> JSONReply<StoredBatch> {
        let device = try context.device()
        let batch = try await request.decodeStrictly(SyncBatch.self, context: context)
        let (decoded, path) = try Self.validate(batch)
        let stored = try await ingest.store(
            device: device, path: path, kind: batch.kind, header: batch.header, first: batch.first,
            items: batch.items, decoded: decoded, requestID: context.id)
        return JSONReply(body: stored)
    }

    /// The file's path is the canonical path of its kind (`SyncPath`: a participant ID and a session ID exactly as the
    /// game writes them), every item decodes with StudyRecords' codec and passes the game's own checks, and every
    /// record names the participant and session of its folder (returned with the path).
    static func validate(_ batch: SyncBatch) throws -> (DecodedItems, SyncPath) {
        let path: SyncPath
        do { path = try SyncPath(file: batch.file, kind: batch.kind) } catch {
            throw Problem.badRequest(
                "\(Self.clause(error)): fix the name (or move the folder out of the logs folder), then sync again.")
        }
        // Item numbers are 32-bit in the tables (a larger one was a 500).
        if let first = batch.first, first > Int(Int32.max) - batch.items.count {
            throw Problem.badRequest(
                "The field \"first\" is \(first): a file's items are numbered from 1 to \(Int32.max), so send a smaller one."
            )
        }
        guard !batch.items.isEmpty else {
            throw Problem.badRequest("The batch for \(batch.file) has no items: send at least one.")
        }
        if batch.kind == "profile" {
            return (try validateProfile(batch, participant: path.participant?.value ?? ""), path)
        }
        let csv = [
            "participants", "ratings", "trials", "questionnaires", "diary", "messages", "hrtf-choice", "tracker",
        ].contains(batch.kind)
        if csv {
            guard let header = batch.header, let first = batch.first, first >= 1 else {
                throw Problem.badRequest(
                    "A batch of \(batch.file) needs its header line and first (its first record's number, from 1).")
            }
            guard batch.items.allSatisfy({ $0.hasSuffix("\n") }) else {
                throw Problem.badRequest(
                    "Every item of \(batch.file) must be one whole CSV record ending with a line break.")
            }
            let decoded: DecodedItems
            let count: Int
            do {
                (decoded, count) = try DecodedItems.decode(
                    kind: batch.kind, file: batch.file, header: header, items: batch.items)
            } catch {
                throw Problem.badRequest(
                    "\(Self.clause(error)) (in the batch from record \(first)): fix the file, then sync again.")
            }
            guard count == batch.items.count else {
                throw Problem.badRequest(
                    "The batch of \(batch.file) has \(batch.items.count) items but \(count) records: send one record per item."
                )
            }
            try RecordCheck.check(decoded, of: path, first: first)
            return (decoded, path)
        } else {
            // A document's own duplicate members and NULs: its text is kept as jsonb, which refuses a NUL.
            if batch.kind != ResultPictureItem.kind, let finding = JSONTextCheck.firstFinding(in: batch.items[0]) {
                throw Problem.badRequest(
                    "In \(batch.file): \(finding.sentence.prefix(1).lowercased())\(finding.sentence.dropFirst())")
            }
            guard batch.header == nil, batch.items.count == 1 else {
                throw Problem.badRequest(
                    "A batch of \(batch.file) is the one whole \(batch.kind == ResultPictureItem.kind ? "picture in base64" : "JSON document"), with no header."
                )
            }
            if batch.kind == "session" {
                guard batch.first == nil else {
                    throw Problem.badRequest("A session.json state has no first: the server numbers its states.")
                }
            } else {
                guard batch.first == 1 else {
                    throw Problem.badRequest(
                        "A \(batch.kind == "plan" ? "plan file" : "result picture") is never rewritten: send it as item 1 (first: 1)."
                    )
                }
            }
            let decoded: DecodedItems
            do {
                decoded = try DecodedItems.decode(kind: batch.kind, file: batch.file, header: nil, items: batch.items).0
            } catch {
                throw Problem.badRequest("\(Self.clause(error)): fix the file, then sync again.")
            }
            try RecordCheck.check(decoded, of: path, first: 1)
            return (decoded, path)
        }
    }

    /// profile.json's items from `first` on: item n is the file as of version n, read with StudyRecords' codec,
    /// holding versions 1…n of the folder's participant.
    static func validateProfile(_ batch: SyncBatch, participant: String) throws -> DecodedItems {
        guard batch.header == nil, let first = batch.first, first >= 1 else {
            throw Problem.badRequest(
                "A batch of \(batch.file) has no header and needs first (the version its first item ends with, from 1)."
            )
        }
        for (offset, item) in batch.items.enumerated() {
            if let finding = JSONTextCheck.firstFinding(in: item) {
                throw Problem.badRequest(
                    "In item \(first + offset) of \(batch.file): \(finding.sentence.prefix(1).lowercased())\(finding.sentence.dropFirst())"
                )
            }
        }
        let decoded: DecodedItems
        do {
            decoded = try DecodedItems.decode(kind: "profile", file: batch.file, header: nil, items: batch.items).0
        } catch {
            throw Problem.badRequest("\(Self.clause(error)): fix the file, then sync again.")
        }
        guard case .profile(let states) = decoded else { return decoded }
        for (offset, versions) in states.enumerated()
        where versions.count != first + offset
            || versions.last?.participant != participant
        {
            throw Problem.badRequest(
                "Item \(first + offset) of \(batch.file) must be the file as of version \(first + offset) of \(participant)'s profile (it holds \(versions.count) versions of \(versions.last?.participant ?? "nobody")): send versions 1…n as item n."
            )
        }
        return decoded
    }

    /// A StudyRecords error as a clause (its sentence without the full stop), to go on with what to do.
    static func clause(_ error: any Error) -> String {
        var text = String(describing: error)
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// A batch is read strictly: a member the API does not know is refused, not ignored.
extension SyncBatch: StrictBody {}
