// The scores of finished administrations (questionnaires.csv) and each participant's localization trials, for the questionnaire analysis.
import Foundation
import StudyRecords
import TidyFormats

/// One finished administration with a total (an administration without a total — not scored, or too many items
/// missing — is counted but not used).
public struct AdministrationScore: Sendable, Equatable {
    public let participant: String
    public let administration: String
    public let instrument: String
    public let moment: QuestionnaireMoment
    public let sessionIndex: Int?
    public let total: Double
    public let band: String?
    public let finishedAt: Date
}

public struct QuestionnaireData: Sendable {
    public let scores: [AdministrationScore]
    /// Finished administrations of scored instruments without a total, and begun ones never finished.
    public let withoutTotal: Int, unfinished: Int
    /// Each participant's photos as (session_index, abs_deviation_deg), from trials.csv.
    public let trials: [String: [(sessionIndex: Double, absDeviationDeg: Double)]]
    /// Instruments by id from `--instrument-file` (reliability and SD for the reliable change index).
    public let instruments: [String: Instrument]
    public let files: [String]

    public var instrumentIDs: [String] { Array(Set(scores.map(\.instrument))).sorted() }

    /// Reads every questionnaires.csv and trials.csv below `paths` (folders) or the files named; `instrumentFiles`
    /// are instrument files (docs/QUESTIONNAIRES.md) read strictly.
    /// `trialFilters` (a report's `--filter`) pick the trials.csv rows that learning is read from.
    public static func load(paths: [String], instrumentFiles: [String] = [], trialFilters: [RowFilter] = []) throws
        -> QuestionnaireData
    {
        let (questionnaireFiles, trialsFiles) = try StudyData.logFiles(named: "questionnaires.csv", in: paths)
        guard !questionnaireFiles.isEmpty else {
            throw AnalysisError(
                "\(paths.joined(separator: ", ")): no questionnaires.csv found; patients answer instruments with soundsafari questionnaire take or a plan's questionnaires (simulate --plan … --answer-ratings)."
            )
        }
        var instruments: [String: Instrument] = [:]
        for file in instrumentFiles {
            let url = URL(fileURLWithPath: file)
            try RegularFile.check(url)
            let instrument = try InstrumentFile.parse(try Data(contentsOf: url), file: file)
            instruments[instrument.id] = instrument
        }
        var scores: [AdministrationScore] = []
        var withoutTotal = 0
        var unfinished = 0
        for file in questionnaireFiles {
            let url = URL(fileURLWithPath: file)
            try RegularFile.check(url)
            // The one codec of the file (StudyRecords); a cut-off last line is no row and is said on stderr.
            let log = try CSVLogFile<QuestionnaireRow>.decode(try Data(contentsOf: url), file: file)
            if let cut = log.cutOff {
                FileHandle.standardError.write(
                    Data(
                        "note: \(file):\(cut.line): the last line has no line break (a write cut off); left out.\n".utf8
                    ))
            }
            for administration in Administration.all(log.records) {
                guard let finished = administration.finished else {
                    unfinished += 1
                    continue
                }
                guard let text = finished.value else {
                    if finished.missingItems != nil { withoutTotal += 1 }
                    continue
                }
                guard let total = Double(text), total.isFinite else {
                    throw AnalysisError(
                        "\(file): administration \(administration.id): the total '\(text)' is not a number; the file was changed by hand, restore it from a backup."
                    )
                }
                scores.append(
                    AdministrationScore(
                        participant: administration.participant, administration: administration.id,
                        instrument: administration.instrument, moment: administration.moment,
                        sessionIndex: administration.sessionIndex, total: total, band: finished.band,
                        finishedAt: finished.recordedAt))
            }
        }
        let participants = Set(scores.map(\.participant))
        var trials: [String: [(sessionIndex: Double, absDeviationDeg: Double)]] = [:]
        var trialColumns = ["participant", "session_index", "abs_deviation_deg", SkippedTargets.column]
        let filtered = RowFilterColumns(trialFilters, appendingTo: &trialColumns)
        let reader = CSVReader.forAnalysis(
            columns: trialColumns, optionalColumns: [SkippedTargets.column], skipInvalid: false)
        reader.showProgress = false
        for file in trialsFiles {
            try reader.readNotingCutOff(path: file) { record in
                guard filtered.keeps(record) else { return }
                let participant = record.string(0)
                // A skipped animal has no deviation to learn from.
                guard participants.contains(participant), !SkippedTargets.isSkipped(record, 3) else { return }
                guard let index = Double(record.string(1)), index.isFinite else {
                    throw record.invalid(1, "'\(record.string(1))' is not a session number")
                }
                guard let value = Double(record.string(2)), value.isFinite else {
                    throw record.invalid(2, "'\(record.string(2))' is not a number")
                }
                trials[participant, default: []].append((index, value))
            }
        }
        return QuestionnaireData(
            scores: scores.sorted { ($0.participant, $0.finishedAt) < ($1.participant, $1.finishedAt) },
            withoutTotal: withoutTotal, unfinished: unfinished, trials: trials, instruments: instruments,
            files: questionnaireFiles + trialsFiles)
    }
}
