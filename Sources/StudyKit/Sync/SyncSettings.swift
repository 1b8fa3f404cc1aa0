// The machine's enrolment with a study server: server address, device token and site, owner-only in the config folder.
import Foundation
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

public struct SyncSettings: Codable, Equatable, Sendable {
    public var server: String
    public var token: String
    public var device: String
    public var site: String
    /// The last prescription of the server written into the logs (nil: none yet).
    public var appliedPrescription: Int?
    /// The last hearing-profile prescription written into the logs (nil: none yet); its own cursor, as the server
    /// numbers plans and profiles in one sequence but hands them out per kind.
    public var appliedProfilePrescription: Int?
    /// The last answer of the study team written into the logs (nil: none yet).
    public var receivedAnswer: Int?
    /// The last instrument of the server stored among the added instruments (nil: none yet).
    public var receivedInstrument: Int?
    /// The last answer given on the server's web questionnaire written into the logs (nil: none yet).
    public var receivedWebAnswer: Int?
    /// The last questionnaire assignment or withdrawal written into the logs (nil: none yet).
    public var appliedQuestionnairePrescription: Int?

    enum CodingKeys: String, CodingKey {
        case server, token, device, site
        case appliedPrescription = "applied_prescription"
        case appliedProfilePrescription = "applied_profile_prescription"
        case receivedAnswer = "received_answer"
        case receivedInstrument = "received_instrument"
        case receivedWebAnswer = "received_web_answer"
        case appliedQuestionnairePrescription = "applied_questionnaire_prescription"
    }

    public init(server: String, token: String, device: String, site: String, appliedPrescription: Int? = nil) {
        self.server = server
        self.token = token
        self.device = device
        self.site = site
        self.appliedPrescription = appliedPrescription
    }

    /// `<config>/soundsafari/sync.json` (0600 in a 0700 folder: the token lets whoever holds it send logs).
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ConfigHome.soundSafari(environment: environment).appendingPathComponent("sync.json")
    }

    /// The stored enrolment, nil when this machine was never enrolled; a damaged file is named, never replaced.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SyncSettings?
    {
        let url = url(environment: environment)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(SyncSettings.self, from: data)
        } catch {
            throw SyncError(
                "\(url.path) cannot be read: enrol again with soundsafari sync --server URL --enrol CODE.")
        }
    }

    /// Writes the enrolment owner-only, replacing the file in one rename so that a crash never leaves half of it.
    public func save(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let url = Self.url(environment: environment)
        try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.replace(url, with: try encoder.encode(self))
    }
}

/// A sync that cannot go on: one sentence saying what happened and what to do; nothing local is changed.
public struct SyncError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
