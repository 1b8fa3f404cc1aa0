// The sites in PostgreSQL (`sites`, with each one's /about text), every change audited.
import Foundation
import Localization
import Logging
import PostgresNIO

public struct PostgresSites: SitesRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    public func addSite(
        _ name: String, by actor: (name: String, role: String) = ("cli", "admin"), requestID: String? = nil
    ) async throws {
        let name = try SiteName(name).value
        let inserted = try await rows(
            "INSERT INTO sites (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING RETURNING id")
        guard !inserted.isEmpty else {
            throw StudyDatabase.Refusal(
                Sentence.gettext("A site named {name} exists already: choose another name.", ["name": name]))
        }
        try await audit(actor: actor, action: "site.add", site: name, requestID: requestID)
    }

    public func sites() async throws -> [String] {
        try await rows("SELECT name FROM sites ORDER BY name").map { try $0.decode(String.self) }
    }

    public func siteID(_ name: String) async throws -> Int? {
        try await database.siteID(name)
    }

    /// A site's text as stored ("" when it has said nothing).
    public func siteAbout(site: String) async throws -> String {
        try await rows("SELECT about FROM sites WHERE name = \(site)").first.map { try $0.decode(String.self) } ?? ""
    }

    /// Every site that has a text, by name: what the public page shows (a site without one is not named there).
    public func publishedAbouts() async throws -> [(site: String, text: String, updatedAt: Date?)] {
        try await rows("SELECT name, about, about_updated_at FROM sites WHERE about <> '' ORDER BY name").map {
            let (site, text, updatedAt) = try $0.decode((String, String, Date?).self)
            return (site, text, updatedAt)
        }
    }

    /// Replaces the site's text (checked by `SiteAbout.problem` first) and audits it as `site.about` with the text
    /// before and after (it is public: nothing in it is health data). An unchanged text stores and audits nothing;
    /// returns whether it changed.
    public func setSiteAbout(site: String, text: String, by actor: (name: String, role: String), requestID: String?)
        async throws -> Bool
    {
        try await transaction { connection in
            let before = try await connection.query(
                "SELECT about FROM sites WHERE name = \(site) FOR UPDATE", logger: logger
            ).collect().one("the site's text").decode(String.self)
            guard before != text else { return false }
            try await connection.query(
                "UPDATE sites SET about = \(text), about_updated_at = now() WHERE name = \(site)", logger: logger)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "site.about", site: site,
                participant: nil, before: ["text": before], after: ["text": text], requestID: requestID)
            return true
        }
    }
}
