// The dashboard's most frequent reads as statements PostgreSQL plans once per pooled connection, not once a request.
import Foundation
import Logging
import PostgresNIO

/// A statement run prepared (`PostgresPool.prepared`). A statement sent as text is parsed and planned each time:
/// on the bench's data a participant's page spent 4.9 ms of PostgreSQL's time planning its statements and 1.0 ms
/// running them (pg_stat_statements). Prepared, a statement is parsed once per connection, and PostgreSQL keeps its
/// generic plan once five runs showed it no worse than planning for the values.
///
/// A type holds its statement as an interpolated `PostgresQuery` made by its own function (`query`), so its text is
/// written once, where its values go; the text is the same for any values (`unescaped:` only of constants).
protocol PreparedText: Sendable {
    /// The statement's text: `query` with any values.
    static var sql: String { get }
    /// The parameters' types in the order of their placeholders, as the values are encoded (a Swift `Int` is an
    /// `int8`): PostgreSQL reads each value by this type, not by what it would infer from the statement.
    static var types: [PostgresDataType] { get }
}

/// The postgres-nio statement of a `PreparedText`, its rows handed back as they come.
struct PreparedRows<Text: PreparedText>: PostgresPreparedStatement {
    typealias Row = PostgresRow
    /// A connection runs the statement it prepared under a name, whatever text comes with the name later: so the name
    /// is the type's plain name (two repositories may each have a private `Checks`) and the FNV-1a hash of its text
    /// and types. It stays within PostgreSQL's 63 bytes, past which two names would be one.
    static var name: String {
        let key = Text.sql + "|" + Text.types.map { String($0.rawValue) }.joined(separator: ",")
        let hash = key.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        return "ss.\(String("\(Text.self)".prefix(40))).\(String(hash, radix: 16))"
    }
    static var sql: String { Text.sql }
    static var bindingDataTypes: [PostgresDataType] { Text.types }
    let binds: PostgresBindings

    func makeBindings() throws -> PostgresBindings { binds }
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

/// A statement given as `Text` whose text is not `Text`'s: a mistake in the server, answered as a 500.
struct PreparedTextMismatch: Error, CustomStringConvertible {
    let name: String
    var description: String { "The statement run as \(name) is not its text: the server is broken." }
}

extension PostgresPool {
    /// The rows of `query`, run as the prepared statement `Text` (`query` is one of `Text`'s own).
    func prepared<Text: PreparedText>(_ text: Text.Type, _ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection { [logger] in try await $0.prepared(text, query, logger: logger) }
    }
}

extension PostgresConnection {
    /// The same on this connection, never one inside a transaction: postgres-nio keeps a preparation that failed as
    /// the connection's answer for that statement from then on, and in a transaction that a statement has failed every
    /// preparation fails, so the statement would fail on that pooled connection for good. The audit's insert and the
    /// plans' read, which transactions run, stay text.
    func prepared<Text: PreparedText>(_ text: Text.Type, _ query: PostgresQuery, logger: Logger) async throws
        -> [PostgresRow]
    {
        guard query.sql == Text.sql else { throw PreparedTextMismatch(name: PreparedRows<Text>.name) }
        var rows: [PostgresRow] = []
        for try await row in try await execute(PreparedRows<Text>(binds: query.binds), logger: logger) {
            rows.append(row)
        }
        return rows
    }
}
