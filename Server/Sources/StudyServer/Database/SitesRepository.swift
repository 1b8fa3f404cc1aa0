// The sites: their names, the text each writes for the public /about page and the time zone its pages show.
import Foundation

public protocol SitesRepository: Sendable {
    /// Adds a site (its name checked by `SiteName`), audited.
    func addSite(_ name: String, by actor: (name: String, role: String), requestID: String?) async throws
    /// Every site's name, in order.
    func sites() async throws -> [String]
    /// The id of the site named `name`, nil when there is none (the test of a site's existence).
    func siteID(_ name: String) async throws -> Int?
    /// A site's text as stored ("" when it has said nothing).
    func siteAbout(site: String) async throws -> String
    /// Every site that has a text, by name: what the public page shows.
    func publishedAbouts() async throws -> [(site: String, text: String, updatedAt: Date?)]
    /// Replaces the site's text (checked by `SiteAbout.problem` first), audited; returns whether it changed.
    func setSiteAbout(site: String, text: String, by actor: (name: String, role: String), requestID: String?)
        async throws -> Bool
    /// The zone a site's pages show times in (UTC for an unknown site or one that has not chosen).
    func siteTimeZone(site: String) async throws -> SiteTimeZone
    /// Every site's zone by name, for pages that show several sites' rows.
    func siteTimeZones() async throws -> [String: SiteTimeZone]
    /// Every site's name, in `sites()`'s order, with its zone: one statement for a page that needs both.
    func sitesWithTimeZones() async throws -> [(name: String, zone: SiteTimeZone)]
    /// Sets the site's zone, audited as `site.time_zone`; returns whether it changed.
    func setSiteTimeZone(site: String, zone: SiteTimeZone, by actor: (name: String, role: String), requestID: String?)
        async throws -> Bool
}
