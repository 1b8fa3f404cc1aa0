// Migration 72: sites: about, about_updated_at (the site's own text on the public /about page; issue 45).

extension Migration {
    static let v072SiteAbout = Migration(
        version: 72, name: "sites: about, about_updated_at (who runs the study, on the public /about page)",
        statements: [
            // Empty: the site has said nothing, and the public page does not name it. The length is the form's rule
            // (SiteAbout), held here too so no other writer can store more.
            """
            ALTER TABLE sites ADD COLUMN about text NOT NULL DEFAULT '' CHECK (char_length(about) <= 4000),
              ADD COLUMN about_updated_at timestamptz
            """
        ])
}
