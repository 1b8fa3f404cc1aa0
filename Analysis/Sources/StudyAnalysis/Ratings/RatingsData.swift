// ratings.csv answers per session, joined with the session's localization performance from trials.csv.
import Foundation
import StudyRecords
import TidyFormats

/// One session of one participant: the ratings before and after its rounds (skipped items absent) and the
/// mean absolute deviation of its photos (nil when trials.csv has no row of it).
public struct RatedSession: Sendable, Equatable {
    public let participant: String
    public let sessionID: String
    public let sessionIndex: Int
    public var before: [String: Double] = [:]
    public var after: [String: Double] = [:]
    public var meanAbsDeviationDeg: Double?
    /// The sound level around the patient while they rated their tinnitus loudness before the rounds (issue 45); nil
    /// when not measured.
    public var ambientLevelBefore: AmbientLevel?
}

/// Every rated session found under the inputs (folders are searched for ratings.csv and trials.csv).
public struct RatingsData: Sendable {
    public let sessions: [RatedSession]
    /// Answers to reminder prompts (not part of the before/after analyses), counted for the summary.
    public let promptAnswers: Int
    public let skippedAnswers: Int
    public let files: [String]
    /// Rows the game could not have written, left out with `--skip-invalid` (trials.csv's among them), and the first.
    public var skippedRows = 0
    public var firstSkipped: String?

    /// The items in codebook order (those present in the data).
    public var items: [String] {
        let present = Set(sessions.flatMap { Array($0.before.keys) + Array($0.after.keys) })
        return Self.codebookOrder.filter(present.contains) + present.subtracting(Self.codebookOrder).sorted()
    }

    public var participants: [String] { Array(Set(sessions.map(\.participant))).sorted() }

    /// docs/RATINGS-CODEBOOK.md: the codebook's items in the order the questions are asked (the game's own list).
    static let codebookOrder = RatingItem.all.map(\.id)

    /// The ratings.csv columns `--filter` can name (the ones every row has).
    static let filterColumns = Array(RatingRow.columns.prefix(5))

    /// Reads every ratings.csv through the game's codec and StudyRecords' check of a row (`RatingRow.checked`): a row
    /// the game could not have written stops the analysis naming its file, line and column, or with `skipInvalid` is
    /// left out and counted (`skippedRows`, `firstSkipped`).
    public static func load(paths: [String], filters: [RowFilter] = [], skipInvalid: Bool = false) throws
        -> RatingsData
    {
        for filter in filters where !filterColumns.contains(filter.column) {
            let guess =
                CSVReadError.closest(to: filter.column, in: filterColumns).map { "did you mean '\($0)'? " } ?? ""
            throw AnalysisError(
                "--filter \(filter.column)=…: ratings.csv has no such column; \(guess)filter by one of "
                    + filterColumns.joined(separator: ", ") + ".")
        }
        let (ratingsFiles, trialsFiles) = try StudyData.logFiles(named: "ratings.csv", in: paths)
        guard !ratingsFiles.isEmpty else {
            throw AnalysisError(
                "\(paths.joined(separator: ", ")): no ratings.csv found; sessions ask the questionnaire when the protocol says \"ratings\": true (or simulate --answer-ratings)."
            )
        }
        var sessions: [String: RatedSession] = [:]
        var prompts = 0
        var skipped = 0
        var skippedRows = 0
        var firstSkipped: String?
        // A ratings.csv begun before issue 41 has no language column, before issue 45 no ambient level
        // (docs/LOG-FORMAT.md): their rows read as not recorded.
        let reader = CSVReader.forAnalysis(
            columns: RatingRow.columns, optionalColumns: ["language", "ambient_level_db", "ambient_level_unit"],
            skipInvalid: skipInvalid)
        reader.showProgress = false
        let filterGroups = Dictionary(grouping: filters, by: \.column)
        for file in ratingsFiles {
            // The reader hands the codec's columns in the codec's order: a table of that header reads each by name.
            let table = CSVTable(file: file, header: RatingRow.columns, records: [], cutOff: nil)
            let owner = Self.owner(of: file)
            try reader.readNotingCutOff(path: file) { record in
                let row = try RatingRow.checked(table.row(record), inFileOf: owner)
                for (column, group) in filterGroups {
                    guard RowFilter.keeps(record.string(filterColumns.firstIndex(of: column) ?? 0), group) else {
                        return
                    }
                }
                if row.moment == .prompt {
                    prompts += 1
                    return
                }
                guard let value = row.value else {
                    skipped += 1
                    return
                }
                // The codec refuses a before or after answer without its session.
                guard let sessionID = row.sessionID, let index = row.sessionIndex else { return }
                let key = row.participant + "\u{1}" + sessionID
                var session =
                    sessions[key]
                    ?? RatedSession(participant: row.participant, sessionID: sessionID, sessionIndex: index)
                let before = row.moment == .before
                if (before ? session.before[row.item] : session.after[row.item]) != nil {
                    throw record.invalid(
                        4, "'\(row.item)' is answered twice \(row.moment.rawValue) session \(sessionID)")
                }
                if before { session.before[row.item] = value } else { session.after[row.item] = value }
                if before && row.item == "tinnitus_loudness" { session.ambientLevelBefore = row.ambientLevel }
                sessions[key] = session
            }
            skippedRows = reader.skippedRows
            if firstSkipped == nil { firstSkipped = reader.firstSkipped }
        }
        let trialsSkipped = try addPerformance(from: trialsFiles, to: &sessions, skipInvalid: skipInvalid)
        skippedRows += trialsSkipped.rows
        firstSkipped = firstSkipped ?? trialsSkipped.first
        let ordered = sessions.values.sorted {
            ($0.participant, $0.sessionIndex, $0.sessionID) < ($1.participant, $1.sessionIndex, $1.sessionID)
        }
        var data = RatingsData(
            sessions: ordered, promptAnswers: prompts, skippedAnswers: skipped, files: ratingsFiles + trialsFiles)
        data.skippedRows = skippedRows
        data.firstSkipped = firstSkipped
        return data
    }

    /// The participant a ratings.csv belongs to: the name of the folder holding it (`<logs>/<participant>/ratings.csv`,
    /// docs/LOG-FORMAT.md); nil when that folder's name is no participant ID (a copy put elsewhere), or when
    /// participants.csv stands beside the file: a pooled ratings.csv of many participants, as the study server's
    /// export writes it (the game keeps participants.csv in the logs folder, never in a participant's own).
    static func owner(of file: String) -> String? {
        let folderPath = (file as NSString).deletingLastPathComponent
        if FileManager.default.fileExists(atPath: folderPath + "/participants.csv") { return nil }
        let folder = (folderPath as NSString).lastPathComponent
        return ParticipantID.problem(with: folder) == nil ? folder : nil
    }

    /// The mean absolute deviation of each rated session's photos.
    private static func addPerformance(
        from files: [String], to sessions: inout [String: RatedSession], skipInvalid: Bool
    ) throws -> (rows: Int, first: String?) {
        var sums: [String: (Double, Int)] = [:]
        var columns = ["participant", "session_id", "abs_deviation_deg"]
        var optional: Set<String> = []
        let domains = TrialColumnCheck(columns: &columns, optional: &optional)
        let reader = CSVReader.forAnalysis(columns: columns, optionalColumns: optional, skipInvalid: skipInvalid)
        reader.showProgress = false
        for file in files {
            try reader.readNotingCutOff(path: file) { record in
                try domains.check(record)
                let key = record.string(0) + "\u{1}" + record.string(1)
                guard sessions[key] != nil else { return }
                guard let value = Double(record.string(2)), value.isFinite else {
                    throw record.invalid(2, "'\(record.string(2))' is not a number")
                }
                let sum = sums[key] ?? (0, 0)
                sums[key] = (sum.0 + value, sum.1 + 1)
            }
        }
        for (key, sum) in sums { sessions[key]?.meanAbsDeviationDeg = sum.0 / Double(sum.1) }
        return (reader.skippedRows, reader.firstSkipped)
    }
}
