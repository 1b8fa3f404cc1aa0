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

    @Test func aStatementThatIsNotItsTypesTextIsRefused() async throws {
        try await withServer { server in
            let pool = Pool(database: server.database)
            await #expect(throws: PreparedTextMismatch.self) {
                _ = try await pool.prepared(SiteNamed.self, "SELECT id FROM sites WHERE name = \("north") LIMIT 1")
            }
        }
    }
}
