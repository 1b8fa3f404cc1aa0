// One throwaway PostgreSQL cluster per test run (initdb in a temporary folder, Unix socket only), one database per test.
import Foundation
import Logging
import StudyServer
import Synchronization
import Testing

/// The cluster every test of this run shares; each test gets its own database, cloned from a migrated template.
final class TestCluster: Sendable {
    static let shared = Task { try await TestCluster.start() }

    /// A cluster of one test's own, to stop and start again under a running server (the shared one never stops).
    static func own() async throws -> TestCluster { try await start() }

    let folder: URL
    let bin: URL
    /// Root cannot run PostgreSQL: then every PostgreSQL program runs as the `postgres` user.
    let runAs: String?
    static let role = "soundsafari_test"
    static let template = "soundsafari_template"
    let counter = Counter()

    private init(folder: URL, bin: URL, runAs: String?) {
        self.folder = folder
        self.bin = bin
        self.runAs = runAs
    }

    /// The URL of a new database for one test: migrated, owned by the server's (non-superuser) test role.
    func freshDatabase() async throws -> DatabaseURL {
        let name = "t_\(ProcessInfo.processInfo.processIdentifier)_\(counter.next())"
        try psql("CREATE DATABASE \(name) TEMPLATE \(Self.template) OWNER \(Self.role)")
        return url(database: name, user: Self.role)
    }

    /// A new database with nothing in it (for the migrations' own tests).
    func emptyDatabase() async throws -> DatabaseURL {
        let name = "e_\(ProcessInfo.processInfo.processIdentifier)_\(counter.next())"
        try psql("CREATE DATABASE \(name) OWNER \(Self.role)")
        return url(database: name, user: Self.role)
    }

    func url(database: String, user: String) -> DatabaseURL {
        // Both parts are made here, never typed by a user, so the URL always reads.
        try! DatabaseURL("postgres://\(user)@/\(database)?host=\(folder.path)")
    }

    /// Runs one SQL statement as the cluster's superuser.
    func psql(_ sql: String, database: String = "postgres") throws {
        try run(
            bin.appendingPathComponent("psql").path,
            ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", folder.path, "-U", "postgres", "-d", database, "-c", sql])
    }

    private func run(_ program: String, _ arguments: [String]) throws {
        try Self.run(program, arguments, as: runAs)
    }

    static func run(_ program: String, _ arguments: [String], as user: String?) throws {
        let argv = (user.map { ["/usr/sbin/runuser", "-u", $0, "--"] } ?? []) + [program] + arguments
        let (status, output) = try Spawn.run(argv)
        guard status == 0 else {
            throw ClusterError(description: "\(argv.joined(separator: " ")) failed (\(status)): \(output)")
        }
    }

    struct ClusterError: Error, CustomStringConvertible {
        var description: String
    }

    /// The newest PostgreSQL under /usr/lib/postgresql (Debian's layout; scripts/install-deps.sh installs it).
    static func binaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path))?.compactMap(Int.init).sorted()
        guard let newest = versions?.last else {
            throw ClusterError(
                description: "PostgreSQL is not installed: run scripts/install-deps.sh (make test does).")
        }
        return root.appendingPathComponent("\(newest)/bin")
    }

    /// Stops PostgreSQL as an administrator does (`pg_ctl stop`, fast: every connection closed).
    func stop() throws {
        try run(bin.appendingPathComponent("pg_ctl").path, ["-D", data, "-m", "fast", "-w", "stop"])
    }

    /// Starts PostgreSQL again on the same socket folder.
    func restart() throws {
        try Self.startPostgres(bin: bin, data: data, folder: folder, as: runAs)
    }

    var data: String { folder.appendingPathComponent("data").path }

    private static func startPostgres(bin: URL, data: String, folder: URL, as runAs: String?) throws {
        // No TCP at all: the socket in the owner-only folder is the only way in. fsync off: it is thrown away.
        try run(
            bin.appendingPathComponent("pg_ctl").path,
            [
                "-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-o",
                "-c listen_addresses='' -c unix_socket_directories='\(folder.path)' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400",
                "start",
            ], as: runAs)
    }

    private static func start() async throws -> TestCluster {
        let bin = try binaries()
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "soundsafari-pg-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let runAs = getuid() == 0 ? "postgres" : nil
        if runAs != nil {
            try run("/bin/chown", ["postgres:postgres", folder.path], as: nil)
        }
        let cluster = TestCluster(folder: folder, bin: bin, runAs: runAs)
        let data = folder.appendingPathComponent("data").path
        try cluster.run(
            bin.appendingPathComponent("initdb").path,
            ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"])
        try startPostgres(bin: bin, data: data, folder: folder, as: runAs)
        let first = Self.running.withLock {
            $0.append((bin, data, folder, runAs))
            return $0.count == 1
        }
        if first { atexit { TestCluster.stopAtExit() } }
        try cluster.psql("CREATE ROLE \(role) LOGIN")
        try cluster.psql("CREATE DATABASE \(template) OWNER \(role)")
        var logger = Logger(label: "test-cluster")
        logger.logLevel = .error
        _ = try await StudyDatabase.with(
            cluster.url(database: template, user: role), logger: logger, leaseWait: testDatabaseWait
        ) {
            try await $0.migrate()
        }
        // The migrating client's connection can outlive its client for a while (seen: a minute, under load), and
        // PostgreSQL copies no template another session holds open.
        try cluster.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(template)' AND pid <> pg_backend_pid()"
        )
        return cluster
    }

    private static let running = Mutex<[(URL, String, URL, String?)]>([])

    /// Stops the clusters and removes their folders when the test process exits.
    private static func stopAtExit() {
        for (bin, data, folder, runAs) in running.withLock({ $0 }) {
            try? run(
                bin.appendingPathComponent("pg_ctl").path, ["-D", data, "-m", "immediate", "-w", "stop"], as: runAs)
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

/// A counter for unique database names across concurrently running tests.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}
