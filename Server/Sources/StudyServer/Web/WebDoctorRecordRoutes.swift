// The doctor's record of one participant from the dashboard: the same PDF and FHIR bundle `soundsafari export` and
// the game's "For my doctor" make, from the files every machine of the site synced; audited.
import BuildInfo
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import PatientExport
import StudyRecords

extension WebParticipantRoutes {
    func addDoctorRecord(to web: RouterGroup<AppRequestContext>) {
        web.get("sites/:site/participants/:participant/doctor.pdf", use: doctorPDF)
        web.get("sites/:site/participants/:participant/doctor-fhir.json", use: doctorFHIR)
        web.get("sites/:site/doctor-fhir.zip", use: siteFHIR)
    }

    /// `GET /sites/{site}/doctor-fhir.zip`: one FHIR bundle per participant of the site (`<participant>-fhir.json`),
    /// for an admin, the site's supervisor or a researcher who sees the site; streamed (each bundle made as its entry
    /// is written), audited once before the first byte.
    @Sendable func siteFHIR(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let site = Self.parameter("site", context)
        guard account.sees(site: site),
            let participants = try await self.participantData.doctorRecordParticipants(
                site: site, by: (account.name, account.role.rawValue), requestID: context.id)
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No site named {site} is yours: the overview lists the sites you see.", ["site": site]))
        }
        let participantData = self.participantData
        var headers = WebPages.securityHeaders
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] =
            "attachment; filename=\"\(site)-fhir-\(DoctorRecordFolder.day(Date())).zip\""
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                var zip = ZipSink(ResponseSink(writer: writer))
                for participant in participants {
                    let files = try await participantData.doctorRecordFiles(site: site, participant: participant)
                    let record = try Self.record(participant: participant, files: files)
                    let name = "\(participant)-fhir.json"
                    try await zip.begin(file: name)
                    try await zip.write(Array(try FHIRBundle.data(record)))
                    try await zip.end(file: name)
                }
                try await zip.finish()
                try await zip.output.writer.finish(nil)
            })
    }

    /// `GET /sites/{site}/participants/{participant}/doctor.pdf`: the doctor's summary (English: the server speaks
    /// one language per process, and the dashboard's is English).
    @Sendable func doctorPDF(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (record, name) = try await doctorRecord(context, format: "pdf")
        let pages = DoctorReport.pages(record)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundsafari-record-\(UUID().uuidString.prefix(8)).pdf")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try PDFPages.write(pages, to: file)
        } catch let error as PDFPagesError {
            // The server's machine lacks librsvg2-bin (the package recommends it): a fact about this server, not a
            // fault of the request; the FHIR bundle is still there.
            throw Problem(
                .serviceUnavailable, "No PDF on this server",
                "\(error.description) The FHIR bundle of this participant is at doctor-fhir.json.")
        }
        return Self.download(
            try Data(contentsOf: file), type: "application/pdf", filename: "\(name).pdf")
    }

    /// `GET /sites/{site}/participants/{participant}/doctor-fhir.json`: the HL7 FHIR R4 bundle (docs/FHIR.md).
    @Sendable func doctorFHIR(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (record, name) = try await doctorRecord(context, format: "fhir")
        return Self.download(try FHIRBundle.data(record), type: "application/fhir+json", filename: "\(name)-fhir.json")
    }

    /// The participant's record from every machine's files, for an account that reads their page (admin, the site's
    /// supervisor, a researcher: the record is pseudonymous, the study ID only); the file name's stem.
    private func doctorRecord(_ context: AppRequestContext, format: String) async throws -> (PatientRecord, String) {
        let (account, site, participant) = try await participant(context, roles: .admin, .supervisor, .researcher)
        guard
            let files = try await participantData.doctorRecordFiles(
                site: site, participant: participant, format: format, by: (account.name, account.role.rawValue),
                requestID: context.id)
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No site named {site} is yours: open the participant from the site's table.", ["site": site]))
        }
        return (
            try Self.record(participant: participant, files: files),
            "\(site)-\(participant)-\(DoctorRecordFolder.day(Date()))"
        )
    }

    /// The record of one participant from their files, through the game's own reader.
    static func record(participant: String, files: [StudyDatabase.LogFile]) throws -> PatientRecord {
        let folder = try DoctorRecordFolder(participant: participant, files: files)
        defer { folder.remove() }
        return try PatientRecordReader.read(
            logs: folder.logs, participant: try ParticipantID(participant), library: nil, today: Date(),
            appVersion: BuildInfo.version)
    }

    static func download(_ data: Data, type: String, filename: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(filename)\"",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
