// One participant of one site: everything the server holds of them, exported for an admin or deleted, audited.
import Foundation
import Localization
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

public struct PostgresParticipantData: ParticipantDataRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// The tables keyed by site and participant (projections and prescriptions), emptied by a deletion.
    static let participantTables = [
        "participants", "sessions", "trials", "ratings", "plans", "profiles", "prescriptions", "messages",
        "hrtf_choices", "web_questionnaire_rows", "questionnaire_links",
    ]

    /// The items of participants.csv files of the site's machines that are `participant`'s registration rows (not
    /// redacted): (device, file, item, content), read with the file's own codec.
    static func registrationItems(
        site: Int, participant: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> [(device: UUID, item: Int, content: String, header: String)] {
        let rows = try await connection.query(
            """
            SELECT f.device_id, f.header, i.item, i.content FROM sync_files f
            JOIN devices d ON d.id = f.device_id JOIN sync_items i ON i.device_id = f.device_id AND i.file = f.file
            WHERE d.site_id = \(site) AND f.file = 'participants.csv' AND i.redacted_at IS NULL
            ORDER BY d.enrolled_at, f.device_id, i.item
            """, logger: logger
        ).collect().map { try $0.decode((UUID, String?, Int, String).self) }
        var found: [(device: UUID, item: Int, content: String, header: String)] = []
        for (device, header, item, content) in rows {
            let header = header ?? ""
            guard
                case .participants(let records) = try DecodedItems.decode(
                    kind: "participants", file: "participants.csv", header: header, items: [content]
                ).0,
                records.first?.participant.value == participant
            else { continue }
            found.append((device, item, content, header))
        }
        return found
    }

    /// How much the server holds of `participant` at the site `site` (its id), on `connection`.
    static func holdings(site: Int, participant: String, on connection: PostgresConnection, logger: Logger)
        async throws -> StudyDatabase.ParticipantHoldings
    {
        let files = try await connection.query(
            """
            SELECT count(DISTINCT (f.device_id, f.file))::int, count(i.item)::int FROM sync_files f
            JOIN devices d ON d.id = f.device_id
            LEFT JOIN sync_items i ON i.device_id = f.device_id AND i.file = f.file
            WHERE d.site_id = \(site) AND split_part(f.file, '/', 1) = \(participant)
            """, logger: logger
        ).collect().one("the participant's counts").decode((Int, Int).self)
        var counts = ["files": files.0, "items": files.1]
        counts["registration_rows"] =
            try await registrationItems(site: site, participant: participant, on: connection, logger: logger).count
        for table in participantTables {
            counts[table] = try await connection.query(
                PostgresQuery(
                    unsafeSQL: "SELECT count(*)::int FROM \(table) WHERE site_id = $1 AND participant = $2",
                    binds: try bindings(site, participant)), logger: logger
            ).collect().one("the participant's rows").decode(Int.self)
        }
        return StudyDatabase.ParticipantHoldings(counts: counts)
    }

    private static func bindings(_ site: Int, _ participant: String) throws -> PostgresBindings {
        var bindings = PostgresBindings()
        bindings.append(site)
        bindings.append(participant)
        return bindings
    }

    /// Deletes everything the server holds of `participant` at `site` in one transaction: the files their machines
    /// sent from the participant's folder, the content of their participants.csv rows (each row keeps its number and
    /// hash so that machines resume where they are, and is never taken again), the projection rows and the
    /// prescriptions; from then on the site's machines may no longer send that participant's files. Nothing of
    /// another site or participant is touched. One audit row holds what was held before and after.
    public func deleteParticipant(
        site: String, participant: String, by actor: (name: String, role: String), requestID: String? = nil
    ) async throws -> (before: StudyDatabase.ParticipantHoldings, after: StudyDatabase.ParticipantHoldings) {
        guard let siteID = try await siteID(site) else {
            throw StudyDatabase.Refusal(
                Sentence.gettext(
                    "No site named {site} exists: `soundsafari-server site list` names them.", ["site": site]))
        }
        return try await transaction { connection in
            // Waits for the site's batches being stored, and holds new ones back until the deletion is done.
            try await connection.query("SELECT pg_advisory_xact_lock(2407, \(siteID)::int)", logger: logger)
            let before = try await Self.holdings(site: siteID, participant: participant, on: connection, logger: logger)
            guard !before.isEmpty else {
                throw StudyDatabase.Refusal(
                    description:
                        "The server holds nothing of participant \(participant) at site \(site): check the ID and the site."
                )
            }
            try await connection.query(
                """
                INSERT INTO deleted_participants (site_id, participant, deleted_by) VALUES (\(siteID), \(participant), \(actor.name))
                ON CONFLICT (site_id, participant) DO NOTHING
                """, logger: logger)
            let registrations = try await Self.registrationItems(
                site: siteID, participant: participant, on: connection, logger: logger)
            for registration in registrations {
                try await connection.query(
                    """
                    UPDATE sync_items SET content = '', redacted_at = now()
                    WHERE device_id = \(registration.device) AND file = 'participants.csv' AND item = \(registration.item)
                    """, logger: logger)
            }
            try await StudyDatabase.forgetSummaries(
                siteID: siteID, participant: participant, on: connection, logger: logger)
            let folder = "split_part(file, '/', 1) = $2 AND device_id IN (SELECT id FROM devices WHERE site_id = $1)"
            for table in ["sync_items", "sync_files"] {
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "DELETE FROM \(table) WHERE \(folder)", binds: try Self.bindings(siteID, participant)
                    ),
                    logger: logger)
            }
            for table in Self.participantTables {
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "DELETE FROM \(table) WHERE site_id = $1 AND participant = $2",
                        binds: try Self.bindings(siteID, participant)), logger: logger)
            }
            // Which sessions were theirs goes too (a session ID holds when they played); the ID stays refused.
            try await connection.query(
                "DELETE FROM session_owners WHERE site_id = \(siteID) AND participant = \(participant)", logger: logger)
            // The participant's other sessions keep their numbers: session_index is counted per participant.
            let after = try await Self.holdings(site: siteID, participant: participant, on: connection, logger: logger)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "participant.delete", site: site,
                participant: participant, before: before.audit, after: after.audit, requestID: requestID)
            return (before, after)
        }
    }

    /// What is held of `participant` at `site`; nil when no such site exists.
    public func holdings(site: String, participant: String) async throws -> StudyDatabase.ParticipantHoldings? {
        guard let siteID = try await siteID(site) else { return nil }
        return try await withConnection { connection in
            try await Self.holdings(site: siteID, participant: participant, on: connection, logger: logger)
        }
    }

    /// The participants of `site` an admin deleted, in order.
    public func deletedParticipants(site: String) async throws -> [String] {
        try await rows(
            """
            SELECT p.participant FROM deleted_participants p JOIN sites s ON s.id = p.site_id
            WHERE s.name = \(site) ORDER BY p.participant
            """
        ).map { try $0.decode(String.self) }
    }

    /// Whether `participant` of the site was deleted (their files are refused from then on), and when.
    public func deletion(site: String, participant: String) async throws -> Date? {
        try await rows(
            """
            SELECT p.deleted_at FROM deleted_participants p JOIN sites s ON s.id = p.site_id
            WHERE s.name = \(site) AND p.participant = \(participant)
            """
        ).first.map { try $0.decode(Date.self) }
    }

    /// Writes everything the server holds of `participant` at `site` into `sink` (an admin's answer to the person's
    /// request for their data): each machine's files of the participant's folder as the machine sent them
    /// (`<machine id>/<file>`: a CSV log's header and records, a session.json's latest state, a profile.json as of
    /// its newest version, a plan file), that machine's participants.csv rows of the participant, the prescriptions
    /// made for them (`prescriptions/<id>-<kind>.json`), and the audit rows naming them (`audit.csv`). Audited.
    public func exportParticipant<Sink: ExportSink>(
        site: String, participant: String, to sink: inout Sink, by actor: (name: String, role: String),
        requestID: String? = nil
    ) async throws -> [String] {
        guard let siteID = try await siteID(site) else {
            throw StudyDatabase.Refusal(
                Sentence.gettext(
                    "No site named {site} exists: `soundsafari-server site list` names them.", ["site": site]))
        }
        let (entries, holdings) = try await transaction { connection in
            let holdings = try await Self.holdings(
                site: siteID, participant: participant, on: connection, logger: logger)
            guard !holdings.isEmpty else {
                throw StudyDatabase.Refusal(
                    description:
                        "The server holds nothing of participant \(participant) at site \(site): check the ID and the site."
                )
            }
            var entries: [(name: String, bytes: [UInt8])] = []
            var registrations: [UUID: (header: String, lines: [String])] = [:]
            for row in try await Self.registrationItems(
                site: siteID, participant: participant, on: connection, logger: logger)
            {
                registrations[row.device, default: (row.header, [])].lines.append(row.content)
            }
            for (device, rows) in registrations.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                entries.append(
                    (
                        "\(device.uuidString.lowercased())/participants.csv",
                        Array((rows.header + rows.lines.joined()).utf8)
                    ))
            }
            for file in try await Self.logFiles(site: siteID, participant: participant, on: connection, logger: logger)
            {
                entries.append(("\(file.device.uuidString.lowercased())/\(file.file)", file.bytes))
            }
            for (id, kind, content) in try await connection.query(
                """
                SELECT id, kind, content FROM prescriptions WHERE site_id = \(siteID) AND participant = \(participant)
                ORDER BY id
                """, logger: logger
            ).collect().map({ try $0.decode((Int, String, String).self) }) {
                entries.append(("prescriptions/\(id)-\(kind).json", Array(content.utf8)))
            }
            var audit = CSVWriter.headerLine(["at", "actor", "role", "action", "before", "after"])
            for (at, who, role, action, before, after) in try await connection.query(
                """
                SELECT at, actor, role, action, before::text, after::text FROM audit
                WHERE site = \(site) AND participant = \(participant) ORDER BY id
                """, logger: logger
            ).collect().map({ try $0.decode((Date, String, String, String, String?, String?).self) }) {
                audit += CSVWriter.line([
                    .text(Timestamp.format(at)), .text(who), .text(role), .text(action), .text(before ?? ""),
                    .text(after ?? ""),
                ])
            }
            entries.append(("audit.csv", Array(audit.utf8)))
            return (entries, holdings)
        }
        // Audited before the first byte leaves, as the researcher export is.
        try await audit(
            actor: actor, action: "participant.export", site: site, participant: participant,
            after: holdings.audit.merging(["entries": String(entries.count)]) { $1 }, requestID: requestID)
        for entry in entries {
            try await sink.begin(file: entry.name)
            try await sink.write(entry.bytes)
            try await sink.end(file: entry.name)
        }
        return entries.map(\.name)
    }
    /// The files each machine of the site synced under the participant's folder, as the machine holds them (a CSV
    /// log's header and records, a JSON document's last item, a result picture's PNG), machines in the order they
    /// were enrolled: for the participant's export and the doctor's record.
    static func logFiles(site siteID: Int, participant: String, on connection: PostgresConnection, logger: Logger)
        async throws -> [StudyDatabase.LogFile]
    {
        let files = try await connection.query(
            """
            SELECT f.device_id, f.file, f.kind, f.header FROM sync_files f JOIN devices d ON d.id = f.device_id
            WHERE d.site_id = \(siteID) AND split_part(f.file, '/', 1) = \(participant)
            ORDER BY d.enrolled_at, f.device_id, f.file
            """, logger: logger
        ).collect().map { try $0.decode((UUID, String, String, String?).self) }
        var result: [StudyDatabase.LogFile] = []
        for (device, file, kind, header) in files {
            let items = try await connection.query(
                "SELECT content FROM sync_items WHERE device_id = \(device) AND file = \(file) ORDER BY item",
                logger: logger
            ).collect().map { try $0.decode(String.self) }
            result.append(StudyDatabase.LogFile(device: device, file: file, kind: kind, header: header, items: items))
        }
        return result
    }

    /// The participant's synced files at `site` for the doctor's record (`DoctorRecordFolder` lays them out);
    /// nil when the site has no such participant. Audited as `participant.record` with the format asked for.
    func doctorRecordFiles(
        site: String, participant: String, format: String, by actor: (name: String, role: String),
        requestID: String?
    ) async throws -> [StudyDatabase.LogFile]? {
        guard let siteID = try await siteID(site) else { return nil }
        let files = try await withConnection { [logger] connection in
            try await Self.logFiles(site: siteID, participant: participant, on: connection, logger: logger)
        }
        try await audit(
            actor: actor, action: "participant.record", site: site, participant: participant,
            after: ["format": format, "files": String(files.count)], requestID: requestID)
        return files
    }

    /// The participants whose files machines of `site` synced (their folders' names), in order; nil when no site
    /// has that name. Audited as `site.record` (the site's doctor's records, for a researcher), with their number.
    func doctorRecordParticipants(site: String, by actor: (name: String, role: String), requestID: String?)
        async throws -> [String]?
    {
        guard let siteID = try await siteID(site) else { return nil }
        let participants = try await rows(
            """
            SELECT DISTINCT split_part(f.file, '/', 1) FROM sync_files f JOIN devices d ON d.id = f.device_id
            WHERE d.site_id = \(siteID) AND strpos(f.file, '/') > 0 ORDER BY 1
            """
        ).map { try $0.decode(String.self) }.filter { (try? ParticipantID($0)) != nil }
        try await audit(
            actor: actor, action: "site.record", site: site,
            after: ["format": "fhir", "participants": String(participants.count)], requestID: requestID)
        return participants
    }

    /// The participant's synced files at `site` for one bundle of the site's records (audited once, as `site.record`).
    func doctorRecordFiles(site: String, participant: String) async throws -> [StudyDatabase.LogFile] {
        guard let siteID = try await siteID(site) else { return [] }
        return try await withConnection { [logger] connection in
            try await Self.logFiles(site: siteID, participant: participant, on: connection, logger: logger)
        }
    }
}
