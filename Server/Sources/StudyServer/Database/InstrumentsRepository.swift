// The questionnaires (instrument files) a supervisor adds for a site: every version kept, fetched by the site's
// machines after the last one each received. The routes and pages take this protocol, not the database.
import Foundation

public protocol InstrumentsRepository: Sendable {
    /// Stores a checked instrument file for `site` and audits it (`instrument.add`); the same id, version and
    /// language there already is a 409 naming them (a changed file is a new version).
    func add(
        site: String, instrument: String, version: Int, language: String, title: String, content: String,
        by actor: (name: String, role: String), requestID: String?
    ) async throws -> StoredInstrument
    /// Every version of every instrument of `site`, by id then version then language, without the files.
    func list(site: String) async throws -> [StoredInstrument]
    /// The site's instruments after `after` (a machine's cursor), oldest first, at most `limit`, with the files.
    func forMachines(site: String, after: Int, limit: Int) async throws -> [StoredInstrument]
}

/// One version of an instrument held for a site.
public struct StoredInstrument: Codable, Sendable, Equatable {
    /// The server's number of this version: the machines' cursor.
    public var id: Int
    public var instrument: String
    public var version: Int
    public var language: String
    public var title: String
    /// The file as uploaded (nil in a listing).
    public var content: String?
    public var addedBy: String
    public var addedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, instrument, version, language, title, content
        case addedBy = "added_by"
        case addedAt = "added_at"
    }
}
