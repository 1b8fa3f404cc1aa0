// One session summarised from its trials.csv rows: the one computation of per-session progress.
import Foundation

/// A session's photos summarised as the progress chart, `progress` and the study server show them: medians of
/// `abs_deviation_deg` and `time_s`, the front-back reversal rate (nil when the rows do not say: files written
/// before `front_back_reversal` existed), and the staircase threshold (the mean of the last reversal values).
public struct SessionSummary: Sendable, Equatable {
    public let photos: Int
    public let medianAbsDeviationDeg: Double
    public let medianTimeSeconds: Double
    /// Front-back reversals per photo, 0…1; nil when no row logged the column.
    public let reversalRate: Double?
    /// Mean of the last `thresholdReversals` staircase reversal values; nil without reversals.
    public let staircaseThreshold: Double?
    /// The training plan named in the rows (empty outside a plan).
    public let plan: String
    /// Animals the patient skipped (`skipped` rows): not among `photos`.
    public var skipped = 0

    /// A summary as computed before (the study server keeps each session's, StudyDatabase+Summaries).
    public init(
        photos: Int, medianAbsDeviationDeg: Double, medianTimeSeconds: Double, reversalRate: Double?,
        staircaseThreshold: Double?, plan: String, skipped: Int = 0
    ) {
        self.photos = photos
        self.medianAbsDeviationDeg = medianAbsDeviationDeg
        self.medianTimeSeconds = medianTimeSeconds
        self.reversalRate = reversalRate
        self.staircaseThreshold = staircaseThreshold
        self.plan = plan
        self.skipped = skipped
    }

    /// The reversals a threshold averages by default (Levitt 1971: the last six).
    public static let defaultThresholdReversals = 6

    /// Collects one session's rows, in the order they were logged.
    public struct Accumulator: Sendable {
        var deviations: [Double] = []
        var times: [Double] = []
        var reversals = 0
        var reversalKnown = false
        var staircaseReversalValues: [Double] = []
        var plan = ""
        var skips = 0

        public init() {}

        /// One photo. `reversal` nil: the row does not say (an older file); `staircaseReversalValue`: the
        /// `difficulty_value` of a row whose `staircase_reversal` is TRUE. A `skipped` animal (no photo) is counted
        /// apart and left out of the medians and the reversal rate; the staircase moved on it, so its reversal counts.
        public mutating func add(
            absDeviationDeg: Double, timeSeconds: Double, reversal: Bool?, staircaseReversalValue: Double?,
            plan: String, skipped: Bool = false
        ) {
            if let staircaseReversalValue { staircaseReversalValues.append(staircaseReversalValue) }
            if !plan.isEmpty { self.plan = plan }
            guard !skipped else {
                skips += 1
                return
            }
            deviations.append(absDeviationDeg)
            times.append(timeSeconds)
            if let reversal {
                reversalKnown = true
                if reversal { reversals += 1 }
            }
        }

        public mutating func add(_ row: TrialRow) {
            add(
                absDeviationDeg: row.absDeviationDeg, timeSeconds: row.timeS, reversal: row.frontBackReversal,
                staircaseReversalValue: row.training.flatMap { $0.staircaseReversal ? $0.difficultyValue : nil },
                plan: row.training?.plan ?? "", skipped: row.skipped)
        }

        /// No photo yet (skipped animals are none).
        public var isEmpty: Bool { deviations.isEmpty }

        public func summary(thresholdReversals: Int = SessionSummary.defaultThresholdReversals) -> SessionSummary {
            let last = staircaseReversalValues.suffix(thresholdReversals)
            var summary = SessionSummary(
                photos: deviations.count, medianAbsDeviationDeg: SessionSummary.median(deviations),
                medianTimeSeconds: SessionSummary.median(times),
                reversalRate: reversalKnown && !deviations.isEmpty
                    ? Double(reversals) / Double(deviations.count) : nil,
                staircaseThreshold: last.isEmpty ? nil : last.reduce(0, +) / Double(last.count), plan: plan)
            summary.skipped = skips
            return summary
        }
    }

    /// The summary of a session's rows.
    public static func of(_ rows: [TrialRow], thresholdReversals: Int = defaultThresholdReversals) -> SessionSummary {
        var accumulator = Accumulator()
        for row in rows { accumulator.add(row) }
        return accumulator.summary(thresholdReversals: thresholdReversals)
    }

    /// The middle value (the mean of the two middle ones for an even count); NaN for none.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
