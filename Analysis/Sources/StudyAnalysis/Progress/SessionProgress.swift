// Per-session progress from trials.csv logs: medians, reversal rate, staircase threshold, per participant.
import Foundation
import StudyRecords
import TidyFormats

/// One participant's session, summarised from its trials.csv rows (`session_index` groups them).
public struct SessionProgressRow: Sendable, Equatable {
    public let participant: String
    public let sessionIndex: Int
    public let photos: Int
    public let medianAbsDeviationDeg: Double
    public let medianTimeSeconds: Double
    /// Front-back reversals per photo (nil when the logs have no front_back_reversal column).
    public let reversalRate: Double?
    /// Mean of the session's last `thresholdReversals` staircase reversal values (nil without reversals).
    public let staircaseThreshold: Double?
    /// The training plan named in the rows (empty outside a plan).
    public let plan: String
}

public enum SessionProgress {
    /// Columns read by name: the session's rows are summarised by StudyRecords' `SessionSummary`, as the game's
    /// progress chart summarises them.
    static let required = ["participant", "session_index", "abs_deviation_deg", "time_s"]
    static let optional = ["front_back_reversal", "difficulty_value", "staircase_reversal", "plan", "skipped"]

    /// Reads every row of `files` that `filters` keep (the report's `--filter`) and summarises each
    /// (participant, session_index).
    public static func read(
        files: [String], thresholdReversals: Int = 6, skipInvalid: Bool = false, filters: [RowFilter] = []
    ) throws -> [SessionProgressRow] {
        var sessions: [String: [Int: SessionSummary.Accumulator]] = [:]
        var columns = required + optional
        var optionalColumns = Set(optional)
        let filtered = RowFilterColumns(filters, appendingTo: &columns)
        let domains = TrialColumnCheck(columns: &columns, optional: &optionalColumns)
        let reader = CSVReader.forAnalysis(columns: columns, optionalColumns: optionalColumns, skipInvalid: skipInvalid)
        reader.showProgress = false
        for file in files {
            try reader.read(path: file) { record in
                try domains.check(record)
                guard filtered.keeps(record) else { return }
                let participant = record.string(0)
                guard let index = Int(record.string(1)) else { throw record.invalid(1, "a whole session_index") }
                // The same rule as describe: finite, within ±1e100, and inside the column's range (in any CSV).
                let deviation = try domains.value(record, 2).approximate
                try domains.checkValue(deviation, record, 2)
                let time = try domains.value(record, 3).approximate
                try domains.checkValue(time, record, 3)
                var session = sessions[participant, default: [:]][index, default: SessionSummary.Accumulator()]
                var reversal: Bool?
                if record.has(4), !record.string(4).isEmpty {
                    switch record.string(4) {
                    case "TRUE", "true": reversal = true
                    case "FALSE", "false": reversal = false
                    default: throw record.invalid(4, "'\(record.string(4))' is not TRUE or FALSE")
                    }
                }
                let staircase =
                    record.has(5) && record.has(6) && record.string(6).lowercased() == "true"
                    ? Double(record.string(5)) : nil
                session.add(
                    absDeviationDeg: deviation, timeSeconds: time, reversal: reversal,
                    staircaseReversalValue: staircase, plan: record.has(7) ? record.string(7) : "",
                    skipped: SkippedTargets.isSkipped(record, 8))
                sessions[participant, default: [:]][index] = session
            }
        }
        return StudyData.sortLevels(Array(sessions.keys)).flatMap { participant in
            (sessions[participant] ?? [:]).sorted { $0.key < $1.key }.map { index, session in
                let summary = session.summary(thresholdReversals: thresholdReversals)
                return SessionProgressRow(
                    participant: participant, sessionIndex: index, photos: summary.photos,
                    medianAbsDeviationDeg: summary.medianAbsDeviationDeg,
                    medianTimeSeconds: summary.medianTimeSeconds, reversalRate: summary.reversalRate,
                    staircaseThreshold: summary.staircaseThreshold, plan: summary.plan)
            }
        }
    }
}
