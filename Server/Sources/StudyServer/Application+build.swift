// buildApplication: the whole server from its configuration (the command line and the tests build the same app).
import Foundation
import Hummingbird
import Localization
import Logging
import PostgresNIO

/// The OpenAPI 3.1 document of the API (checked in beside the sources, served at /api/v1/openapi.json).
enum APIDocument {
    static let data: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { fatalError("openapi.json is missing from the server's resources: the build is broken") }
        return data
    }()
}

/// The router with every route and middleware; `database` must be running (the application runs its client).
/// `sessions` resolves tokens and cookies (PostgreSQL's, unless a test gives its own).
func buildRouter(
    database: StudyDatabase, configuration: ServerConfiguration, pages: WebPages,
    sessions: (any SessionsRepository)? = nil
) -> Router<AppRequestContext> {
    let sessions = sessions ?? PostgresSessions(database: database)
    let instruments = PostgresInstruments(database: database)
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: ProblemMiddleware())
    router.add(middleware: AuthenticationMiddleware(sessions: sessions))
    let api = router.group("api/v1")
    api.get("openapi.json") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: APIDocument.data)))
    }
    api.get("health") { _, _ in
        JSONReply(body: ["status": "ok", "schema": String(try await database.schemaVersion())])
    }
    AccountRoutes(database: database, sessions: sessions, configuration: configuration).add(to: api)
    DeviceRoutes(database: database, configuration: configuration).add(to: api)
    SyncRoutes(database: database).add(to: api)
    PrescriptionRoutes(database: database).add(to: api)
    MessageRoutes(database: database).add(to: api)
    InstrumentRoutes(instruments: instruments, database: database).add(to: api)
    WebAnswerRoutes(links: PostgresQuestionnaireLinks(database: database)).add(to: api)
    ExportRoutes(database: database).add(to: api)
    ParticipantRoutes(database: database).add(to: api)
    // The dashboard: HTML pages under /, signed in with a cookie.
    let web = router.group().add(middleware: WebMiddleware(sessions: sessions, pages: pages))
    WebAccountRoutes(database: database, sessions: sessions, configuration: configuration, pages: pages).add(to: web)
    WebSiteRoutes(database: database, pages: pages, thresholds: configuration.alerts).add(to: web)
    WebAdminRoutes(database: database, pages: pages).add(to: web)
    WebAboutRoutes(database: database, pages: pages).add(to: web)
    WebResearchRoutes(database: database).add(to: web)
    WebLiveRoutes(database: database, pages: pages).add(to: web)
    WebReportRoutes(database: database, pages: pages).add(to: web)
    WebParticipantsTableRoutes(database: database, pages: pages).add(to: web)
    WebParticipantRoutes(database: database, pages: pages).add(to: web)
    WebQuestionnaireRoutes(
        database: database, links: PostgresQuestionnaireLinks(database: database), pages: pages
    ).add(to: web)
    return router
}

/// Builds the application: a PostgreSQL client (run as one of the app's services), migrations applied before the
/// server accepts a request, and the router.
public func buildApplication(
    _ configuration: ServerConfiguration, logger: Logger = Logger(label: "soundsafari-server"), bcryptCost: UInt8 = 12
) async throws -> some ApplicationProtocol {
    let (pages, missing) = try WebPages.load(catalogs: configuration.catalogs)
    for language in missing {
        logger.warning(
            "no '\(language.rawValue)' catalog (\(language.rawValue)/LC_MESSAGES/soundsafari.mo) in \(configuration.catalogs?.path ?? CatalogFolder.searched().joined(separator: ", ")): dashboard pages asked for in it are English; compile the catalogs (scripts/po.sh compile DIR) and set SOUNDSAFARI_LOCALEDIR=DIR"
        )
    }
    let client = PostgresClient(configuration: configuration.database.clientConfiguration, backgroundLogger: logger)
    let database = StudyDatabase(
        client: client, logger: logger, bcryptCost: bcryptCost, leaseWait: configuration.databaseWait)
    var app = Application(
        router: buildRouter(database: database, configuration: configuration, pages: pages),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        logger: logger)
    app.addServices(client)
    app.beforeServerStarts {
        let applied = try await database.migrate()
        for name in applied { logger.info("applied migration \(name)") }
    }
    return app
}
