// `soundsafari-analyze`: statistics and reports on SoundSafari study logs (or any tidy CSV).
import ArgumentParser
import BuildInfo

@main
struct SoundSafariAnalyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundsafari-analyze",
        abstract: "ANOVA, t-tests, post-hoc tests, effect sizes and study reports from trials.csv logs.",
        discussion:
            "Inputs are CSV files or folders (every trials.csv below them is read). Columns are chosen by name, so any tidy CSV works.",
        version: BuildInfo.version,
        subcommands: [
            DescribeCommand.self, AnovaCommand.self, TTestCommand.self, PostHocCommand.self,
            CircularCommand.self, RateCommand.self, ReportCommand.self, LmmCommand.self, GlmmCommand.self,
            ProgressCommand.self,
            RatingsCommand.self, QuestionnairesCommand.self,
        ])
}
