// The doctor's record of one participant from the dashboard: the same PDF and FHIR bundle `soundsafari export` and
// the game's "For my doctor" make, from the files every machine of the site synced; audited.
import BuildInfo
import Foundation
import HTTPTypes
import Hummingbird
import PatientExport
import StudyRecords

extension WebParticipantRoutes {
    func addDoctorRecord(to web: RouterGroup<AppRequestContext>) {
        web.get("sites/:site/participants/:participant/doctor.pdf", use: doctorPDF)
        web.get("sites/:site/participants/:participant/doctor-fhir.json", use: doctorFHIR)
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
            let files = try await database.doctorRecordFiles(
                site: site, participant: participant, format: format, by: (account.name, account.role.rawValue),
                requestID: context.id)
        else {
            throw Problem.notFound("No site named \(site) is yours: open the participant from the site's table.")
        }
        let folder = try DoctorRecordFolder(participant: participant, files: files)
        defer { folder.remove() }
        let record = try PatientRecordReader.read(
            logs: folder.logs, participant: try ParticipantID(participant), library: nil, today: Date(),
            appVersion: BuildInfo.version)
        return (record, "\(site)-\(participant)-\(DoctorRecordFolder.day(Date()))")
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
