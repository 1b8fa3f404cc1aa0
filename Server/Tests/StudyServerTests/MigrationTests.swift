// Migrations: numbered, additive only, applied once even when several instances start together.
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import StudyServer

@Suite struct MigrationTests {
    @Test func migrationsAreNumberedInOrderAndNeverDestructive() {
        // The numbers deployed databases hold, in the order they are applied: the API's from 1 without gaps, the
        // dashboard's from 20, then 60 onwards; a new migration only ever comes after the last.
        #expect(Migrations.all.map(\.version).starts(with: Array(1...9) + [20] + Array(60...65)))
        #expect(Migrations.all.map(\.version) == Migrations.all.map(\.version).sorted())
        #expect(Set(Migrations.all.map(\.version)).count == Migrations.all.count, "two migrations share a number")
        let destructive = try! Regex(#"(?is)^\s*(DROP|TRUNCATE|DELETE|UPDATE)\b|ALTER\s+TABLE.*\b(DROP|RENAME|TYPE)\b"#)
        // The one exception: a check constraint replaced by a wider one of the same name in the same statement
        // (every row that passed the old check passes the new one; nothing is lost).
        let widened = try! Regex(
            #"(?is)DROP\s+CONSTRAINT\s+(\w+_check)\s*,\s*ADD\s+CONSTRAINT\s+\1\s+CHECK\b"#)
        // And an index, or a foreign key that triggers replace in the same migration: neither holds a row.
        let index = try! Regex(#"(?is)^\s*DROP\s+INDEX\s+\w+\s*$"#)
        let foreignKey = try! Regex(#"(?is)^\s*ALTER\s+TABLE\s+\w+\s+DROP\s+CONSTRAINT\s+\w+_fkey\s*$"#)
        for migration in Migrations.all {
            for statement in migration.statements {
                if statement.firstMatch(of: foreignKey) != nil {
                    #expect(
                        migration.statements.contains { $0.contains("CREATE TRIGGER") },
                        "migration \(migration.version) drops a foreign key without triggers in its place")
                    continue
                }
                if statement.firstMatch(of: index) != nil { continue }
                let checked = statement.replacing(widened, with: "ADD CHECK")
                #expect(checked.firstMatch(of: destructive) == nil, "migration \(migration.version): \(statement)")
            }
        }
    }

    /// One file a migration in Migrations/, named `V` and its three-digit version, each of them in `Migrations.all`
    /// (a file written and not listed would never be applied), with the version its name says.
    @Test func everyMigrationFileIsListedUnderItsNumber() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/StudyServer/Migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("V") }
        let numbered = try Regex(#"^V(\d{3})[A-Za-z]+\.swift$"#)
        var versions: [Int] = []
        for file in files.sorted() {
            let match = try #require(file.firstMatch(of: numbered), "\(file) is not named V, three digits, a name")
            let version = try #require(Int(match.output[1].substring ?? ""))
            versions.append(version)
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("version: \(version),"), "\(file) does not hold migration \(version)")
            #expect(text.components(separatedBy: "Migration(").count == 2, "\(file) holds more than one migration")
        }
        #expect(versions == Migrations.all.map(\.version), "Migrations.all and the files of Migrations/ differ")
    }

    /// A logger that prints only what is at `level` or above (the refused statements below log errors).
    static func logger(_ level: Logger.Level) -> Logger {
        var logger = Logger(label: "migration-test")
        logger.logLevel = level
        return logger
    }

    @Test func twoInstancesStartingAtOnceApplyEachMigrationOnce() async throws {
        let url = try await TestCluster.shared.value.emptyDatabase()
        let logger = Self.logger(.error)
        let applied = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    try await StudyDatabase.with(url, logger: logger, leaseWait: testDatabaseWait) {
                        try await $0.migrate()
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(applied.count == Migrations.all.count)
        let again = try await StudyDatabase.with(url, logger: logger, leaseWait: testDatabaseWait) {
            try await $0.migrate()
        }
        #expect(again.isEmpty)
        let versions = try await StudyDatabase.with(url, logger: logger, leaseWait: testDatabaseWait) { database in
            try await database.rows("SELECT version FROM schema_migrations ORDER BY version").map {
                try $0.decode(Int.self)
            }
        }
        #expect(versions == Migrations.all.map(\.version))
    }

    /// Migration 63 replaced the foreign key from an item to its file with statement triggers: the same rule holds.
    @Test func anItemNeedsItsFileAndAFileKeepsItsItems() async throws {
        let url = try await TestCluster.shared.value.emptyDatabase()
        let logger = Self.logger(.critical)
        try await StudyDatabase.with(url, logger: logger, leaseWait: testDatabaseWait) { database in
            _ = try await database.migrate()
            let device = UUID()
            _ = try await database.rows("INSERT INTO sites (name) VALUES ('lab')")
            _ = try await database.rows(
                "INSERT INTO devices (id, site_id, name, token_hash) SELECT \(device), id, 'lab-1', 'x' FROM sites")
            func refused(_ query: PostgresQuery) async -> Bool {
                do {
                    _ = try await database.rows(query)
                    return false
                } catch let error as PSQLError {
                    return error.serverInfo?[.sqlState] == "23503"
                } catch { return false }
            }
            #expect(
                await refused(
                    "INSERT INTO sync_items (device_id, file, item, content, sha256) VALUES (\(device), 'a.csv', 1, 'x', 'h')"
                ), "an item of a file that is not held")
            _ = try await database.rows(
                "INSERT INTO sync_files (device_id, file, kind) VALUES (\(device), 'participants.csv', 'participants')")
            _ = try await database.rows(
                """
                INSERT INTO sync_items (device_id, file, item, content, sha256)
                SELECT \(device), 'participants.csv', n, 'x', 'h' FROM generate_series(1, 3) n
                """)
            #expect(await refused("DELETE FROM sync_files"), "a file with items")
            #expect(
                await refused("UPDATE sync_items SET file = 'b.csv' WHERE item = 2"), "an item moved to another file")
            #expect(await refused("UPDATE sync_files SET file = 'b.csv'"), "a file renamed under its items")
            _ = try await database.rows("UPDATE sync_items SET content = '', redacted_at = now() WHERE item = 2")
            _ = try await database.rows("DELETE FROM sync_items")
            _ = try await database.rows("DELETE FROM sync_files")
            let left = try await database.rows("SELECT count(*)::int FROM sync_files").first!.decode(Int.self)
            #expect(left == 0, "a file without items is deleted")
        }
    }
}
