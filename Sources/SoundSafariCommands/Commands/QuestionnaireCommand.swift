// `soundsafari questionnaire list|check|add` (and `take`, its own file): the instruments this machine offers, checked before use.
import ArgumentParser
import Foundation
import SpatialAudio
import StudyKit
import StudyRecords

struct QuestionnaireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "questionnaire",
        abstract: "List, check, add and take questionnaires (instrument files, docs/QUESTIONNAIRES.md).",
        subcommands: [
            QuestionnaireListCommand.self, QuestionnaireCheckCommand.self, QuestionnaireAddCommand.self,
            QuestionnaireTakeCommand.self,
        ])
}

/// Where the shipped instruments are: `--questionnaires DIR`, else `Questionnaires/` beside the Sounds folder.
struct QuestionnaireFolders: ParsableArguments {
    @Option(help: "Folder of the shipped instruments (default: Questionnaires/ beside the Sounds folder).")
    var questionnaires: String?

    @Option(help: "Folder holding sounds.json, used to find Questionnaires/ (default: found as for play).")
    var sounds: String?

    func library() throws -> InstrumentLibrary { try Self.library(questionnaires: questionnaires, sounds: sounds) }

    /// The library of `--questionnaires DIR`, else of Questionnaires/ beside the Sounds folder (`simulate`, `train`).
    static func library(questionnaires: String?, sounds: String?) throws -> InstrumentLibrary {
        let shipped: URL
        if let questionnaires {
            shipped = URL(fileURLWithPath: questionnaires)
        } else {
            let soundsFolder = try SoundCatalog.locateFolder(
                explicitFolder: sounds, environment: ProcessInfo.processInfo.environment,
                currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                executable: Bundle.main.executableURL)
            shipped = soundsFolder.deletingLastPathComponent().appendingPathComponent("Questionnaires")
        }
        guard FileManager.default.fileExists(atPath: shipped.path) else {
            throw ValidationError(
                "No questionnaires folder at \(shipped.path); pass --questionnaires DIR (the Questionnaires folder of SoundSafari)."
            )
        }
        return InstrumentLibrary(shipped: shipped, added: InstrumentLibrary.addedFolder())
    }
}

struct QuestionnaireListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the instruments: id, version, language, items, scoring, where from.")

    @OptionGroup var folders: QuestionnaireFolders

    func run() throws {
        for entry in try folders.library().all() {
            let i = entry.instrument
            var notes = [entry.isShipped ? "shipped" : "added (\(entry.url.path))"]
            if i.scoring != nil { notes.append("scored") }
            if entry.needsWording { notes.append("licensed wording not added yet: questionnaire add FILE") }
            print(
                "\(i.id) v\(i.version) \(i.language): \(i.title); \(i.items.count) items; \(notes.joined(separator: "; "))"
            )
        }
    }
}

struct QuestionnaireCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check an instrument file and print what it holds (nothing is installed).")

    @Argument(help: "The instrument file (JSON).")
    var file: String

    func run() throws {
        let instrument = try InstrumentLibrary.read(URL(fileURLWithPath: file))
        let scored = instrument.scoring.map { "\($0.items.count) scored items, total \($0.total.rawValue)" }
        print(
            "\(file): \(instrument.id) v\(instrument.version) \(instrument.language), \(instrument.items.count) items, \(scored ?? "not scored"): valid."
        )
    }
}

struct QuestionnaireAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Check an instrument file and add it to this machine's instruments.",
        discussion: """
            A licensed scale (mini-tq, thi) ships with item ids and scoring only: add your licensed wording as a \
            file with the same id, item ids and scoring (copied unchanged) and your texts. Added files go to \
            $XDG_DATA_HOME/soundsafari/questionnaires (owner-only) and are never replaced: raise the version.
            """)

    @Argument(help: "The instrument file (JSON).")
    var file: String

    @OptionGroup var folders: QuestionnaireFolders

    func run() throws {
        let stored = try folders.library().add(URL(fileURLWithPath: file))
        print("Added \(file) as \(stored.path).")
    }
}
