// `soundsafari diary add|list|edit|remove`: a patient's tinnitus events and therapies, kept as versions and tombstones.
import ArgumentParser
import Foundation
import StudyKit
import StudyRecords

struct DiaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary",
        abstract: "Keep a participant's diary of tinnitus events and therapies (<logs>/<participant>/diary.csv).",
        subcommands: [DiaryAddCommand.self, DiaryListCommand.self, DiaryEditCommand.self, DiaryRemoveCommand.self])
}

struct DiaryTarget: ParsableArguments {
    @Option(help: "Pseudonymous participant ID (e.g. P01); no real names.")
    var participant: String

    @Option(help: "Folder for the study logs.")
    var logs: String = "StudyLogs"

    func validate() throws {
        if let problem = ParticipantID.problem(with: participant) {
            throw ValidationError("Participant ID '\(participant)': \(problem).")
        }
        if logs.isEmpty { throw ValidationError("--logs is empty; give the logs folder (default StudyLogs).") }
    }

    func log() throws -> DiaryLog {
        DiaryLog(logs: URL(fileURLWithPath: logs), participant: try ParticipantID(participant))
    }
}

struct DiaryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an event or a therapy.",
        discussion: """
            Event types: \(DiaryRow.eventTypes.joined(separator: ", ")). \
            Therapy types: \(DiaryRow.therapyTypes.joined(separator: ", ")).
            """)

    @OptionGroup var target: DiaryTarget

    @Option(help: "event or therapy.")
    var kind: String

    @Option(help: "What it was, in a few words (one line).")
    var name: String

    @Option(help: "The day it happened or began: YYYY-MM-DD.")
    var date: String

    @Option(help: "A type from the list below.")
    var type: String

    @Option(name: .customLong("end-date"), help: "Therapies: the last day (YYYY-MM-DD); leave out while it goes on.")
    var endDate: String = ""

    @Option(help: "A note (one line, optional).")
    var note: String = ""

    func validate() throws {
        guard DiaryRow.Kind(rawValue: kind) != nil else {
            throw ValidationError("--kind '\(kind)' is not a diary kind; use event or therapy.")
        }
    }

    func run() throws {
        let log = try target.log()
        let row = try log.append { rows in
            DiaryRow(
                participant: log.participant.value, entryID: DiaryState.nextID(after: rows), version: 1, action: .add,
                kind: DiaryRow.Kind(rawValue: kind) ?? .event, name: name, type: type, date: date, endDate: endDate,
                note: note, recordedAt: Date())
        }
        print("Added \(row.entryID): \(row.date) \(row.kind.rawValue) '\(row.name)' (\(row.type)) to \(log.url.path).")
    }
}

struct DiaryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the diary as it stands, one entry per line with its id.")

    @OptionGroup var target: DiaryTarget

    func run() throws {
        let entries = DiaryState.current(try target.log().rows())
        if entries.isEmpty { print("\(target.participant) has no diary entries.") }
        for e in entries {
            let period = e.kind == .therapy ? " to \(e.endDate.isEmpty ? "now" : e.endDate)" : ""
            let note = e.note.isEmpty ? "" : " — \(e.note)"
            print("\(e.entryID)  \(e.date)\(period)  \(e.kind.rawValue)  \(e.type)  \(e.name)\(note)")
        }
    }
}

struct DiaryEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change an entry: its next version is stored whole; earlier ones stay.")

    @OptionGroup var target: DiaryTarget

    @Argument(help: "The entry's id (diary list shows it), e.g. E3.")
    var id: String

    @Option(help: "A new name.") var name: String?
    @Option(help: "A new day (YYYY-MM-DD).") var date: String?
    @Option(help: "A new type.") var type: String?
    @Option(name: .customLong("end-date"), help: "A new last day (YYYY-MM-DD) of a therapy.") var endDate: String?
    @Option(help: "A new note.") var note: String?

    func validate() throws {
        if [name, date, type, endDate, note].allSatisfy({ $0 == nil }) {
            throw ValidationError("Nothing to change: give at least one of --name, --date, --type, --end-date, --note.")
        }
    }

    func run() throws {
        let log = try target.log()
        let row = try log.append { rows in
            var next = try DiaryState.nextVersion(of: id, in: rows, action: .edit, at: Date())
            if let name { next.name = name }
            if let date { next.date = date }
            if let type { next.type = type }
            if let endDate { next.endDate = endDate }
            if let note { next.note = note }
            return next
        }
        print("Changed \(row.entryID) (version \(row.version)) in \(log.url.path).")
    }
}

struct DiaryRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an entry: a tombstone row with its time is added; nothing is deleted.")

    @OptionGroup var target: DiaryTarget

    @Argument(help: "The entry's id (diary list shows it), e.g. E3.")
    var id: String

    func run() throws {
        let log = try target.log()
        _ = try log.append { rows in try DiaryState.nextVersion(of: id, in: rows, action: .remove, at: Date()) }
        print("Removed \(id) from the diary (kept in \(log.url.path) as a removal).")
    }
}
