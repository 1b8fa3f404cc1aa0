// Prescriptions: training plans a supervisor gives a site's participant, fetched by the site's machines.
import Foundation
import HTTPTypes
import PostgresNIO

public struct PostgresPrescriptions: PrescriptionsRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// Stores a plan for `participant` of `site` (known to exist) and audits it; returns its id.
    public func prescribePlan(
        site: String, participant: String, content: String, by actor: (name: String, role: String), requestID: String?
    ) async throws -> Int {
        try await prescribe(
            kind: "plan", site: site, participant: participant, content: content, by: actor, requestID: requestID)
    }

    /// Stores a prescription of `kind` (plan or profile, checked by `PrescriptionCheck`) and audits it. A deleted
    /// participant of the site is refused (410): their machines would write the plan or profile into a new folder of
    /// that ID, bringing the participant back. `key` (a form's one-time key): a second send with the same key stores
    /// nothing and returns the first one's id (a reload, a double click); it is kept in the audit row.
    public func prescribe(
        kind: String, site: String, participant: String, content: String, by actor: (name: String, role: String),
        requestID: String?, key: String? = nil, sharedMachines: Bool = false
    ) async throws -> Int {
        try await transaction { connection in
            if let key {
                // Two sends of one key at once: the second waits here for the first's row.
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(2408, hashtext(\(key)))", logger: logger)
                let earlier = try await connection.query(
                    """
                    SELECT (after->>'prescription')::int FROM audit
                    WHERE action = \("prescription.\(kind)") AND site = \(site) AND after->>'key' = \(key)
                    ORDER BY id LIMIT 1
                    """, logger: logger
                ).collect()
                if let row = earlier.first { return try row.decode(Int.self) }
            }
            let inserted = try await connection.query(
                """
                INSERT INTO prescriptions (site_id, participant, kind, content, created_by, shared_machines)
                SELECT s.id, \(participant), \(kind), \(content), \(actor.name), \(sharedMachines) FROM sites s
                WHERE s.name = \(site)
                  AND NOT EXISTS (SELECT 1 FROM deleted_participants d WHERE d.site_id = s.id
                    AND d.participant = \(participant))
                RETURNING id
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else {
                throw Problem.participantDeleted(participant, site: site, then: "give the person a new participant ID.")
            }
            let id = try inserted.one("the prescription's id").decode(Int.self)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "prescription.\(kind)", site: site,
                participant: participant,
                after: ["prescription": String(id), "key": key, "shared_machines": sharedMachines ? "true" : nil]
                    .compactMapValues { $0 },
                requestID: requestID)
            return id
        }
    }

    /// Prescription `id` if it is one of `site`'s (nil for another site's: its participant is not to be shown).
    public func prescription(id: Int, site: String) async throws -> StudyDatabase.Prescription? {
        try await rows(
            """
            SELECT p.id, p.participant, p.kind, p.content, p.created_at, p.shared_machines
            FROM prescriptions p JOIN sites s ON s.id = p.site_id WHERE s.name = \(site) AND p.id = \(id)
            """
        ).first.map(Self.prescription)
    }

    private static func prescription(_ row: PostgresRow) throws -> StudyDatabase.Prescription {
        let (id, participant, kind, content, created, shared) = try row.decode(
            (Int, String, String, String, Date, Bool).self)
        return StudyDatabase.Prescription(
            id: id, participant: participant, kind: kind, content: content, createdAt: created, sharedMachines: shared)
    }

    /// The prescriptions of `site` after `after` (the last one a machine applied), oldest first; for `device`,
    /// only those it is to apply (issue 39, 5.1). A machine that serves another participant too
    /// (`machine_participants`, migration 85: enrolled for them, registered, played or written from there) is
    /// another's: a shared one (a lab PC) when it serves this participant as well, which receives the participant's
    /// prescription only when the prescription says so (`shared_machines`) and keeps the lab's settings otherwise;
    /// another participant's own machine, which never receives it. The participant's own machines receive it, and so
    /// does a machine that serves nobody yet (a home PC enrolled with the site's code before its first session; one
    /// enrolled with a code made for the participant is theirs). Plan and profile files do not make a machine
    /// anyone's: it wrote them from prescriptions.
    public func prescriptions(
        site: String, after: Int, kind: String = "plan", device: UUID? = nil
    ) async throws -> [StudyDatabase.Prescription] {
        try await rows(
            """
            SELECT p.id, p.participant, p.kind, p.content, p.created_at, p.shared_machines
            FROM prescriptions p JOIN sites s ON s.id = p.site_id
            WHERE s.name = \(site) AND p.id > \(after) AND p.kind = \(kind)
              AND (\(device)::uuid IS NULL
                OR NOT EXISTS (SELECT 1 FROM machine_participants(\(device)::uuid) x WHERE x <> p.participant)
                OR p.shared_machines AND p.participant IN (SELECT machine_participants(\(device)::uuid)))
            ORDER BY p.id
            """
        ).map(Self.prescription)
    }
}
