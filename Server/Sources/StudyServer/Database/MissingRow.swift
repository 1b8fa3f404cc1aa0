// A statement that always answers one row answered none (a device's row gone while its batch was in flight): the
// request fails with a 500 problem naming its id, and the server serves the next request, where `.first!` trapped.
import PostgresNIO

/// The request a task serves (set by ProblemMiddleware around each request), so that a database error names it.
public enum RequestID {
    @TaskLocal public static var current: String?
}

/// No row where one was expected: which statement, and the request that ran it.
public struct MissingRow: Error, CustomStringConvertible, Equatable {
    public var statement: String
    public var requestID: String?

    public var description: String {
        "The database answered no row to \(statement) (request \(requestID ?? "outside a request")): a row it reads was removed meanwhile; try again."
    }
}

extension Array where Element == PostgresRow {
    /// The first row, or `MissingRow` naming `statement` and the request being served.
    func one(_ statement: String) throws -> PostgresRow {
        guard let row = first else { throw MissingRow(statement: statement, requestID: RequestID.current) }
        return row
    }
}
