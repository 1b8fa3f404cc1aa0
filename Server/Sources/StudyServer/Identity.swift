// Who makes a request: a signed-in account (admin, supervisor, researcher, with sites) or an enrolled device.
import Foundation
import Localization

public enum Role: String, Sendable, Codable, CaseIterable {
    case admin, supervisor, researcher
}

public struct Account: Sendable, Equatable {
    public var id: Int
    public var name: String
    public var role: Role
    /// The sites granted; a researcher with none reads all sites, an admin has all.
    public var sites: [String]
    /// The language the account chose for the dashboard's pages; nil: the browser's Accept-Language decides.
    public var language: Language? = nil

    /// Whether this account may know that `site` exists (the one site-boundary rule of every route).
    public func sees(site: String) -> Bool {
        switch role {
        case .admin: return true
        case .supervisor: return sites.contains(site)
        case .researcher: return sites.isEmpty || sites.contains(site)
        }
    }
}

public struct Device: Sendable, Equatable, Codable {
    public var id: UUID
    public var site: String
    public var name: String
    public var enrolledAt: Date
    public var revokedAt: Date?
    /// The participant the machine was enrolled for (an enrolment code made for them); nil: a code of the site.
    public var participant: String? = nil

    enum CodingKeys: String, CodingKey {
        case id, site, name, participant
        case enrolledAt = "enrolled_at"
        case revokedAt = "revoked_at"
    }
}

public enum Identity: Sendable {
    case account(Account)
    case device(Device)

    /// For the audit trail: who and in which role.
    var actor: (name: String, role: String) {
        switch self {
        case .account(let account): return (account.name, account.role.rawValue)
        case .device(let device): return ("device:\(device.id.uuidString.lowercased())", "device")
        }
    }
}
