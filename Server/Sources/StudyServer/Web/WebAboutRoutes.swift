// The public /about page: what SoundSafari is, who runs the study at each site, what is stored and sent, and every
// component and data source with its licence. Readable without signing in; it shows no health data.
import Foundation
import Hummingbird
import Localization
import StudyRecords

struct WebAboutRoutes {
    let database: StudyDatabase
    let pages: WebPages

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("about", use: about)
    }

    /// One page for the whole server: every site that has written its text is a section of it (a site that wrote
    /// none is not named), so the footer's one link serves every reader and a patient need not know their site's
    /// name; the privacy part is StudyRecords' `PrivacyNotice`, the sentences the game's About screen shows.
    @Sendable func about(_ request: Request, context: AppRequestContext) async throws -> Response {
        let catalog = context.catalog
        let zones = try await database.siteTimeZones()
        let sites = try await database.publishedAbouts().enumerated().map { index, site -> [String: Any] in
            // When the site last changed its text, on its own clock.
            let catalog = catalog.reading(in: (zones[site.site] ?? .utc).zone)
            return [
                "anchor": "site-\(index + 1)", "name": site.site, "text": site.text,
                "updated": catalog.time(site.updatedAt),
            ]
        }
        let privacy = PrivacyNotice.sections(catalog).enumerated().map { index, section -> [String: Any] in
            [
                "id": "privacy-\(index + 1)", "heading": section.heading, "lines": section.lines,
                "items": section.items, "hasItems": !section.items.isEmpty,
            ]
        }
        let groups = AboutCredits.groups(catalog).enumerated().map { index, group -> [String: Any] in
            [
                "id": "credits-\(index + 1)", "heading": group.heading,
                "credits": group.credits.map { credit -> [String: Any] in
                    [
                        "name": credit.name, "what": credit.what, "holders": credit.holders,
                        "hasHolders": !credit.holders.isEmpty, "licence": credit.licence,
                    ]
                },
            ]
        }
        return pages.render(
            "about", title: catalog.gettext("About SoundSafari"),
            page: ["sites": sites, "noSites": sites.isEmpty, "privacy": privacy, "groups": groups],
            web: context.web)
    }
}
