// The machines of a site: one-time enrolment codes, enrolment, listing and revoking.
import Foundation

public protocol DevicesRepository: Sendable {
    /// A one-time code for `site`, valid 24 hours; only its hash is stored.
    func enrolmentCode(site: String, by actor: (name: String, role: String), requestID: String?) async throws
        -> (String, Date)
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

extension StudyDatabase {
    public enum EnrolmentOutcome: Sendable {
        case enrolled(Device, token: String)
        case unknown, used, expired
    }
}
