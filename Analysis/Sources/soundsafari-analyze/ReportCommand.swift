// `report`: the study report (HTML, Markdown, CSV tables, SVG figures) for a folder of session logs.
import ArgumentParser
import StudyAnalysis

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Write an HTML + Markdown study report with CSV tables and SVG figures.")
    @Argument(help: "StudyLogs folders or trials.csv files.") var inputs: [String] = []
    @Option(help: "Output folder (created if needed).") var out: String
    @Option(help: "The column whose levels are compared (figure 6.1, tables 6.1/6.2).") var compare = "condition"
    @Option(help: "A participants.csv column to compare groups by (e.g. tinnitus).") var groupBy: String?
    @Option(help: "participants.csv (found automatically in an input folder).") var participants: String?
    @Option(
        name: .customLong("filter"),
        help:
            "Keep only rows with COLUMN=VALUE (or drop COLUMN!=VALUE); repeatable. Logs of several protocols (a study and a training plan) are refused until one is picked, e.g. --filter protocol=thesis-study."
    ) var filters: [String] = []
    @Flag(help: "Drop malformed or non-numeric rows instead of stopping.") var skipInvalid = false
    @Flag(help: "Replace an earlier report in --out (a folder of study logs is refused even so).") var force = false
    @Flag(
        help:
            "Also write each figure as PDF and 300-dpi PNG beside its SVG (needs rsvg-convert, Debian librsvg2-bin) and the tables in APA style (tables-apa.html, tables-apa.md)."
    ) var publication = false
    @Flag(
        help:
            "Leave out the trial-level mixed models (they read every trial again): a quicker look, or make bench's like-for-like run against pandas + scipy."
    ) var noMixedModels = false

    func run() throws {
        try runReporting {
            let summary = try StudyReport.write(
                inputs: inputs, outputFolder: out, compare: compare, groupBy: groupBy, participantsFile: participants,
                skipInvalid: skipInvalid, force: force, filters: try filters.map { try RowFilter(parsing: $0) },
                publication: publication, mixedModels: !noMixedModels)
            print(summary)
        }
    }
}
