// Routes of a device's sync: how far the server holds each file, and a bounded batch of items, read through StudyRecords.
import Foundation
import Hummingbird
import StudyRecords

struct SyncRoutes {
    let database: StudyDatabase

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("sync/state", use: state)
        api.post("sync/batch", use: batch)
    }

    @Sendable func state(_ request: Request, context: AppRequestContext) async throws -> JSONReply<SyncState> {
        let device = try context.device()
        return JSONReply(
            body: SyncState(
                files: try await database.heldFiles(device: device.id),
                deleted: try await database.deletedParticipants(site: device.site)))
    }

    @Sendable func batch(_ request: Request, context: AppRequestContext) async throws -> JSONReply<StudyDatabase.Stored>
    {
        let device = try context.device()
        let batch = try await request.decodeStrictly(SyncBatch.self, context: context)
        let decoded = try Self.validate(batch)
        let stored = try await database.store(
            device: device, file: batch.file, kind: batch.kind, header: batch.header, first: batch.first,
            items: batch.items, decoded: decoded, requestID: context.id)
        return JSONReply(body: stored)
    }

    /// The file's place in a logs folder matches its kind, and every item decodes with StudyRecords' codec (returned).
    static func validate(_ batch: SyncBatch) throws -> DecodedItems {
        let parts = batch.file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let safe = parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }
        let name = parts.last ?? ""
        let placed: Bool
        switch batch.kind {
        case "participants": placed = parts == ["participants.csv"]
        case "ratings": placed = parts.count == 2 && name == "ratings.csv"
        case "trials": placed = parts.count == 3 && name == "trials.csv"
        case "session": placed = parts.count == 3 && name == "session.json"
        case "plan": placed = parts.count == 2 && name.hasPrefix("plan-") && name.hasSuffix(".json")
        case "profile": placed = parts.count == 2 && name == "profile.json"
        case "questionnaires": placed = parts.count == 2 && name == "questionnaires.csv"
        case "diary": placed = parts.count == 2 && name == "diary.csv"
        case "tracker": placed = parts.count == 3 && name == "tracker.csv"
        case ResultPictureItem.kind: placed = parts.count == 3 && ResultPictureItem.isPictureName(name)
        default:
            throw Problem.badRequest(
                "The kind \"\(batch.kind)\" is not synced: use participants, session, trials, tracker, picture, ratings, plan, profile, questionnaires or diary."
            )
        }
        guard safe, placed else {
            throw Problem.badRequest(
                "The file \(batch.file) is not where a \(batch.kind) file lives in a logs folder: send its path relative to the logs folder."
            )
        }
        guard !batch.items.isEmpty else {
            throw Problem.badRequest("The batch for \(batch.file) has no items: send at least one.")
        }
        if batch.kind == "profile" {
            return try validateProfile(batch, participant: parts[0])
        }
        let csv = ["participants", "ratings", "trials", "questionnaires", "diary", "tracker"].contains(batch.kind)
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
            return decoded
        } else {
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
            do {
                return try DecodedItems.decode(kind: batch.kind, file: batch.file, header: nil, items: batch.items).0
            } catch {
                throw Problem.badRequest("\(Self.clause(error)): fix the file, then sync again.")
            }
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
