// Migration 63: ingest's own costs: each machine's last sync on its row, an item's file checked once a statement.
import Logging
import PostgresNIO

extension Migration {
    static let v063LastSyncOnDeviceRow = Migration(
        version: 63, name: "sync: each machine's last sync on its row; an item's file checked once a statement",
        statements: [
            // The dashboard asked each machine's newest item of an index that every stored item paid for
            // (migration 61); the batch that stores items now sets the time on the machine's row (the same
            // `now()` as the items' `received_at`), and the index goes.
            "ALTER TABLE devices ADD COLUMN last_sync_at timestamptz",
            "DROP INDEX sync_items_received",
            // The foreign key from an item to its file looked the file up once an item: half of what PostgreSQL
            // did to store a batch (`make bench`). These triggers keep the same rule once a statement: every
            // inserted item's file is held (and locked against deletion until commit, as the key's check locks
            // it), no file is deleted while it has items, and neither key is ever changed.
            "ALTER TABLE sync_items DROP CONSTRAINT sync_items_device_id_file_fkey",
            """
            CREATE FUNCTION sync_items_have_files() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF EXISTS (SELECT 1 FROM (SELECT DISTINCT device_id, file FROM inserted) n WHERE NOT EXISTS (
                  SELECT 1 FROM sync_files f WHERE f.device_id = n.device_id AND f.file = n.file FOR KEY SHARE)) THEN
                RAISE foreign_key_violation USING MESSAGE = 'sync_items: an item of a file sync_files does not hold';
              END IF;
              RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER sync_items_have_files AFTER INSERT ON sync_items REFERENCING NEW TABLE AS inserted
              FOR EACH STATEMENT EXECUTE FUNCTION sync_items_have_files()
            """,
            """
            CREATE FUNCTION sync_files_without_items() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF EXISTS (SELECT 1 FROM deleted d JOIN sync_items i ON i.device_id = d.device_id AND i.file = d.file)
              THEN
                RAISE foreign_key_violation USING MESSAGE = 'sync_files: a file deleted while it has items';
              END IF;
              RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER sync_files_without_items AFTER DELETE ON sync_files REFERENCING OLD TABLE AS deleted
              FOR EACH STATEMENT EXECUTE FUNCTION sync_files_without_items()
            """,
            """
            CREATE FUNCTION sync_keys_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.device_id IS DISTINCT FROM OLD.device_id OR NEW.file IS DISTINCT FROM OLD.file THEN
                RAISE foreign_key_violation USING MESSAGE = TG_TABLE_NAME || ': a file''s key never changes';
              END IF;
              RETURN NEW;
            END $$
            """,
            """
            CREATE TRIGGER sync_items_key_unchanged BEFORE UPDATE OF device_id, file ON sync_items
              FOR EACH ROW EXECUTE FUNCTION sync_keys_unchanged()
            """,
            """
            CREATE TRIGGER sync_files_key_unchanged BEFORE UPDATE OF device_id, file ON sync_files
              FOR EACH ROW EXECUTE FUNCTION sync_keys_unchanged()
            """,
        ],
        backfill: { connection, logger in
            try await connection.query(
                """
                UPDATE devices d SET last_sync_at = m.at
                FROM (SELECT device_id, max(received_at) AS at FROM sync_items GROUP BY device_id) m
                WHERE m.device_id = d.id
                """, logger: logger)
        })
}
