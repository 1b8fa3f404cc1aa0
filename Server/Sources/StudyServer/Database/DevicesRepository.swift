// The machines of a site: one-time enrolment codes, enrolment, listing and revoking.
import Foundation

public protocol DevicesRepository: Sendable {
    /// A one-time code for `site`, valid 24 hours; only its hash is stored. With `participant`, the machine it enrols
    /// is that participant's (`machine_participants`, migration 85): it receives theirs and nobody else's.
    func enrolmentCode(
        site: String, participant: String?, by actor: (name: String, role: String), requestID: String?
    ) async throws -> (String, Date)
    /// Exchanges a code for a new device and its token, once.
    func enrol(code: String, name: String, requestID: String?) async throws -> StudyDatabase.EnrolmentOutcome
    /// A site's machines (every site's with nil), in the order they were enrolled.
    func devices(site: String?) async throws -> [Device]
    func device(id: UUID) async throws -> Device?
    /// Revokes a device's token (kept, so that what it sent stays attributed). False when it was revoked already.
    func revoke(device id: UUID, by actor: (name: String, role: String), requestID: String?) async throws -> Bool
    /// A site's machines with the time the server last stored an item from each (nil: never synced).
    func devicesWithLastSync(site: String) async throws -> [(device: Device, lastSync: Date?)]
}

extension DevicesRepository {
    /// A code of the site: the machine it enrols serves whoever is registered or plays on it.
    public func enrolmentCode(site: String, by actor: (name: String, role: String), requestID: String? = nil)
        async throws -> (String, Date)
    {
        try await enrolmentCode(site: site, participant: nil, by: actor, requestID: requestID)
    }
}

extension StudyDatabase {
    public enum EnrolmentOutcome: Sendable {
        case enrolled(Device, token: String)
        case unknown, used, expired
    }
}
