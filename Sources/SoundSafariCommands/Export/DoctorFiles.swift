// The doctor's two files of one participant (the PDF summary and the FHIR bundle), for `export` and for the game's
// "For my doctor", which puts them where a patient finds them: their Documents folder.
import BuildInfo
import Foundation
import GameUI
import Localization
import PatientExport
import StudyKit
import StudyRecords
import TidyFormats

enum DoctorFiles {
    /// Reads the participant's logs and writes the files asked for (owner-only); returns the record, whose
    /// `missing` says what the logs lack.
    static func write(
        logs: URL, participant: ParticipantID, library: InstrumentLibrary?, pdf: URL?, fhir: URL?, today: Date
    ) throws -> PatientRecord {
        try requireLogs(logs, of: participant)
        let record = try PatientRecordReader.read(
            logs: logs, participant: participant, library: library, today: today, appVersion: BuildInfo.version)
        if let pdf { try PDFPages.write(DoctorReport.pages(record), to: pdf) }
        if let fhir { try AtomicFile.replace(fhir, with: FHIRBundle.data(record)) }
        return record
    }

    /// The game's "For my doctor": both files into `<Documents>/SoundSafari/`, named after the participant and the
    /// day (a second export the same day replaces that day's files: they are made from the same logs, newer).
    static func forMyDoctor(
        logs: URL, participant: ParticipantID, library: InstrumentLibrary?, today: Date = Date(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> DoctorFilesWritten {
        try requireLogs(logs, of: participant)
        let folder = DocumentsFolder.find(environment: environment).appendingPathComponent("SoundSafari")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ValidationErrorMessage(
                Translation.gettext(
                    "Cannot make the folder {folder} for the doctor's files: check that it can be written.",
                    ["folder": folder.path]))
        }
        let name = "\(participant.value)-\(Self.day(today))"
        let pdf = folder.appendingPathComponent(name + ".pdf")
        let fhir = folder.appendingPathComponent(name + "-fhir.json")
        let record = try write(
            logs: logs, participant: participant, library: library, pdf: pdf, fhir: fhir, today: today)
        return DoctorFilesWritten(pdf: pdf, fhir: fhir, missing: record.missing)
    }

    /// Nothing to export without the participant's folder: one sentence, before any file or folder is made.
    static func requireLogs(_ logs: URL, of participant: ParticipantID) throws {
        var isFolder: ObjCBool = false
        guard
            FileManager.default.fileExists(
                atPath: logs.appendingPathComponent(participant.value).path, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            throw ValidationErrorMessage(
                Translation.gettext(
                    "{logs} has no folder for participant {participant}: nothing to export yet (soundsafari status --logs {logs} lists the participants).",
                    ["logs": logs.path, "participant": participant.value]))
        }
    }

    /// `2026-11-28`: sorts by day in a file manager, whatever the language.
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
