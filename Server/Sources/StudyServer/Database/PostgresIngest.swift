// What devices sent, in PostgreSQL: log files and their items (CSV records, session.json states), idempotent and
// resumable, each batch staged by COPY (IngestStaging) and projected and summarised in its own transaction.
import Foundation
import Logging
import PostgresNIO
import StudyRecords

struct PostgresIngest: IngestRepository {
    let database: StudyDatabase
    var logger: Logger { database.logger }

    init(database: StudyDatabase) {
        self.database = database
    }

    func heldFiles(device: UUID) async throws -> [HeldFile] {
        try await database.rows(
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

    /// Stores `items` as items `first`, `first + 1`, … of `file` in one transaction. An item held already with the
    /// same content is counted unchanged; with other content the whole batch is refused (409 naming file and item).
    /// A state (`first == nil`, session.json) is appended unless it equals the latest state held. What is stored is
    /// projected into the typed tables (PostgresIngest+Projections) in the same transaction.
    ///
    /// Round trips are few: the site's lock (which also asks whether this connection has its staging table), the
    /// file's row with the sessions' owners claimed, the batch copied into the staging table (IngestStaging), then
    /// in one statement what is held read, the items stored from the staging table and their trial rows projected,
    /// the summaries (StudyDatabase.summarise), the audit row; a batch of new trial rows goes straight into `trials`
    /// instead (`storeNewTrials`). The first two wait for locks, so what reads after
    /// them is a statement of its own: a statement reads what was committed when it began, before it waited.
    func store(
        device: Device, path: SyncPath, kind: String, header: String?, first: Int?, items: [String],
        decoded: DecodedItems, requestID: String
    ) async throws -> StoredBatch {
        let file = path.file
        let logger = self.logger
        return try await database.transaction { connection in
            // A participant's deletion at the site waits for this batch, or this batch for it (StudyDatabase+Participant).
            let (siteID, _, staging) = try await connection.query(
                """
                SELECT site_id, pg_advisory_xact_lock_shared(2407, site_id)::text,
                  to_regclass('pg_temp.ingest_rows') IS NOT NULL
                FROM devices WHERE id = \(device.id)
                """, logger: logger
            ).collect().one("the device's site").decode((Int, String, Bool).self)
            if !staging { try await connection.query(IngestStaging.create, logger: logger) }
            // The file's row, locked (DO UPDATE locks it and returns what is held), the site's deleted participants
            // (read after the site's lock) and the sessions the batch names claimed. A session ID belongs to the site
            // and participant that first sent it (`session_owners`, migration 65), so a machine of another site or
            // participant never adds rows to it: such a batch is a 409 naming the session. `ON CONFLICT DO UPDATE`
            // returns the owner's row even when another batch inserted it meanwhile (it waits for that row and locks
            // it), where a separate read would not see it.
            let participant = path.participant?.value ?? ""
            let sessions = path.participant == nil ? [] : Self.sessions(named: decoded, path: path)
            let (heldKind, heldHeader, deletedList, taken) = try await connection.query(
                """
                WITH held AS (
                  INSERT INTO sync_files (device_id, file, kind, header) VALUES (\(device.id), \(file), \(kind), \(header))
                  ON CONFLICT (device_id, file) DO UPDATE SET kind = sync_files.kind RETURNING kind, header),
                owners AS (
                  INSERT INTO session_owners (session_id, site_id, participant)
                  SELECT unnest(\(sessions)::text[]), \(siteID), \(participant)
                  ON CONFLICT (session_id) DO UPDATE SET site_id = session_owners.site_id
                  RETURNING session_id, site_id, participant)
                SELECT kind, header, array(SELECT participant FROM deleted_participants WHERE site_id = \(siteID)),
                  array(SELECT session_id FROM owners WHERE site_id <> \(siteID) OR participant <> \(participant)
                    ORDER BY session_id)
                FROM held
                """, logger: logger
            ).collect().one("the synced file's row").decode((String, String?, [String], [String]).self)
            let deleted = Set(deletedList)
            if let participant = path.participant?.value, deleted.contains(participant) {
                throw Problem(
                    .gone, "Gone",
                    "Participant \(participant) was deleted from the study server by an administrator, so \(file) is no longer taken: remove the folder \(participant) from this machine's logs folder (or move it out) and sync again.",
                    extra: ["key": file])
            }
            if let session = taken.first {
                throw Problem.conflict(
                    "The session \(session) belongs to another participant or site on this server, so \(file) cannot add to it: a session folder is never copied from one participant or machine of another site to another; remove the copy from this machine's logs folder.",
                    key: session)
            }
            guard heldKind == kind, heldHeader == header else {
                throw Problem.conflict(
                    "The server holds \(file) with another \(heldKind != kind ? "kind (\(heldKind))" : "header"): a file's header never changes, so check that this is the same logs folder.",
                    key: file)
            }
            // A deleted participant's rows of participants.csv are kept as their number and hash only.
            var redacted = [Bool](repeating: false, count: items.count)
            if case .participants(let records) = decoded, !deleted.isEmpty {
                redacted = records.map { deleted.contains($0.participant.value) }
            }
            var trials: [TrialRow]?
            if case .trials(let rows) = decoded { trials = rows }
            let written: Written
            if let first {
                written = try await Self.storeItems(
                    items, redacted: redacted, from: first, trials: trials, siteID: siteID, on: connection,
                    logger: logger, device: device.id, file: file)
            } else {
                written = try await Self.storeState(
                    items[0], siteID: siteID, on: connection, logger: logger, device: device.id, file: file)
            }
            let start = written.start
            let projected = Set(written.inserted.filter { !redacted[$0 - start] })
            if trials == nil {  // trial rows were projected with their items
                try await Self.project(
                    decoded, on: connection, logger: logger, device: device.id, siteID: siteID, file: file,
                    first: start, inserted: projected, content: kind == "session" ? items.first : nil)
            }
            try await StudyDatabase.summarise(
                decoded, file: file, first: start, inserted: projected, siteID: siteID, on: connection, logger: logger)
            let count = written.inserted.count
            if count > 0 {
                try await StudyDatabase.audit(
                    on: connection, logger: logger, actor: Identity.device(device).actor, action: "sync.store",
                    site: device.site, participant: StudyDatabase.participant(of: file),
                    after: ["file": file, "from": String(start), "items": String(count)], requestID: requestID)
            }
            return StoredBatch(
                file: file, held: written.heldBefore + count, stored: count, unchanged: written.sent - count)
        }
    }

    /// The sessions a batch's records belong to: its folder's, and those its ratings name.
    static func sessions(named decoded: DecodedItems, path: SyncPath) -> [String] {
        var named = path.session.map { [$0.value] } ?? []
        if case .ratings(let rows) = decoded {
            named += rows.compactMap(\.sessionID).filter { !$0.isEmpty }
        }
        return Array(Set(named)).sorted()
    }

    /// What one batch wrote: the numbers of the items stored (those held already are not), from item `start`.
    struct Written {
        var start: Int
        var sent: Int
        var heldBefore: Int
        var inserted: [Int]
    }

    /// Items `first`, `first + 1`, … of a file whose row this transaction holds locked, copied into the staging
    /// table (with their trial rows when `trials` is given), then in one statement what is held is read, the new
    /// items inserted from the staging table, the machine's `last_sync_at` set when any was (its snapshot is taken
    /// after the lock, so it sees every earlier batch) and the trial rows of the items inserted projected with their
    /// sessions' `trial_count` (`trialProjection`).
    /// A batch that would leave a gap stores nothing (409); one that holds an item with other content is refused (409).
    static func storeItems(
        _ items: [String], redacted: [Bool], from first: Int, trials: [TrialRow]?, siteID: Int,
        on connection: PostgresConnection, logger: Logger, device: UUID, file: String
    ) async throws -> Written {
        if let trials, let session = trials.first?.sessionID, !redacted.contains(true),
            let written = try await storeNewTrials(
                items, from: first, trials: trials, session: session, siteID: siteID, on: connection, logger: logger,
                device: device, file: file)
        {
            return written
        }
        try await IngestStaging.stage(
            items, redacted: redacted, from: first, trials: trials, on: connection, logger: logger)
        let (heldCount, last, inserted) = try await connection.query(
            """
            WITH held AS (
              SELECT count(*)::int AS count, coalesce(max(item), 0) AS last FROM sync_items
              WHERE device_id = \(device) AND file = \(file)),
            stored AS (
              INSERT INTO sync_items (device_id, file, item, content, sha256, redacted_at)
              SELECT \(device), \(file), r.item, CASE WHEN r.redact THEN '' ELSE r.content END,
                encode(sha256(convert_to(r.content, 'UTF8')), 'hex'), CASE WHEN r.redact THEN now() END
              FROM held, ingest_rows r
              WHERE \(first) <= held.last + 1
              ON CONFLICT (device_id, file, item) DO NOTHING RETURNING item),
            synced AS (
              UPDATE devices SET last_sync_at = now() WHERE id = \(device) AND EXISTS (SELECT 1 FROM stored))
            \(unescaped: trials == nil ? "" : ", " + trialProjection(of: "stored", site: siteID, device: device))
            SELECT count, last, array(SELECT item FROM stored ORDER BY item) FROM held
            """, logger: logger
        ).collect().one("the items stored").decode((Int, Int, [Int]).self)
        guard first <= last + 1 else {
            throw Problem(
                .conflict, "Conflict",
                "\(file) would have a gap: the server holds \(last) items, so send from item \(last + 1).",
                extra: ["key": "\(file)#\(first)"])
        }
        if inserted.count < items.count {
            try await refuseDiffering(file, on: connection, logger: logger, device: device)
        }
        return Written(start: first, sent: items.count, heldBefore: heldCount, inserted: inserted)
    }

    /// A batch of trial rows that continues its file where it ends (`first` is the next item) and whose session
    /// holds no trial from `first` on (none from another machine of its participant): the common batch of a sync.
    /// Its trial rows are copied straight into `trials` and its items into the staging table without the trial
    /// columns, where the general path stages both and inserts the trial rows from there with `ON CONFLICT`, which
    /// cost PostgreSQL twice what ingest must store. Nil, having written nothing, for any other batch. What is held
    /// is read after the file's row and the session's owner row were locked (`store`), so no other batch of this
    /// file or session can add to it before this transaction ends; every trial row of a batch names the file's
    /// session (`RecordCheck`).
    static func storeNewTrials(
        _ items: [String], from first: Int, trials: [TrialRow], session: String, siteID: Int,
        on connection: PostgresConnection, logger: Logger, device: UUID, file: String
    ) async throws -> Written? {
        let (heldCount, last, trialsHeld) = try await connection.query(
            """
            SELECT count(*)::int, coalesce(max(item), 0),
              EXISTS (SELECT 1 FROM trials WHERE session_id = \(session) AND trial >= \(first))
            FROM sync_items WHERE device_id = \(device) AND file = \(file)
            """, logger: logger
        ).collect().one("the items held").decode((Int, Int, Bool).self)
        guard first == last + 1, !trialsHeld, trials.allSatisfy({ $0.sessionID == session }) else { return nil }
        var rows = CopyText(capacity: items.reduce(0) { $0 + $1.utf8.count } * 2 + 64)
        let deviceText = device.uuidString
        for (offset, trial) in trials.enumerated() {
            rows.int(first + offset)
            rows.int(siteID)
            rows.text(deviceText)
            TrialStage.append(trial, to: &rows)
            rows.endRow()
        }
        let buffer = rows.buffer
        try await connection.copyFrom(
            table: "trials", columns: ["trial", "site_id", "device_id"] + IngestStaging.trialColumns, logger: logger
        ) { writer in try await writer.write(buffer) }
        try await IngestStaging.stage(
            items, redacted: [Bool](repeating: false, count: items.count), from: first, trials: nil, on: connection,
            logger: logger)
        let inserted = try await connection.query(
            """
            WITH stored AS (
              INSERT INTO sync_items (device_id, file, item, content, sha256)
              SELECT \(device), \(file), r.item, r.content, encode(sha256(convert_to(r.content, 'UTF8')), 'hex')
              FROM ingest_rows r RETURNING item),
            synced AS (UPDATE devices SET last_sync_at = now() WHERE id = \(device)),
            counted AS (UPDATE sessions SET trial_count = trial_count + \(trials.count) WHERE session_id = \(session))
            SELECT array(SELECT item FROM stored ORDER BY item)
            """, logger: logger
        ).collect().one("the items stored").decode([Int].self)
        return Written(start: first, sent: items.count, heldBefore: heldCount, inserted: inserted)
    }

    /// A session.json state, appended as the next item unless it equals the latest held (a resend: nothing stored).
    static func storeState(
        _ state: String, siteID: Int, on connection: PostgresConnection, logger: Logger, device: UUID, file: String
    ) async throws -> Written {
        let (heldCount, last, latest) = try await connection.query(
            """
            SELECT count(*)::int, coalesce(max(item), 0),
              (SELECT content FROM sync_items WHERE device_id = \(device) AND file = \(file) ORDER BY item DESC LIMIT 1)
            FROM sync_items WHERE device_id = \(device) AND file = \(file)
            """, logger: logger
        ).collect().one("the states held").decode((Int, Int, String?).self)
        if latest == state { return Written(start: last + 1, sent: 1, heldBefore: heldCount, inserted: []) }
        return try await storeItems(
            [state], redacted: [false], from: last + 1, trials: nil, siteID: siteID, on: connection, logger: logger,
            device: device, file: file)
    }

    /// Refuses the batch (409 naming `FILE#ITEM`) when an item it staged is held with other content: compared as
    /// text, or by SHA-256 where a deleted participant's row kept only its hash.
    static func refuseDiffering(
        _ file: String, on connection: PostgresConnection, logger: Logger, device: UUID
    ) async throws {
        let differing = try await connection.query(
            """
            SELECT i.item FROM sync_items i JOIN ingest_rows r ON i.item = r.item
            WHERE i.device_id = \(device) AND i.file = \(file) AND CASE WHEN i.redacted_at IS NULL
              THEN i.content <> r.content ELSE i.sha256 <> encode(sha256(convert_to(r.content, 'UTF8')), 'hex') END
            ORDER BY i.item LIMIT 1
            """, logger: logger
        ).collect()
        if let item = try differing.first?.decode(Int.self) {
            throw Problem.conflict(
                "The server holds item \(item) of \(file) with other content and never overwrites it: the local file was changed after it was sent; restore it from a backup or ask the administrator.",
                key: "\(file)#\(item)")
        }
    }

    /// Every item of a device's file in order (what the server holds of it, for tests and the export).
    func items(device: UUID, file: String) async throws -> (header: String?, items: [String]) {
        let header =
            try await database.rows(
                "SELECT header FROM sync_files WHERE device_id = \(device) AND file = \(file)"
            ).first.map { try $0.decode(String?.self) } ?? nil
        let items = try await database.rows(
            "SELECT content FROM sync_items WHERE device_id = \(device) AND file = \(file) ORDER BY item"
        ).map { try $0.decode(String.self) }
        return (header, items)
    }
}

extension StudyDatabase {
    /// The participant a log file belongs to: the first folder of its path (participants.csv belongs to none).
    static func participant(of file: String) -> String? {
        let parts = file.split(separator: "/")
        return parts.count > 1 ? String(parts[0]) : nil
    }
}
