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
}

/// Every rated session found under the inputs (folders are searched for ratings.csv and trials.csv).
public struct RatingsData: Sendable {
    public let sessions: [RatedSession]
    /// Answers to reminder prompts (not part of the before/after analyses), counted for the summary.
    public let promptAnswers: Int
    public let skippedAnswers: Int
    public let files: [String]

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

    public static func load(paths: [String], filters: [RowFilter] = []) throws -> RatingsData {
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
        let reader = CSVReader.forAnalysis(
            columns: Array(RatingRow.columns.prefix(6)) + ["codebook_version"], optionalColumns: ["codebook_version"],
            skipInvalid: false)
        reader.showProgress = false
        for file in ratingsFiles {
            try reader.readNotingCutOff(path: file) { record in
                for (column, group) in Dictionary(grouping: filters, by: \.column) {
                    guard RowFilter.keeps(record.string(filterColumns.firstIndex(of: column) ?? 0), group) else {
                        return
                    }
                }
                // Another codebook's items and scales mean other things: they are never pooled with this one's.
                let versions = RatingItem.poolableCodebookVersions
                if record.has(6), !(Int(record.string(6)).map(versions.contains) ?? false) {
                    throw record.invalid(
                        6,
                        "codebook_version '\(record.string(6))' is not \(versions.lowerBound) to \(versions.upperBound), the versions this analyzer knows (docs/RATINGS-CODEBOOK.md)"
                    )
                }
                let item = record.string(4)
                guard let known = RatingItem.named(item) else {
                    throw record.invalid(
                        4,
                        "'\(item)' is not an item of the codebook (\(RatingItem.all.map(\.id).joined(separator: ", ")))"
                    )
                }
                let moment = record.string(3)
                if moment == "prompt" {
                    prompts += 1
                    return
                }
                guard moment == "before" || moment == "after" else {
                    throw record.invalid(3, "'\(moment)' is not before, after or prompt")
                }
                let valueText = record.string(5)
                if valueText.isEmpty {
                    skipped += 1
                    return
                }
                guard let value = Double(valueText), value.isFinite else {
                    throw record.invalid(5, "'\(valueText)' is not a number")
                }
                guard known.accepts(value) else {
                    throw record.invalid(
                        5,
                        "'\(valueText)' is not a value of '\(item)' (\(known.validRange.lowerBound) to \(known.validRange.upperBound)\(known.validRange.upperBound > 1 ? ", whole numbers" : ""))"
                    )
                }
                guard let index = Int(record.string(2)) else {
                    throw record.invalid(2, "'\(record.string(2))' is not a session number")
                }
                let participant = record.string(0)
                let sessionID = record.string(1)
                let key = participant + "\u{1}" + sessionID
                var session =
                    sessions[key] ?? RatedSession(participant: participant, sessionID: sessionID, sessionIndex: index)
                if (moment == "before" ? session.before[item] : session.after[item]) != nil {
                    throw record.invalid(4, "'\(item)' is answered twice \(moment) session \(sessionID)")
                }
                if moment == "before" { session.before[item] = value } else { session.after[item] = value }
                sessions[key] = session
            }
        }
        try addPerformance(from: trialsFiles, to: &sessions)
        let ordered = sessions.values.sorted {
            ($0.participant, $0.sessionIndex, $0.sessionID) < ($1.participant, $1.sessionIndex, $1.sessionID)
        }
        return RatingsData(
            sessions: ordered, promptAnswers: prompts, skippedAnswers: skipped, files: ratingsFiles + trialsFiles)
    }

    /// The mean absolute deviation of each rated session's photos.
    private static func addPerformance(from files: [String], to sessions: inout [String: RatedSession]) throws {
        var sums: [String: (Double, Int)] = [:]
        let reader = CSVReader.forAnalysis(
            columns: ["participant", "session_id", "abs_deviation_deg"], skipInvalid: false)
        reader.showProgress = false
        for file in files {
            try reader.readNotingCutOff(path: file) { record in
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
    }
}
