// The one rule of a site's time zone (the site page's form and the command line check it; the pages show the site's
// times in it). Migration 80 holds the column.
import Foundation
import Localization

/// A site's time zone: an IANA name the server's time zone database knows ("Europe/Berlin"), or "UTC".
public struct SiteTimeZone: Sendable, Equatable {
    public let identifier: String
    public let zone: TimeZone

    public static let utc = SiteTimeZone(checked: "UTC", zone: .gmt)

    private init(checked identifier: String, zone: TimeZone) {
        self.identifier = identifier
        self.zone = zone
    }

    /// The zone named `text` (blanks around it dropped); a refusal says what to type instead. Only the database's
    /// Area/Location names count: Foundation also takes "GMT+1" and abbreviations such as "CET" or "EST", whose
    /// summer time is not the site's.
    public init(_ text: String) throws {
        let name = text.trimmingCharacters(in: .whitespaces)
        if name == "UTC" {
            self = .utc
            return
        }
        // An Area/Location name the zone database resolves to itself (Foundation's list of known names misses some,
        // such as Asia/Kolkata, so the database is asked).
        guard name.count <= 64,
            name.range(of: "^[A-Z][A-Za-z]+(/[A-Za-z0-9_+-]+)+\\z", options: .regularExpression) != nil,
            let zone = TimeZone(identifier: name), zone.identifier == name
        else {
            throw StudyDatabase.Refusal(
                Sentence.gettext(
                    "The time zone \"{zone}\" is not one the server knows: give a name like Europe/Berlin or UTC.",
                    ["zone": String(name.prefix(64))]))
        }
        self.init(checked: name, zone: zone)
    }

    /// The zone stored for a site. A name the server's time zone database no longer knows (tzdata renamed it) shows
    /// the site's times in UTC, which every time then says, rather than refusing the page.
    static func stored(_ identifier: String) -> SiteTimeZone {
        (try? SiteTimeZone(identifier)) ?? .utc
    }
}
