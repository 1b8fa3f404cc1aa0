// soundsafari-server set-up: the database's roles and the database itself, as PostgreSQL's superuser (make server, the package).
import ArgumentParser
import Foundation
import Logging
import StudyServer

struct SetUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-up",
        abstract: "Create the database's roles and the database, owned by the migration role, and migrate it.",
        discussion: """
            Signed in as PostgreSQL's superuser (for a local PostgreSQL: run as the postgres system user with \
            --database-url 'postgres://postgres@/soundsafari?host=/var/run/postgresql'). Creates soundsafari_migrate \
            (owns the database and every table, applies the migrations), soundsafari_server (the rights the server \
            uses; the audit trail read and append only) and soundsafari (the server's login, a member of \
            soundsafari_server), the database the URL names, and applies its migrations as soundsafari_migrate. A \
            database the server's login owned is handed over. Run again, it changes nothing.
            """)
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        let url = try database.resolved()
        var logger = Logger(label: "soundsafari-server")
        logger.logLevel = .error
        let done: [String]
        do { done = try await DatabaseRoles.setUp(url, logger: logger) } catch {
            throw commandFailure(error, url: url)
        }
        print(
            done.isEmpty
                ? "The database \(url.database) and its roles are set up already; nothing changed."
                : done.joined(separator: "\n"))
    }
}
