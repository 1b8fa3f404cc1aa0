// `questionnaires`: scores per administration, baseline vs follow-up, reliable change and change vs localization learning.
import ArgumentParser
import StudyAnalysis

struct QuestionnairesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "questionnaires",
        abstract:
            "Instrument scores; baseline vs follow-up (paired t, Wilcoxon, d_z with CI), reliable change, change vs learning.",
        discussion: """
            Reads every questionnaires.csv (and trials.csv, for each participant's slope of abs_deviation_deg over \
            session_index) below the given StudyLogs folders. Per instrument with totals, each participant's first \
            finished baseline is compared with their last finished follow-up. The reliable change index needs the \
            instrument's reliability and SD: give its file with --instrument-file.
            """)
    @Argument(help: "StudyLogs folders or questionnaires.csv files.") var inputs: [String] = []
    @Option(
        name: .customLong("instrument-file"),
        help: "An instrument file (docs/QUESTIONNAIRES.md) declaring reliability and sd; repeatable.")
    var instrumentFiles: [String] = []
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        try runReporting {
            let data = try QuestionnaireData.load(paths: inputs, instrumentFiles: instrumentFiles)
            let result = QuestionnaireAnalysis.run(data).rendered()
            print(format == .json ? Analyses.render([result], json: true) : result.text)
        }
    }
}
