// Migration 70: users.language (the dashboard's language an account chose; issue 41).

extension Migration {
    static let v070AccountLanguage = Migration(
        version: 70, name: "users: language (the dashboard's language an account chose)",
        statements: [
            // NULL: the account chose none, so its pages follow the browser's Accept-Language. The codes are
            // Localization's `Language.spoken` (the pseudo-language is the tests' and never an account's).
            "ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'de'))"
        ])
}
