// Statements run prepared (PreparedText): the same answers as the statement sent as text, for any values and past
// the runs after which PostgreSQL keeps a generic plan; a statement that is not its type's text is an error, not a
// statement prepared under another's name.
import Foundation
import PostgresNIO
import Testing

@testable import StudyServer

@Suite struct PreparedStatementsTests {
    struct Pool: PostgresPool { let database: StudyDatabase }

    /// A site's id by its name, as a prepared statement.
    enum SiteNamed: PreparedText {
        static func query(name: String) -> PostgresQuery { "SELECT id, name FROM sites WHERE name = \(name)" }
        static let sql = query(name: "").sql
        static let types: [PostgresDataType] = [.text]
    }

    @Test func aPreparedStatementAnswersAsItsTextForEveryValue() async throws {
        try await withServer { server in
            let names = ["north", "south-2", "a.b", "x_y", "west", "east", "up"]
            for name in names { try await server.database.sites.addSite(name) }
            let pool = Pool(database: server.database)
            // Each name three times: past the five runs after which PostgreSQL may keep one plan for any value.
            for name in names + names + names + ["nowhere", "", "o'brien", "%"] {
                let prepared = try await pool.prepared(SiteNamed.self, SiteNamed.query(name: name)).map {
                    try $0.decode((Int, String).self)
                }
                let sent = try await pool.rows(SiteNamed.query(name: name)).map { try $0.decode((Int, String).self) }
                #expect(prepared.map(\.0) == sent.map(\.0))
                #expect(prepared.map(\.1) == (names.contains(name) ? [name] : []))
            }
        }
    }

    /// Two statements of the same plain name (each repository's private enum) in other scopes.
    enum North {
        enum Named: PreparedText {
            static func query(name: String) -> PostgresQuery { "SELECT 'north:' || \(name)" }
            static let sql = query(name: "").sql
            static let types: [PostgresDataType] = [.text]
        }
    }
    enum South {
        enum Named: PreparedText {
            static func query(name: String) -> PostgresQuery { "SELECT 'south:' || \(name) || '!'" }
            static let sql = query(name: "").sql
            static let types: [PostgresDataType] = [.text]
        }
    }

    @Test func statementsOfTheSamePlainNameAreTwoStatements() async throws {
        #expect(PreparedRows<North.Named>.name != PreparedRows<South.Named>.name)
        #expect(PreparedRows<North.Named>.name.utf8.count <= 63)
        try await withServer { server in
            let pool = Pool(database: server.database)
            // Taken in turns, so that connections of the pool run both.
            for k in 0..<12 {
                let north = try await pool.prepared(North.Named.self, North.Named.query(name: "\(k)"))
                let south = try await pool.prepared(South.Named.self, South.Named.query(name: "\(k)"))
                #expect(try north.one("north").decode(String.self) == "north:\(k)")
                #expect(try south.one("south").decode(String.self) == "south:\(k)!")
            }
        }
    }

    @Test func aStatementThatIsNotItsTypesTextIsRefused() async throws {
        try await withServer { server in
            let pool = Pool(database: server.database)
            await #expect(throws: PreparedTextMismatch.self) {
                _ = try await pool.prepared(SiteNamed.self, "SELECT id FROM sites WHERE name = \("north") LIMIT 1")
            }
        }
    }
}
