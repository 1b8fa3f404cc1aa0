// A connection of the pool waited for at most a few seconds: a database that is away is a 503, not a minute's hang.
import Foundation
import Logging
import PostgresNIO

/// The database could not be reached within the lease's wait (`StudyDatabase.leaseTimeout`): the API answers 503
/// with Retry-After, the command line says this sentence and exits non-zero.
public struct DatabaseAway: Error, CustomStringConvertible, Equatable {
    public var waited: Duration = StudyDatabase.leaseTimeout
    public var description: String {
        "The database cannot be reached (no connection within \(waited.components.seconds) seconds): start PostgreSQL or check --database-url, then try again."
    }
}

/// One lease's hand-over between the task that waits for the pool (and holds the connection until released) and the
/// task that runs the queries: whichever comes first of the connection, the pool's error and the timeout settles it.
final class DatabaseLease: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: CheckedContinuation<PostgresConnection, any Error>?
    private var outcome: Result<PostgresConnection, any Error>?
    private var released: CheckedContinuation<Void, Never>?
    private var isReleased = false

    /// The pool's connection arrived: handed over unless the lease failed meanwhile; then held until `release`.
    func hand(_ connection: PostgresConnection) async {
        let taken = lock.withLock { () -> Bool in
            guard outcome == nil else { return false }
            outcome = .success(connection)
            waiting?.resume(returning: connection)
            waiting = nil
            return true
        }
        guard taken else { return }
        await withCheckedContinuation { continuation in
            let resume = lock.withLock { () -> Bool in
                if isReleased { return true }
                released = continuation
                return false
            }
            if resume { continuation.resume() }
        }
    }

    /// No connection: the pool's error, the timeout or a cancellation (the first one counts).
    func fail(_ error: any Error) {
        lock.withLock {
            guard outcome == nil else { return }
            outcome = .failure(error)
            waiting?.resume(throwing: error)
            waiting = nil
        }
    }

    func connection() async throws -> PostgresConnection {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock {
                if let outcome { continuation.resume(with: outcome) } else { waiting = continuation }
            }
        }
    }

    /// The queries are done: the holding task gives the connection back to the pool.
    func release() {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            isReleased = true
            defer { released = nil }
            return released
        }
        continuation?.resume()
    }
}

extension StudyDatabase {
    /// How long a request waits for a connection. PostgresClient waits until its circuit breaker trips, a minute
    /// after the first failed connection, so a stopped database held every request and `site list` that long.
    public static let leaseTimeout: Duration = .seconds(2)

    /// Runs `body` on a connection of the pool, waited for at most `leaseWait` (else `DatabaseAway`). The wait
    /// runs in a task of its own, so it can be given up; `body` runs here, on the connection that task holds.
    func withConnection<T>(_ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        let lease = DatabaseLease()
        let holder = Task { [client, leaseWait] in
            do {
                try await client.withConnection { await lease.hand($0) }
            } catch let error where error is PSQLError || error is CancellationError {
                lease.fail(error)
            } catch {
                // The pool's own refusals: after a minute of failed connections its circuit breaker fails every
                // request at once (`ConnectionPoolError`), which was a 500 for as long as the database stayed away.
                lease.fail(DatabaseAway(waited: leaseWait))
            }
        }
        let timer = Task {
            try await Task.sleep(for: leaseWait)
            lease.fail(DatabaseAway(waited: leaseWait))
            holder.cancel()
        }
        defer {
            timer.cancel()
            lease.release()
        }
        let connection = try await withTaskCancellationHandler {
            try await lease.connection()
        } onCancel: {
            lease.fail(CancellationError())
            holder.cancel()
        }
        return try await body(connection)
    }
}
