// soundsafari-server: serve the study API, migrate, and manage users, sites, devices and the audit trail.
import ArgumentParser
import BuildInfo
import Foundation
import Logging
import StudyServer

@main
struct SoundSafariServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundsafari-server",
        abstract: "The SoundSafari study server: logs synced from every machine, in PostgreSQL.",
        version: BuildInfo.version,
        subcommands: [
            Serve.self, Migrate.self, SetUpCommand.self, SummariesCommand.self, UserCommand.self, SiteCommand.self,
            DeviceCommand.self,
            AuditCommand.self,
            ExportCommand.self, PrescribeCommand.self, ParticipantCommand.self,
        ])
}

/// `--database-url`, shared by every subcommand.
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp(
            "postgres://USER[:PASSWORD]@HOST[:PORT]/DB or postgres://USER@/DB?host=/socket/folder.",
            discussion: "Default: $DATABASE_URL, then the cluster `make server` made in .server-data/ of the checkout.")
    )
    var databaseURL: String?

    @Option(
        name: .customLong("database-wait"),
        help: ArgumentHelp(
            "Seconds a request or command waits for a database connection (1-300).",
            discussion:
                "Past it the API answers 503 with Retry-After and a command stops with one sentence. Raise it on a machine so busy that opening a connection takes longer."
        ))
    var databaseWait = Int(StudyDatabase.leaseTimeout.components.seconds)

    func validate() throws {
        guard (1...300).contains(databaseWait) else {
            throw ValidationError(
                "--database-wait \(databaseWait) is not 1-300 seconds: give a whole number of seconds, e.g. 5.")
        }
    }

    var wait: Duration { .seconds(databaseWait) }

    /// The URL given, else DATABASE_URL, else the `.server-data/` cluster of the nearest checkout above the
    /// working directory (where `make server` puts it).
    func resolved() throws -> DatabaseURL {
        if let text = databaseURL ?? ProcessInfo.processInfo.environment["DATABASE_URL"] {
            do { return try DatabaseURL(text) } catch let error as DatabaseURL.Invalid {
                throw ValidationError(error.description)
            }
        }
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while true {
            let data = folder.appendingPathComponent(".server-data")
            if let url = try? String(contentsOf: data.appendingPathComponent("database-url"), encoding: .utf8) {
                return try DatabaseURL(url.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if folder.path == "/" { break }
            folder.deleteLastPathComponent()
        }
        throw ValidationError(
            "No database given: pass --database-url, set DATABASE_URL, or run `make server` in the checkout first.")
    }
}

/// A refusal at run time: ArgumentParser prints "Error: " and this sentence, without the usage, and exits 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
}

/// Runs `body` against the database, turning the store's refusals into one sentence and a non-zero exit.
func withDatabase<T: Sendable>(
    _ option: DatabaseOption, migrating: Bool = true, _ body: @Sendable (StudyDatabase) async throws -> T
) async throws -> T {
    let url = try option.resolved()
    var logger = Logger(label: "soundsafari-server")
    logger.logLevel = .error
    do {
        return try await StudyDatabase.with(url, logger: logger, leaseWait: option.wait) { database in
            if migrating { try await database.migrate() }
            return try await body(database)
        }
    } catch {
        throw commandFailure(error, url: url)
    }
}

/// A database error as the command line's one sentence (a `CommandFailure`).
func commandFailure(_ error: any Error, url: DatabaseURL) -> CommandFailure {
    switch error {
    case let refusal as StudyDatabase.Refusal: return CommandFailure(description: refusal.description)
    case let failure as CommandFailure: return failure
    case let missing as DatabaseRoles.NotMigrated: return CommandFailure(description: missing.description)
    case let problem as Problem: return CommandFailure(description: problem.detail)
    case let away as DatabaseAway:
        return CommandFailure(
            description:
                "The database at \(url) cannot be reached (no connection within \(away.waited.components.seconds) seconds): start PostgreSQL or check --database-url, then try again."
        )
    default:
        return CommandFailure(
            description:
                "The database at \(url) cannot be used (\(String(describing: error).prefix(200))): check that PostgreSQL runs and the URL is right."
        )
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the API (migrations are applied first); logs a request id per request, never an address.")
    @OptionGroup var database: DatabaseOption
    @Option(help: "The address to listen on (put a TLS proxy in front for anything but localhost).")
    var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Option(help: "Alert when a machine has not synced for more than this many days.")
    var alertQuietDays = AlertThresholds().quietDays
    @Option(help: "Alert when a tinnitus rating (0-1) is at least this much above the participant's first one.")
    var alertTinnitusMargin = AlertThresholds().tinnitusMargin
    @Option(help: "Alert on a failed or continued-anyway headphone check for this many days after its session.")
    var alertHeadphoneDays = AlertThresholds().headphoneDays

    func validate() throws {
        guard alertQuietDays >= 1, alertHeadphoneDays >= 1 else {
            throw ValidationError("--alert-quiet-days and --alert-headphone-days must be at least 1 (days).")
        }
        guard alertTinnitusMargin > 0, alertTinnitusMargin <= 1 else {
            throw ValidationError(
                "--alert-tinnitus-margin \(alertTinnitusMargin) is outside the ratings' 0-1 scale: use a number above 0, at most 1 (0.2 is the default)."
            )
        }
    }

    func run() async throws {
        let url = try database.resolved()
        let alerts = AlertThresholds(
            quietDays: alertQuietDays, tinnitusMargin: alertTinnitusMargin, headphoneDays: alertHeadphoneDays)
        let app = try await buildApplication(
            ServerConfiguration(host: host, port: port, database: url, alerts: alerts, databaseWait: database.wait))
        // Written, not printed: print's buffer would hold the line back when the output is a pipe (make server).
        FileHandle.standardOutput.write(
            Data("SoundSafari server on http://\(host):\(port)/api/v1/ (database \(url))\n".utf8))
        try await app.runService()
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply the database migrations not yet applied.")
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        let names = try await withDatabase(database, migrating: false) { try await $0.migrate() }
        print(names.isEmpty ? "The database is up to date." : "Applied: " + names.joined(separator: "; "))
    }
}

struct SummariesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summaries",
        abstract: "Recompute the dashboard's session and participant summaries from the projection tables.",
        discussion: "Ingest keeps them; this is for tables restored or filled by other means (make bench does).")
    @OptionGroup var database: DatabaseOption
    @Option(help: "Only this site (all sites when left out).") var site: String?

    func run() async throws {
        let count = try await withDatabase(database) { [site] in try await $0.rebuildSummaries(site: site) }
        print("Recomputed the summaries of \(count) participants.")
    }
}

struct SiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site", abstract: "Manage sites.", subcommands: [Add.self, List.self, TimeZoneCommand.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a site (a lab, a clinic, a study arm).")
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The site's name: letters, digits, '.', '_' or '-'.") var name: String

        func run() async throws {
            try await withDatabase(database) { [name] in try await PostgresSites(database: $0).addSite(name) }
            print("Added site \(name).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the sites.")
        @OptionGroup var database: DatabaseOption

        func run() async throws {
            for site in try await withDatabase(database, { try await PostgresSites(database: $0).sites() }) {
                print(site)
            }
        }
    }

    struct TimeZoneCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "time-zone",
            abstract: "Print the time zone a site's dashboard pages show times in, or set it (audited).")
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The site.") var site: String
        @Argument(
            help: "A time zone database name such as Europe/Berlin, or UTC; without it, the current one is printed.")
        var zone: String?

        func run() async throws {
            let zone = try zone.map { try SiteTimeZone($0) }
            let (changed, now) = try await withDatabase(database) { [site] database in
                let sites = PostgresSites(database: database)
                guard try await sites.sites().contains(site) else {
                    throw ValidationError("No site is named \(site): see soundsafari-server site list.")
                }
                guard let zone else { return (false, try await sites.siteTimeZone(site: site)) }
                return (
                    try await sites.setSiteTimeZone(site: site, zone: zone, by: ("cli", "admin"), requestID: nil),
                    zone
                )
            }
            if zone == nil {
                print(now.identifier)
            } else {
                print(
                    changed
                        ? "\(site) shows times in \(now.identifier)."
                        : "\(site) already shows times in \(now.identifier).")
            }
        }
    }
}

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage the people who sign in.", subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a user; without --password-stdin a generated password is printed once.")
        @OptionGroup var database: DatabaseOption
        @Option(help: "The sign-in name (no real names needed).") var name: String
        @Option(help: "admin, supervisor or researcher.") var role: String
        @Option(name: .customLong("site"), help: "A site this user may see (repeat for several).")
        var sites: [String] = []
        @Flag(help: "Read the password (12 characters or more) from standard input.") var passwordStdin = false

        func run() async throws {
            guard let role = Role(rawValue: role) else {
                throw ValidationError("--role \(role) does not exist: use admin, supervisor or researcher.")
            }
            var password: String?
            if passwordStdin {
                guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                    throw ValidationError("--password-stdin read no password: pipe one line into the command.")
                }
                password = line
            }
            let generated = try await withDatabase(database) { [name, sites, password] in
                try await PostgresAccounts(database: $0).addUser(
                    name: name, role: role, sites: sites, password: password)
            }
            print("Added \(role.rawValue) \(name)" + (sites.isEmpty ? "." : " for \(sites.joined(separator: ", "))."))
            if let generated { print("Password (shown once, write it down): \(generated)") }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the users, their roles and sites.")
        @OptionGroup var database: DatabaseOption

        func run() async throws {
            for user in try await withDatabase(database, { try await PostgresAccounts(database: $0).users() }) {
                print([user.name, user.role, user.sites.joined(separator: ",")].joined(separator: "\t"))
            }
        }
    }
}

struct DeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device", abstract: "Enrol, list and revoke the machines that sync.",
        subcommands: [Enrol.self, List.self, Revoke.self])

    struct Enrol: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a one-time enrolment code for a machine of the site (valid 24 hours).")
        @OptionGroup var database: DatabaseOption
        @Option(help: "The site the machine belongs to.") var site: String
        @Option(
            help:
                "The participant whose own machine it is (a home PC): it receives their plans, answers and web questionnaires, and nobody else's."
        )
        var participant: String?

        func run() async throws {
            let (code, expires) = try await withDatabase(database) { [site, participant] in
                try await PostgresDevices(database: $0).enrolmentCode(
                    site: site, participant: participant, by: ("cli", "admin"))
            }
            let owner = participant.map { " (the own machine of \($0))" } ?? ""
            print("Enrolment code for site \(site)\(owner): \(code) (valid until \(expires.ISO8601Format())).")
            print("On the machine: soundsafari sync --server URL --enrol \(code)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the enrolled machines.")
        @OptionGroup var database: DatabaseOption
        @Option(help: "Only this site's machines.") var site: String?

        func run() async throws {
            for device in try await withDatabase(
                database, { [site] in try await PostgresDevices(database: $0).devices(site: site) })
            {
                let state = device.revokedAt.map { "revoked \($0.ISO8601Format())" } ?? "active"
                print(
                    [
                        device.id.uuidString.lowercased(), device.site, device.name, device.enrolledAt.ISO8601Format(),
                        state, device.participant ?? "-",
                    ]
                    .joined(separator: "\t"))
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a machine's token: it can no longer sync; what it sent stays.")
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The device id (from `device list`).") var id: String

        func run() async throws {
            guard let uuid = UUID(uuidString: id) else {
                throw ValidationError("\(id) is not a device id: copy one from `soundsafari-server device list`.")
            }
            let revoked = try await withDatabase(database) { database -> Bool? in
                guard try await PostgresDevices(database: database).device(id: uuid) != nil else { return nil }
                return try await PostgresDevices(database: database).revoke(device: uuid, by: ("cli", "admin"))
            }
            switch revoked {
            case nil:
                throw CommandFailure(
                    description: "No device \(id) exists: copy one from `soundsafari-server device list`.")
            case false: print("Device \(id) was revoked already.")
            case true: print("Revoked device \(id).")
            }
        }
    }
}

struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Print the audit trail (tab-separated, oldest first).")
    @OptionGroup var database: DatabaseOption
    @Option(help: "Only rows from this time on, e.g. 2026-11-26T18:00:00Z.") var since: String?

    func run() async throws {
        var from: Date?
        if let since {
            guard let date = ISO8601DateFormatter().date(from: since) else {
                throw ValidationError("--since \(since) is not a date: give it as 2026-11-26T18:00:00Z.")
            }
            from = date
        }
        print(
            ["id", "at", "actor", "role", "action", "site", "participant", "before", "after", "request_id"].joined(
                separator: "\t"))
        for row in try await withDatabase(
            database, { [from] in try await PostgresAudit(database: $0).auditRows(since: from) })
        {
            print(
                [
                    String(row.id), row.at.ISO8601Format(), row.actor, row.role, row.action, row.site ?? "",
                    row.participant ?? "", row.before ?? "", row.after ?? "", row.requestID ?? "",
                ].joined(separator: "\t"))
        }
    }
}
