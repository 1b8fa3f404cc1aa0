// Migration 2: what devices send: one row per log file, one per item of it.

extension Migration {
    static let v002SyncFilesAndItems = Migration(
        version: 2, name: "synced log files and their items",
        statements: [
            // One row per log file of a device (its path in the logs folder); a CSV file's header once.
            """
            CREATE TABLE sync_files (device_id uuid NOT NULL REFERENCES devices, file text NOT NULL,
              kind text NOT NULL CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan')),
              header text, PRIMARY KEY (device_id, file))
            """,
            // Item n of a file: its n-th CSV record, or its n-th distinct state (session.json). Never updated.
            """
            CREATE TABLE sync_items (device_id uuid NOT NULL, file text NOT NULL, item int NOT NULL CHECK (item > 0),
              content text NOT NULL, sha256 text NOT NULL, received_at timestamptz NOT NULL DEFAULT now(),
              PRIMARY KEY (device_id, file, item), FOREIGN KEY (device_id, file) REFERENCES sync_files)
            """,
        ])
}
