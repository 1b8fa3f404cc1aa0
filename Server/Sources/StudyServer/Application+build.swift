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

/// The router with every route and middleware; `repositories.database` must be running (the application runs its
/// client). A test gives its own repository for an area it wants to control (`Repositories.postgres` otherwise).
func buildRouter(
    repositories r: Repositories, configuration: ServerConfiguration, pages: WebPages
) -> Router<AppRequestContext> {
    let database = r.database
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: ProblemMiddleware())
    router.add(middleware: AuthenticationMiddleware(sessions: r.sessions))
    let api = router.group("api/v1")
    api.get("openapi.json") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: APIDocument.data)))
    }
    api.get("health") { _, _ in
        JSONReply(body: ["status": "ok", "schema": String(try await database.schemaVersion())])
    }
    AccountRoutes(
        sites: r.sites, accounts: r.accounts, audit: r.audit, rateLimits: r.rateLimits, sessions: r.sessions,
        configuration: configuration
    ).add(to: api)
    DeviceRoutes(sites: r.sites, devices: r.devices, rateLimits: r.rateLimits, configuration: configuration).add(
        to: api)
    SyncRoutes(ingest: r.ingest, participantData: r.participantData).add(to: api)
    PrescriptionRoutes(sites: r.sites, prescriptions: r.prescriptions).add(to: api)
    MessageRoutes(sites: r.sites, messages: r.messages, audit: r.audit, participantPages: r.participantPages).add(
        to: api)
    ExportRoutes(sites: r.sites, export: r.export).add(to: api)
    ParticipantRoutes(sites: r.sites, participantData: r.participantData).add(to: api)
    InstrumentRoutes(instruments: r.instruments, sites: r.sites).add(to: api)
    WebAnswerRoutes(links: r.questionnaireLinks).add(to: api)
    QuestionnaireLinkRoutes(
        sites: r.sites, participantPages: r.participantPages, questionnaireLinks: r.questionnaireLinks
    ).add(to: api)
    QuestionnaireAssignmentRoutes(
        sites: r.sites, instruments: r.instruments, assignments: r.questionnaireAssignments,
        participantPages: r.participantPages, questionnaireLinks: r.questionnaireLinks, audit: r.audit
    ).add(to: api)
    // The dashboard: HTML pages under /, signed in with a cookie.
    let web = router.group().add(middleware: WebMiddleware(sessions: r.sessions, pages: pages))
    WebAccountRoutes(
        accounts: r.accounts, audit: r.audit, rateLimits: r.rateLimits, sessions: r.sessions,
        configuration: configuration, pages: pages
    ).add(to: web)
    WebSiteRoutes(
        sites: r.sites, dashboard: r.dashboard, devices: r.devices, participantPages: r.participantPages,
        prescriptions: r.prescriptions, messages: r.messages, audit: r.audit, instruments: r.instruments,
        pages: pages, thresholds: configuration.alerts
    ).add(to: web)
    WebAdminRoutes(sites: r.sites, accounts: r.accounts, audit: r.audit, pages: pages).add(to: web)
    WebAboutRoutes(sites: r.sites, pages: pages).add(to: web)
    WebResearchRoutes(sites: r.sites, export: r.export).add(to: web)
    WebLiveRoutes(sites: r.sites, dashboard: r.dashboard, audit: r.audit, pages: pages).add(to: web)
    WebReportRoutes(sites: r.sites, export: r.export, audit: r.audit, pages: pages).add(to: web)
    WebParticipantsTableRoutes(sites: r.sites, dashboard: r.dashboard, audit: r.audit, pages: pages).add(to: web)
    WebParticipantRoutes(
        sites: r.sites, participantPages: r.participantPages, participantData: r.participantData,
        prescriptions: r.prescriptions, messages: r.messages, pictures: r.pictures, hrtfChoices: r.hrtfChoices,
        audit: r.audit, dashboard: r.dashboard, devices: r.devices, instruments: r.instruments,
        questionnaireLinks: r.questionnaireLinks, questionnaireAssignments: r.questionnaireAssignments, pages: pages
    ).add(to: web)
    WebQuestionnaireRoutes(
        participantPages: r.participantPages, links: r.questionnaireLinks, pages: pages
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
        router: buildRouter(repositories: .postgres(database), configuration: configuration, pages: pages),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        logger: logger)
    app.addServices(client)
    app.beforeServerStarts {
        let applied = try await database.migrate()
        for name in applied { logger.info("applied migration \(name)") }
    }
    return app
}
