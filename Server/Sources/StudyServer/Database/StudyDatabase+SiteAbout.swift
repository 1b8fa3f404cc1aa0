// A site's own text for the public /about page: who runs the study there, set by its supervisors or an admin.
import Foundation
import Logging
import PostgresNIO

extension StudyDatabase {
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
