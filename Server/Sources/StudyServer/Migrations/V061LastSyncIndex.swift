// Migration 61: the dashboard's index for each machine's last sync (replaced by migration 63).

extension Migration {
    static let v061LastSyncIndex = Migration(
        version: 61, name: "dashboard: each machine's last sync from an index",
        statements: [
            // The overview and the participants table ask every page for each machine's newest item: with a
            // million items, a scan per page; with this index, one step per machine. (Migration 63 keeps the
            // time on the machine's row instead and drops the index.)
            "CREATE INDEX sync_items_received ON sync_items (device_id, received_at)"
        ])
}
