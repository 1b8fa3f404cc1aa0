// The one reading of a `postgres://` URL (libpq's form: `?host=/socket/dir` for a Unix socket) into postgres-nio's configuration.
import Foundation
import PostgresNIO

public struct DatabaseURL: Sendable, CustomStringConvertible {
    public enum Address: Sendable, Equatable {
        case socket(directory: String, port: Int)
        case tcp(host: String, port: Int)
    }
    public var address: Address
    public var user: String
    public var password: String?
    public var database: String
    public var requireTLS: Bool

    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads `postgres://USER[:PASSWORD]@[HOST][:PORT]/DATABASE[?host=SOCKETDIR][&sslmode=disable|require]`.
    public init(_ text: String) throws {
        func invalid(_ why: String) -> Invalid {
            Invalid(
                description:
                    "The database URL \(Self.redacted(text)) \(why): give postgres://USER@HOST:PORT/DATABASE or postgres://USER@/DATABASE?host=/socket/folder."
            )
        }
        guard let parts = URLComponents(string: text), ["postgres", "postgresql"].contains(parts.scheme ?? "") else {
            throw invalid("is not a postgres:// URL")
        }
        guard let user = parts.user, !user.isEmpty else { throw invalid("names no user") }
        let database = String(parts.path.dropFirst())
        guard !database.isEmpty, !database.contains("/") else { throw invalid("names no database") }
        var socket: String?
        var requireTLS = false
        for item in parts.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("host", let value) where value.hasPrefix("/"): socket = value
            case ("sslmode", "disable"): requireTLS = false
            case ("sslmode", "require"): requireTLS = true
            default: throw invalid("has the parameter \(item.name)=\(item.value ?? "") this server does not read")
            }
        }
        let port = parts.port ?? 5432
        if let socket {
            address = .socket(directory: socket, port: port)
        } else {
            guard let host = parts.host, !host.isEmpty else {
                throw invalid("names no host and no ?host=/socket/folder")
            }
            address = .tcp(host: host, port: port)
        }
        self.user = user
        self.password = parts.password
        self.database = database
        self.requireTLS = requireTLS
    }

    init(address: Address, user: String, password: String?, database: String, requireTLS: Bool = false) {
        self.address = address
        self.user = user
        self.password = password
        self.database = database
        self.requireTLS = requireTLS
    }

    /// The same server and user, another database (tests make one per test).
    public func with(database: String) -> DatabaseURL {
        var copy = self
        copy.database = database
        return copy
    }

    public var description: String {
        switch address {
        case .socket(let directory, let port):
            // A port other than 5432 names the socket file (.s.PGSQL.PORT); the host before it is not used then.
            return port == 5432
                ? "postgres://\(user)@/\(database)?host=\(directory)"
                : "postgres://\(user)@localhost:\(port)/\(database)?host=\(directory)"
        case .tcp(let host, let port): return "postgres://\(user)@\(host):\(port)/\(database)"
        }
    }

    /// The URL with its password replaced, for messages.
    static func redacted(_ text: String) -> String {
        guard var parts = URLComponents(string: text), parts.password != nil else { return text }
        parts.password = "***"
        return parts.string ?? "(unreadable URL)"
    }

    var clientConfiguration: PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        switch address {
        case .socket(let directory, let port):
            configuration = .init(
                unixSocketPath: "\(directory)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        case .tcp(let host, let port):
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database,
                tls: requireTLS ? .require(.makeClientConfiguration()) : .disable)
        }
        configuration.options.maximumConnections = 10
        return configuration
    }
}
