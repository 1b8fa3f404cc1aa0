// `soundsafari export`: one participant's record for their doctor, as an HL7 FHIR R4 bundle (docs/FHIR.md).
import ArgumentParser
import BuildInfo
import Foundation
import Localization
import PatientExport
import StudyKit
import StudyRecords
import TidyFormats

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export a participant's record for their doctor: a PDF summary, an HL7 FHIR R4 bundle (docs/FHIR.md).",
        discussion: """
            The bundle holds what the logs have: the audiogram, the tinnitus match and the sound profile, every \
            session's localization outcome, the tinnitus ratings, each questionnaire and its answers and scores, the \
            training plan and its adherence, the diary. The Patient is the pseudonymous study ID only. What the logs \
            lack (no audiogram, no plan, no sessions) is said on stderr; the export is written all the same. The PDF \
            is a few pages a doctor reads in two minutes, drawn with the analyzer's figures and rendered by \
            rsvg-convert, in the participant's language (--language, else their last choice, else the \
            environment's). Both files are health data: they are written owner-only (0600).
            """)

    @Option(help: "Pseudonymous participant ID (e.g. P01).")
    var participant: String

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"

    @Option(help: "Write the HL7 FHIR R4 bundle (JSON) to this file.")
    var fhir: String?

    @Option(help: "Write the doctor's summary (PDF) to this file.")
    var pdf: String?

    @Flag(help: "Replace the output file if it exists.")
    var force = false

    @OptionGroup var folders: QuestionnaireFolders

    @OptionGroup var language: LanguageOption

    func validate() throws {
        if let problem = ParticipantID.problem(with: participant) {
            throw ValidationError("Participant ID '\(participant)': \(problem).")
        }
        guard fhir != nil || pdf != nil else {
            throw ValidationError("Give --pdf FILE, --fhir FILE or both: what to write.")
        }
        for (option, path) in [("--fhir", fhir), ("--pdf", pdf)] {
            guard let path else { continue }
            if path.isEmpty { throw ValidationError("\(option) is empty; give the file to write to.") }
            try OutputFile.check(path, option: option, force: force)
        }
        if fhir != nil && fhir == pdf { throw ValidationError("--fhir and --pdf name the same file; give two.") }
    }

    func run() throws {
        let logsURL = URL(fileURLWithPath: logs)
        let id = try ParticipantID(participant)
        try language.activate(logs: logsURL, participant: participant)
        var notes: [String] = []
        let record = try DoctorFiles.write(
            logs: logsURL, participant: id, library: libraryOrNote(&notes), pdf: pdf.map(URL.init(fileURLWithPath:)),
            fhir: fhir.map(URL.init(fileURLWithPath:)), today: Date())
        if let pdf {
            print(
                Translation.gettext(
                    "Wrote the doctor's summary of {participant} to {file} (health data: owner-only).",
                    ["participant": participant, "file": pdf]))
        }
        if let fhir {
            print(
                Translation.gettext(
                    "Wrote the FHIR bundle of {participant} to {file} (health data: owner-only).",
                    ["participant": participant, "file": fhir]))
        }
        for sentence in record.missing + notes { FileHandle.standardError.write(Data("Note: \(sentence)\n".utf8)) }
    }

    /// The instruments, or nil with a note: the answers are exported without their questionnaire's items then.
    func libraryOrNote(_ notes: inout [String]) -> InstrumentLibrary? {
        do { return try folders.library() } catch {
            notes.append(
                "The questionnaires' definitions were not found (\(error)); answers are exported without their items' wording."
            )
            return nil
        }
    }
}
