// Migrations: numbered, additive only, applied once even when several instances start together.
import Foundation
import Logging
import Testing

@testable import StudyServer

@Suite struct MigrationTests {
    @Test func migrationsAreNumberedInOrderAndNeverDestructive() {
        // The API's from 1 without gaps, the dashboard's from 20 without gaps, each applied in that order.
        #expect(Migrations.api.map(\.version) == Array(1...Migrations.api.count))
        #expect(Migrations.dashboard.map(\.version) == Array(20..<20 + Migrations.dashboard.count))
        #expect(
            Migrations.api.count < 20, "the API's migrations reach the dashboard's numbers: renumber the dashboard's")
        let destructive = try! Regex(#"(?is)^\s*(DROP|TRUNCATE|DELETE|UPDATE)\b|ALTER\s+TABLE.*\b(DROP|RENAME|TYPE)\b"#)
        // The one exception: a check constraint replaced by a wider one of the same name in the same statement
        // (every row that passed the old check passes the new one; nothing is lost).
        let widened = try! Regex(
            #"(?is)DROP\s+CONSTRAINT\s+(\w+_check)\s*,\s*ADD\s+CONSTRAINT\s+\1\s+CHECK\b"#)
        for migration in Migrations.all {
            for statement in migration.statements {
                let checked = statement.replacing(widened, with: "ADD CHECK")
                #expect(checked.firstMatch(of: destructive) == nil, "migration \(migration.version): \(statement)")
            }
        }
    }

    @Test func twoInstancesStartingAtOnceApplyEachMigrationOnce() async throws {
        let url = try await TestCluster.shared.value.emptyDatabase()
        let logger = {
            var logger = Logger(label: "migration-test")
            logger.logLevel = .error
            return logger
        }()
        let applied = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<2 {
                group.addTask { try await StudyDatabase.with(url, logger: logger) { try await $0.migrate() } }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(applied.count == Migrations.all.count)
        let again = try await StudyDatabase.with(url, logger: logger) { try await $0.migrate() }
        #expect(again.isEmpty)
        let versions = try await StudyDatabase.with(url, logger: logger) { database in
            try await database.rows("SELECT version FROM schema_migrations ORDER BY version").map {
                try $0.decode(Int.self)
            }
        }
        #expect(versions == Migrations.all.map(\.version))
    }
}
