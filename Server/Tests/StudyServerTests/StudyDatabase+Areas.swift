// The tests' way to the areas of a database they seed and check: each area's PostgreSQL repository on its pool.
@testable import StudyServer

extension StudyDatabase {
    var sites: PostgresSites { PostgresSites(database: self) }
    var accounts: PostgresAccounts { PostgresAccounts(database: self) }
    var devices: PostgresDevices { PostgresDevices(database: self) }
    var rateLimits: PostgresRateLimits { PostgresRateLimits(database: self) }
    var auditTrail: PostgresAudit { PostgresAudit(database: self) }
    var prescriptions: PostgresPrescriptions { PostgresPrescriptions(database: self) }
    var export: PostgresExport { PostgresExport(database: self) }
    var participantData: PostgresParticipantData { PostgresParticipantData(database: self) }
    var dashboard: PostgresDashboard { PostgresDashboard(database: self) }
    var participantPages: PostgresParticipantPages { PostgresParticipantPages(database: self) }
    var messages: PostgresMessages { PostgresMessages(database: self) }
    var hrtfChoices: PostgresHRTFChoices { PostgresHRTFChoices(database: self) }
    var pictures: PostgresPictures { PostgresPictures(database: self) }
    var ingest: PostgresIngest { PostgresIngest(database: self) }
    var siteAlerts: SiteAlerts { SiteAlerts(dashboard: dashboard, devices: devices, messages: messages) }
}
