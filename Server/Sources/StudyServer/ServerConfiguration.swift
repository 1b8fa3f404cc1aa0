// What buildApplication needs to build the whole server: address, database and limits (tests build the same app).
import Foundation

public struct ServerConfiguration: Sendable {
    /// A request body (one sync batch included) is at most this big.
    public static let maximumBodyBytes = 1 << 20

    public var host: String
    public var port: Int
    public var database: DatabaseURL
    /// Failed logins allowed per account name, and enrolment attempts allowed in all, per `rateWindowSeconds`.
    public var loginAttempts: Int
    public var enrolmentAttempts: Int
    public var rateWindowSeconds: Int
    /// How long a web session (the bearer token of a login) stays valid.
    public var sessionHours: Int
    /// When the dashboard's alerts fire.
    public var alerts: AlertThresholds
    /// The compiled catalogs the dashboard's pages are translated with (`scripts/po.sh compile DIR`); nil searches
    /// where the game does: `$SOUNDSAFARI_LOCALEDIR`, `locale/` beside the program, `../share/locale`,
    /// `/usr/share/locale`.
    public var catalogs: URL? = nil
    /// How long a request waits for a database connection before its 503 (`serve --database-wait`).
    public var databaseWait: Duration

    public init(
        host: String = "127.0.0.1", port: Int = 8080, database: DatabaseURL, loginAttempts: Int = 10,
        enrolmentAttempts: Int = 30, rateWindowSeconds: Int = 900, sessionHours: Int = 12,
        alerts: AlertThresholds = AlertThresholds(), databaseWait: Duration = StudyDatabase.leaseTimeout
    ) {
        self.databaseWait = databaseWait
        self.host = host
        self.port = port
        self.database = database
        self.loginAttempts = loginAttempts
        self.enrolmentAttempts = enrolmentAttempts
        self.rateWindowSeconds = rateWindowSeconds
        self.sessionHours = sessionHours
        self.alerts = alerts
    }
}
