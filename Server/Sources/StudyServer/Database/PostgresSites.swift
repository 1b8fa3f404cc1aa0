// The sites in PostgreSQL (`sites`, with each one's /about text and time zone), every change audited.
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

    /// The zone a site's pages show times in (UTC for an unknown site or one that has not chosen).
    public func siteTimeZone(site: String) async throws -> SiteTimeZone {
        try await prepared(TimeZoneOfSite.self, TimeZoneOfSite.query(site: site)).first
            .map { SiteTimeZone.stored(try $0.decode(String.self)) } ?? .utc
    }

    /// The statement of `siteTimeZone`, planned once per connection (`PreparedText`): every page of a site asks it.
    private enum TimeZoneOfSite: PreparedText {
        static func query(site: String) -> PostgresQuery { "SELECT time_zone FROM sites WHERE name = \(site)" }
        static let sql = query(site: "").sql
        static let types: [PostgresDataType] = [.text]
    }

    /// Every site's zone by name, for pages that show several sites' rows.
    public func siteTimeZones() async throws -> [String: SiteTimeZone] {
        var zones: [String: SiteTimeZone] = [:]
        for row in try await rows("SELECT name, time_zone FROM sites") {
            let (site, zone) = try row.decode((String, String).self)
            zones[site] = SiteTimeZone.stored(zone)
        }
        return zones
    }

    public func sitesWithTimeZones() async throws -> [(name: String, zone: SiteTimeZone)] {
        try await rows("SELECT name, time_zone FROM sites ORDER BY name").map { row in
            let (site, zone) = try row.decode((String, String).self)
            return (site, SiteTimeZone.stored(zone))
        }
    }

    /// Sets the site's zone and audits it as `site.time_zone` with the zone before and after; an unchanged zone
    /// stores and audits nothing. Returns whether it changed.
    public func setSiteTimeZone(
        site: String, zone: SiteTimeZone, by actor: (name: String, role: String), requestID: String?
    ) async throws -> Bool {
        try await transaction { connection in
            let before = try await connection.query(
                "SELECT time_zone FROM sites WHERE name = \(site) FOR UPDATE", logger: logger
            ).collect().one("the site's time zone").decode(String.self)
            guard before != zone.identifier else { return false }
            try await connection.query(
                "UPDATE sites SET time_zone = \(zone.identifier), time_zone_updated_at = now() WHERE name = \(site)",
                logger: logger)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "site.time_zone", site: site,
                participant: nil, before: ["time_zone": before], after: ["time_zone": zone.identifier],
                requestID: requestID)
            return true
        }
    }
}
