// The `soundsafari` command line: one subcommand per file in Commands/ (parse, assemble, run).
import ArgumentParser
import BuildInfo
import Foundation
import Localization
import StudyKit

/// The root command. The `soundsafari` executable runs it; the window tests' `soundsafari-autopilot`
/// parses the same commands and adds its test hooks, so the shipped surface has none.
public struct SoundSafari: ParsableCommand {
    public init() {}

    /// Runs the command line with `--name=` read as an empty value (`EmptyOptionValue`).
    public static func main() {
        do {
            var command = try parseAsRoot(EmptyOptionValue.separated(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            fail(error)
        }
    }

    /// Ends the run for `error` as ArgumentParser does, except that a command's failure after it chose a language
    /// other than English is one line in that language ("Fehler: …"): the patient who ran `train` or `rate` reads
    /// it. Usage errors (before any language is chosen) and English runs keep ArgumentParser's own words.
    public static func fail(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        guard Translation.language != .english, code != .success, !(error is ExitCode), !(error is ValidationError)
        else { exit(withError: error) }
        FileHandle.standardError.write(
            Data(
                (Translation.gettext(
                    "Error: {message}", ["message": ErrorWording.sentence(for: error) ?? message(for: error)]) + "\n")
                    .utf8))
        Foundation.exit(code.rawValue)
    }

    public static let configuration = CommandConfiguration(
        commandName: "soundsafari",
        abstract: "A spatial-audio localization game and study tool.",
        // The same string every session.json records as `app_version`.
        version: BuildInfo.version,
        subcommands: [
            PlayCommand.self, StudyCommand.self, TrainCommand.self, PlanCommand.self,
            SimulateCommand.self,
            RenderCommand.self, DevicesCommand.self, MakeSoundsCommand.self, HRTFCommand.self,
            StatusCommand.self, RemindersCommand.self, RateCommand.self, SyncCommand.self,
            TrackerCommand.self,
            ProfileCommand.self, HearingTestCommand.self, PitchMatchCommand.self, QuestionnaireCommand.self,
            InstallLauncherCommand.self, DiaryCommand.self, ExportCommand.self, SoundsCommand.self,
        ])
}
