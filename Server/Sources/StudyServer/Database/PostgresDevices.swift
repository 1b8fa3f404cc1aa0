// The machines in PostgreSQL (`devices`, `enrolment_codes`; only hashes of codes and tokens are kept), audited.
import Foundation
import Localization
import Logging
import PostgresNIO
import StudyRecords

public struct PostgresDevices: DevicesRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// A one-time code for `site` (and `participant`'s machine), valid 24 hours; only its hash is stored.
    public func enrolmentCode(
        site: String, participant: String?, by actor: (name: String, role: String), requestID: String? = nil
    ) async throws -> (String, Date) {
        guard let siteID = try await siteID(site) else {
            throw StudyDatabase.Refusal(
                description: "No site named \(site) exists: add it first with `soundsafari-server site add \(site)`.")
        }
        if let participant {
            do { _ = try ParticipantID(participant) } catch {
                throw StudyDatabase.Refusal(
                    Sentence.gettext(
                        "The participant ID {participant} is not valid: {reason}",
                        ["participant": participant, "reason": "\(error)"]))
            }
        }
        let code = Secrets.enrolmentCode()
        // A deleted participant's ID is never taken back: no machine is enrolled for them again.
        let inserted = try await rows(
            """
            INSERT INTO enrolment_codes (code_hash, site_id, created_by, expires_at, participant)
            SELECT encode(sha256(convert_to(\(code), 'UTF8')), 'hex'), \(siteID), \(actor.name),
              now() + interval '24 hours', \(participant)
            WHERE NOT EXISTS (SELECT 1 FROM deleted_participants d WHERE d.site_id = \(siteID)
              AND d.participant = \(participant))
            RETURNING expires_at
            """)
        if inserted.isEmpty, let participant {
            throw Problem.participantDeleted(participant, site: site, then: "give the person a new participant ID.")
        }
        let expires = try inserted.one("the enrolment code's expiry").decode(Date.self)
        try await audit(
            actor: actor, action: "device.code", site: site, participant: participant, requestID: requestID)
        return (code, expires)
    }

    /// Exchanges a code for a new device and its token, once: the code is marked used in the same transaction.
    public func enrol(code: String, name: String, requestID: String?) async throws -> StudyDatabase.EnrolmentOutcome {
        let code = Secrets.normalisedCode(code)
        return try await transaction { connection in
            let found = try await connection.query(
                """
                SELECT e.code_hash, e.site_id, s.name, e.used_at IS NOT NULL, e.expires_at <= now(), e.participant
                FROM enrolment_codes e JOIN sites s ON s.id = e.site_id
                WHERE e.code_hash = encode(sha256(convert_to(\(code), 'UTF8')), 'hex') FOR UPDATE
                """, logger: logger
            ).collect()
            guard let row = found.first else { return .unknown }
            let (hash, siteID, site, used, expired, participant) = try row.decode(
                (String, Int, String, Bool, Bool, String?).self)
            if used { return .used }
            if expired { return .expired }
            let id = UUID()
            let token = Secrets.token(prefix: "ssd_")
            let enrolled = try await connection.query(
                """
                INSERT INTO devices (id, site_id, name, token_hash, participant)
                VALUES (\(id), \(siteID), \(name), encode(sha256(convert_to(\(token), 'UTF8')), 'hex'), \(participant))
                RETURNING enrolled_at
                """, logger: logger
            ).collect().one("the device's enrolment").decode(Date.self)
            try await connection.query(
                "UPDATE enrolment_codes SET used_at = now(), device_id = \(id) WHERE code_hash = \(hash)",
                logger: logger)
            let device = Device(
                id: id, site: site, name: name, enrolledAt: enrolled, revokedAt: nil, participant: participant)
            try await Self.audit(
                on: connection, logger: logger, actor: Identity.device(device).actor, action: "device.enrol",
                site: site, participant: participant, after: ["name": name], requestID: requestID)
            return .enrolled(device, token: token)
        }
    }

    public func devices(site: String?) async throws -> [Device] {
        if let site { return try await devices(where: "s.name = $1", site) }
        return try await devices(where: "true", nil)
    }

    public func device(id: UUID) async throws -> Device? {
        try await devices(where: "d.id = $1::uuid", id.uuidString).first
    }

    func devices(where condition: String, _ argument: String?) async throws -> [Device] {
        var bindings = PostgresBindings()
        if let argument { bindings.append(argument) }
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT d.id, s.name, d.name, d.enrolled_at, d.revoked_at, d.participant
                FROM devices d JOIN sites s ON s.id = d.site_id
                WHERE \(condition) ORDER BY d.enrolled_at, d.id
                """, binds: bindings)
        return try await rows(query).map {
            let (id, site, name, enrolled, revoked, participant) = try $0.decode(
                (UUID, String, String, Date, Date?, String?).self)
            return Device(
                id: id, site: site, name: name, enrolledAt: enrolled, revokedAt: revoked, participant: participant)
        }
    }

    /// Revokes a device's token (kept, so that what it sent stays attributed). False when it was revoked already.
    public func revoke(device id: UUID, by actor: (name: String, role: String), requestID: String? = nil) async throws
        -> Bool
    {
        let revoked = try await rows(
            """
            UPDATE devices d SET revoked_at = now() FROM sites s
            WHERE d.id = \(id) AND d.revoked_at IS NULL AND s.id = d.site_id RETURNING s.name
            """)
        guard let site = try revoked.first?.decode(String.self) else { return false }
        try await audit(
            actor: actor, action: "device.revoke", site: site, after: ["device": id.uuidString.lowercased()],
            requestID: requestID)
        return true
    }

    /// A site's machines with the time the server last stored an item from each (nil: never synced), kept on the
    /// machine's row by ingest (migration 63).
    public func devicesWithLastSync(site: String) async throws -> [(device: Device, lastSync: Date?)] {
        let last = try await rows(
            """
            SELECT d.id, d.last_sync_at FROM devices d JOIN sites s ON s.id = d.site_id WHERE s.name = \(site)
            """
        ).reduce(into: [UUID: Date]()) { result, row in
            let (id, date) = try row.decode((UUID, Date?).self)
            result[id] = date
        }
        return try await devices(site: site).map { ($0, last[$0.id]) }
    }
}
