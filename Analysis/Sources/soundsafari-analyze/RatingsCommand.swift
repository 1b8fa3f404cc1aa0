// `ratings`: the tinnitus questionnaire before/after sessions, its trend, and loudness vs localization.
import ArgumentParser
import StudyAnalysis

struct RatingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratings",
        abstract: "Before/after change (paired t, d_z), trend over sessions and loudness–localization correlation.",
        discussion:
            "Reads every ratings.csv (and trials.csv, for the localization per session) below the given StudyLogs folders."
    )
    @Argument(help: "StudyLogs folders or ratings.csv files.") var inputs: [String] = []
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        try runReporting {
            let result = RatingsAnalysis.run(try RatingsData.load(paths: inputs)).rendered()
            print(format == .json ? Analyses.render([result], json: true) : result.text)
        }
    }
}
