// A site's time zone: read for its pages, set on its page or the command line (audited as site.time_zone).
import Foundation
import Logging
import PostgresNIO

extension StudyDatabase {
    /// The zone a site's pages show times in (UTC for an unknown site or one that has not chosen).
    public func siteTimeZone(site: String) async throws -> SiteTimeZone {
        try await rows("SELECT time_zone FROM sites WHERE name = \(site)").first
            .map { SiteTimeZone.stored(try $0.decode(String.self)) } ?? .utc
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
