// `--language de|en` of the window commands, and the one place a command makes its language the process's.
import ArgumentParser
import Foundation
import Localization
import StudyKit
import StudyRecords

struct LanguageOption: ParsableArguments {
    @Option(
        help: """
            de or en: the language of the window and the terminal, remembered for the participant (default: their \
            last choice, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else English).
            """,
        transform: LanguageOption.parse)
    var language: Language?

    static func parse(_ code: String) throws -> Language {
        guard let language = Language(rawValue: code) else {
            let codes = Language.spoken.map(\.rawValue).sorted().joined(separator: " or ")
            throw ValidationError("SoundSafari speaks \(codes).")
        }
        return language
    }

    /// Chooses the run's language (`Language.resolve`: this flag, the participant's display.json, the environment)
    /// and activates it; a flag given with a valid participant is remembered in their display.json. A language the
    /// flag or the participant asked for without a compiled catalog is an error; one the environment names is a
    /// line on stderr, and the run stays English.
    @discardableResult
    func activate(logs: URL?, participant: String?) throws -> Language {
        let id = participant.flatMap { try? ParticipantID($0) }
        let remembered = try logs.flatMap { logs in
            try id.flatMap { try DisplayPreferences.read(logs: logs, participant: $0).language }
        }
        let choice = Language.resolve(flag: language, participant: remembered)
        let active = try Self.activate(choice)
        if let language, let logs, let id { try DisplayPreferences.remember(language, logs: logs, participant: id) }
        return active
    }

    /// The environment's language, for the commands without a participant (`sync`, `reminders`).
    @discardableResult
    static func activateFromEnvironment() throws -> Language {
        try activate(Language.resolve(flag: nil, participant: nil))
    }

    private static func activate(_ choice: (language: Language, source: Language.Source)) throws -> Language {
        do {
            try Translation.activate(choice.language)
            return choice.language
        } catch let error as TranslationError {
            guard case .environment(let variable) = choice.source else { throw ValidationErrorMessage("\(error)") }
            FileHandle.standardError.write(
                Data("\(variable) asks for \(choice.language.rawValue), but: \(error)\n".utf8))
            try Translation.activate(.english)
            return .english
        }
    }
}
