// Migration 20: the dashboard's first: disabled accounts (numbered from 20, apart from the API's).

extension Migration {
    static let v020DisabledAccounts = Migration(
        version: 20, name: "dashboard: disabled accounts",
        statements: [
            // A disabled account is kept (its audit rows name it) but signs in nowhere.
            "ALTER TABLE users ADD COLUMN disabled_at timestamptz"
        ])
}
