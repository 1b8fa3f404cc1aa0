// One implementation of every area, as `buildRouter` hands them to the routes and middlewares: PostgreSQL's, or a
// test's own for an area it wants to control.
import Foundation

struct Repositories: Sendable {
    var sessions: any SessionsRepository
    var sites: any SitesRepository
    var accounts: any AccountsRepository
    var devices: any DevicesRepository
    var rateLimits: any RateLimitsRepository
    var audit: any AuditRepository
    var prescriptions: any PrescriptionsRepository
    var export: any ExportRepository
    var participantData: any ParticipantDataRepository
    var dashboard: any DashboardRepository
    var participantPages: any ParticipantPagesRepository
    var messages: any MessagesRepository
    var hrtfChoices: any HRTFChoicesRepository
    var pictures: any PicturesRepository
    var ingest: any IngestRepository
    var instruments: any InstrumentsRepository
    var questionnaireLinks: any QuestionnaireLinksRepository
    var questionnaireAssignments: any QuestionnaireAssignmentsRepository
    /// The pool, the migrations and the health route's schema version.
    var database: StudyDatabase

    /// Every area in PostgreSQL, on `database`'s pool.
    static func postgres(_ database: StudyDatabase) -> Repositories {
        Repositories(
            sessions: PostgresSessions(database: database), sites: PostgresSites(database: database),
            accounts: PostgresAccounts(database: database), devices: PostgresDevices(database: database),
            rateLimits: PostgresRateLimits(database: database), audit: PostgresAudit(database: database),
            prescriptions: PostgresPrescriptions(database: database), export: PostgresExport(database: database),
            participantData: PostgresParticipantData(database: database),
            dashboard: PostgresDashboard(database: database),
            participantPages: PostgresParticipantPages(database: database),
            messages: PostgresMessages(database: database), hrtfChoices: PostgresHRTFChoices(database: database),
            pictures: PostgresPictures(database: database), ingest: PostgresIngest(database: database),
            instruments: PostgresInstruments(database: database),
            questionnaireLinks: PostgresQuestionnaireLinks(database: database),
            questionnaireAssignments: PostgresQuestionnaireAssignments(database: database), database: database)
    }
}
