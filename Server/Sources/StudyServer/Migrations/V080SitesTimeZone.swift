// Migration 80: sites: time_zone (the zone the site's pages show times in; issue 39, 5.10).

extension Migration {
    static let v080SitesTimeZone = Migration(
        version: 80, name: "sites: time_zone (the pages show a site's times in its zone)",
        statements: [
            // UTC for every site that has not chosen: what its pages always showed. The name's rule is
            // SiteTimeZone's (the server's time zone database); the length is held here too.
            """
            ALTER TABLE sites ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC'
              CHECK (time_zone <> '' AND char_length(time_zone) <= 64),
              ADD COLUMN time_zone_updated_at timestamptz
            """
        ])
}
