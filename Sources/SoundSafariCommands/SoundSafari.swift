// The `soundsafari` command line: one subcommand per file in Commands/ (parse, assemble, run).
import ArgumentParser
import BuildInfo

/// The root command. The `soundsafari` executable runs it; the window tests' `soundsafari-autopilot`
/// parses the same commands and adds its test hooks, so the shipped surface has none.
public struct SoundSafari: ParsableCommand {
    public init() {}

    /// Runs the command line with `--name=` read as an empty value (`EmptyOptionValue`).
    public static func main() {
        main(EmptyOptionValue.separated(Array(CommandLine.arguments.dropFirst())))
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
