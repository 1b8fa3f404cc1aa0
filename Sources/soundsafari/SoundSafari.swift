// The `soundsafari` command line: one subcommand per file in Commands/.
import ArgumentParser

@main
struct SoundSafari: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundsafari",
        abstract: "A spatial-audio localization game and study tool.",
        subcommands: [
            BenchCommand.self,
            PlayCommand.self, StudyCommand.self,
            SimulateCommand.self,
            RenderCommand.self, DevicesCommand.self, MakeSoundsCommand.self,
        ])
}
