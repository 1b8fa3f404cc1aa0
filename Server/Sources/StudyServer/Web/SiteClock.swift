// Every time on a site's pages is the site's own (its zone, set on its page): a supervisor in Ulm reads 14:05 for a
// session played at 14:05 there, not 13:05 UTC.
import Foundation
import Localization

extension AppRequestContext {
    /// This request's context whose page words read times in `site`'s zone.
    func reading(site: String, in database: StudyDatabase) async throws -> AppRequestContext {
        var context = self
        context.web?.catalog = catalog.reading(in: try await database.siteTimeZone(site: site).zone)
        return context
    }
}
