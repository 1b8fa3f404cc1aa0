// What devices sent: log files and their items (CSV records, session.json states), idempotent and resumable.
import Foundation
import Logging
import PostgresNIO
import StudyRecords

extension StudyDatabase {
    /// How far the server holds each file of `device`.
    public func heldFiles(device: UUID) async throws -> [HeldFile] {
        try await rows(
            """
            SELECT f.file, f.kind, count(i.item)::int, coalesce((array_agg(i.sha256 ORDER BY i.item DESC))[1], '')
            FROM sync_files f LEFT JOIN sync_items i ON i.device_id = f.device_id AND i.file = f.file
            WHERE f.device_id = \(device) GROUP BY f.file, f.kind ORDER BY f.file
            """
        ).map {
            let (file, kind, held, last) = try $0.decode((String, String, Int, String).self)
            return HeldFile(file: file, kind: kind, held: held, lastSHA256: last)
        }
    }

    public struct Stored: Codable, Sendable, Equatable {
        public var file: String
        public var held: Int
        public var stored: Int
        public var unchanged: Int
    }

    /// Stores `items` as items `first`, `first + 1`, … of `file` in one transaction. An item held already with the
    /// same content is counted unchanged; with other content the whole batch is refused (409 naming file and item).
    /// A state (`first == nil`, session.json) is appended unless it equals the latest state held. What is stored is
    /// projected into the typed tables (StudyDatabase+Projections) in the same transaction.
    func store(
        device: Device, file: String, kind: String, header: String?, first: Int?, items: [String],
        decoded: DecodedItems, requestID: String
    ) async throws -> Stored {
        try await transaction { connection in
            // A participant's deletion at the site waits for this batch, or this batch for it (StudyDatabase+Participant).
            let siteID = try await connection.query(
                "SELECT site_id FROM devices WHERE id = \(device.id)", logger: logger
            ).collect().first!.decode(Int.self)
            try await connection.query("SELECT pg_advisory_xact_lock_shared(2407, \(siteID)::int)", logger: logger)
            let deleted = Set(
                try await connection.query(
                    "SELECT participant FROM deleted_participants WHERE site_id = \(siteID)", logger: logger
                ).collect().map { try $0.decode(String.self) })
            if let participant = Self.participant(of: file), deleted.contains(participant) {
                throw Problem(
                    .gone, "Gone",
                    "Participant \(participant) was deleted from the study server by an administrator, so \(file) is no longer taken: remove the folder \(participant) from this machine's logs folder (or move it out) and sync again.",
                    extra: ["key": file])
            }
            // A deleted participant's rows of participants.csv are kept as their number and hash only.
            var redacted = [Bool](repeating: false, count: items.count)
            if case .participants(let records) = decoded, !deleted.isEmpty {
                redacted = records.map { deleted.contains($0.participant.value) }
            }
            try await connection.query(
                """
                INSERT INTO sync_files (device_id, file, kind, header) VALUES (\(device.id), \(file), \(kind), \(header))
                ON CONFLICT (device_id, file) DO NOTHING
                """, logger: logger)
            let known = try await connection.query(
                "SELECT kind, header FROM sync_files WHERE device_id = \(device.id) AND file = \(file) FOR UPDATE",
                logger: logger
            ).collect()
            let (heldKind, heldHeader) = try known.first!.decode((String, String?).self)
            guard heldKind == kind, heldHeader == header else {
                throw Problem.conflict(
                    "The server holds \(file) with another \(heldKind != kind ? "kind (\(heldKind))" : "header"): a file's header never changes, so check that this is the same logs folder.",
                    key: file)
            }
            let held = try await connection.query(
                "SELECT count(*)::int, coalesce(max(item), 0) FROM sync_items WHERE device_id = \(device.id) AND file = \(file)",
                logger: logger
            ).collect().first!.decode((Int, Int).self)
            var start = first ?? held.1 + 1
            var batch = items
            if first == nil, let state = items.first {
                // A state equal to the latest held is a resend: nothing to store.
                let latest = try await connection.query(
                    "SELECT content FROM sync_items WHERE device_id = \(device.id) AND file = \(file) AND item = \(held.1)",
                    logger: logger
                ).collect().first.map { try $0.decode(String.self) }
                if latest == state { return Stored(file: file, held: held.0, stored: 0, unchanged: 1) }
                start = held.1 + 1
                batch = [state]
            }
            guard start >= 1, start <= held.1 + 1 else {
                throw Problem(
                    .conflict, "Conflict",
                    "\(file) would have a gap: the server holds \(held.1) items, so send from item \(held.1 + 1).",
                    extra: ["key": "\(file)#\(start)"])
            }
            let inserted = try await connection.query(
                """
                INSERT INTO sync_items (device_id, file, item, content, sha256, redacted_at)
                SELECT \(device.id), \(file), \(start) + ordinality::int - 1, CASE WHEN redact THEN '' ELSE content END,
                  encode(sha256(convert_to(content, 'UTF8')), 'hex'), CASE WHEN redact THEN now() END
                FROM unnest(\(batch)::text[], \(redacted)::bool[]) WITH ORDINALITY AS t(content, redact, ordinality)
                ON CONFLICT (device_id, file, item) DO NOTHING RETURNING item
                """, logger: logger
            ).collect().map { try $0.decode(Int.self) }
            if inserted.count < batch.count {
                let differing = try await connection.query(
                    """
                    SELECT i.item FROM sync_items i
                    JOIN unnest(\(batch)::text[]) WITH ORDINALITY AS t(content, ordinality)
                      ON i.item = \(start) + t.ordinality::int - 1
                    WHERE i.device_id = \(device.id) AND i.file = \(file) AND CASE WHEN i.redacted_at IS NULL
                      THEN i.content <> t.content ELSE i.sha256 <> encode(sha256(convert_to(t.content, 'UTF8')), 'hex') END
                    ORDER BY i.item LIMIT 1
                    """, logger: logger
                ).collect()
                if let item = try differing.first?.decode(Int.self) {
                    throw Problem.conflict(
                        "The server holds item \(item) of \(file) with other content and never overwrites it: the local file was changed after it was sent; restore it from a backup or ask the administrator.",
                        key: "\(file)#\(item)")
                }
            }
            let count = inserted.count
            let projected = Set(inserted.filter { !redacted[$0 - start] })
            try await Self.project(
                decoded, on: connection, logger: logger, device: device.id, file: file, first: start,
                inserted: projected, content: kind == "session" ? batch.first : nil)
            try await Self.summarise(
                decoded, file: file, first: start, inserted: projected, siteID: siteID, on: connection, logger: logger)
            if count > 0 {
                try await Self.audit(
                    on: connection, logger: logger, actor: Identity.device(device).actor, action: "sync.store",
                    site: device.site, participant: Self.participant(of: file),
                    after: ["file": file, "from": String(start), "items": String(count)], requestID: requestID)
            }
            return Stored(file: file, held: held.0 + count, stored: count, unchanged: batch.count - count)
        }
    }

    /// The participant a log file belongs to: the first folder of its path (participants.csv belongs to none).
    static func participant(of file: String) -> String? {
        let parts = file.split(separator: "/")
        return parts.count > 1 ? String(parts[0]) : nil
    }

    /// Every item of a device's file in order (what the server holds of it, for tests and the export).
    public func items(device: UUID, file: String) async throws -> (header: String?, items: [String]) {
        let header =
            try await rows(
                "SELECT header FROM sync_files WHERE device_id = \(device) AND file = \(file)"
            ).first.map { try $0.decode(String?.self) } ?? nil
        let items = try await rows(
            "SELECT content FROM sync_items WHERE device_id = \(device) AND file = \(file) ORDER BY item"
        ).map { try $0.decode(String.self) }
        return (header, items)
    }
}
