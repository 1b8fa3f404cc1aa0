// The server's state in PostgreSQL: the pool every repository of Database/ runs its statements on, its transactions
// and the migrations. The StudyDatabase+ files hold what several repositories run inside their own transactions (the
// audit's writer, the kept summaries, two projections, the participants table's rules), as static functions on a
// connection.
import Foundation
import Localization
import Logging
import PostgresNIO

public struct StudyDatabase: Sendable {
    public let client: PostgresClient
    let logger: Logger
    /// bcrypt's cost for new passwords (tests use the minimum, 4, to stay fast; a login checks any cost).
    let bcryptCost: UInt8
    /// How long a statement waits for a connection (`leaseTimeout`, 2 s; `set-up` waits longer).
    let leaseWait: Duration

    public init(
        client: PostgresClient, logger: Logger, bcryptCost: UInt8 = 12, leaseWait: Duration = StudyDatabase.leaseTimeout
    ) {
        self.client = client
        self.logger = logger
        self.bcryptCost = bcryptCost
        self.leaseWait = leaseWait
    }

    /// Runs `body` with a client for `url`, the client's connection pool running meanwhile (the command line's way).
    public static func with<T: Sendable>(
        _ url: DatabaseURL, logger: Logger, bcryptCost: UInt8 = 12, leaseWait: Duration = StudyDatabase.leaseTimeout,
        _ body: @Sendable (StudyDatabase) async throws -> T
    ) async throws -> T {
        let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(
                StudyDatabase(client: client, logger: logger, bcryptCost: bcryptCost, leaseWait: leaseWait))
        }
    }

    @discardableResult
    public func migrate() async throws -> [String] {
        try await Migrations.apply(on: self, logger: logger)
    }

    /// The newest migration applied (the health route's `schema`).
    public func schemaVersion() async throws -> Int {
        try await rows("SELECT coalesce(max(version), 0) FROM schema_migrations").one("the schema's version")
            .decode(Int.self)
    }

    /// The id of the site named `name`, nil when there is none.
    func siteID(_ name: String) async throws -> Int? {
        try await withConnection { [logger] in
            try await $0.prepared(SiteOfName.self, SiteOfName.query(name: name), logger: logger)
        }.first.map { try $0.decode(Int.self) }
    }

    /// The statement of `siteID`, planned once per connection: most pages of a site ask it.
    private enum SiteOfName: PreparedText {
        static func query(name: String) -> PostgresQuery { "SELECT id FROM sites WHERE name = \(name)" }
        static let sql = query(name: "").sql
        static let types: [PostgresDataType] = [.text]
    }

    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection { [logger] in try await $0.query(query, logger: logger).collect() }
    }

    func execute(_ query: PostgresQuery) async throws {
        try await withConnection { [logger] in _ = try await $0.query(query, logger: logger) }
    }

    /// Runs `body` in a transaction; what `body` throws (a `Problem`, a `Refusal`) comes out as itself, the
    /// transaction rolled back, rather than wrapped in postgres-nio's `PostgresTransactionError`.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> sending T) async throws -> T {
        do {
            return try await withConnection { [logger] in
                try await $0.withTransaction(logger: logger) { try await body($0) }
            }
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError, error.rollbackError == nil { throw inner }
            throw error
        }
    }
}

extension StudyDatabase {
    /// A change refused, in one sentence: English for the command line and the API, worded in the page's
    /// language on the dashboard (`worded(in:)`).
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var sentence: Sentence

        init(_ sentence: Sentence) { self.sentence = sentence }
        /// A sentence in no catalog: the administrator's set-up refusals, or one already in the page's language.
        init(description: String) { sentence = .verbatim(description) }

        public var description: String { sentence.english }
        func worded(in catalog: MessageCatalog) -> String { sentence.worded(in: catalog) }
    }
}
