// The ratings analysis: before/after change per session, trend over sessions, loudness vs localization.
import Foundation
import StudyRecords

/// A paired before/after comparison over sessions: after − before, Student's paired t-test and d_z.
public struct RatingChange: Sendable {
    public let item: String
    /// A participant ID, or "overall" (then one mean change per participant is one pair).
    public let scope: String
    public let pairs: Int
    public let meanBefore: Double, meanAfter: Double, meanChange: Double
    /// nil (with `note`) when the test is undefined: fewer than 2 pairs or identical changes.
    public let test: TTestResult?
    public let note: String?
}

/// The linear trend of the before-ratings over session_index (per participant: lm(value ~ session_index);
/// overall: lm(value ~ session_index + participant), the within-participant slope).
public struct RatingTrend: Sendable {
    public let item: String
    public let scope: String
    public let sessions: Int
    public let slopePerSession: Double?, standardError: Double?, t: Double?, df: Double?, p: Double?
    public let note: String?
}

/// The before-loudness against the session's mean absolute deviation: per participant Pearson's r (cor.test over
/// their sessions); overall the repeated-measures correlation (rmcorr, Bakdash & Marusich 2017), which uses each
/// participant's sessions around their own means instead of pooling all sessions as if independent.
public struct LoudnessPerformance: Sendable {
    public let scope: String
    /// "pearson" or "rmcorr".
    public let method: String
    public let sessions: Int
    public let r: Double?, t: Double?, df: Double?, p: Double?
    public let note: String?
}

public struct RatingsResult: Sendable {
    public let changes: [RatingChange]
    public let trends: [RatingTrend]
    public let correlations: [LoudnessPerformance]
    public let data: RatingsData
    /// The before-loudness against the sound level around the patient while they rated it (issue 45), per unit
    /// (dBFS and dB(A) are different quantities): `scope` names the unit too. Empty when no session has a level.
    public var ambientCorrelations: [LoudnessPerformance] = []
}

public enum RatingsAnalysis {
    public static let overall = "overall"

    public static func run(_ data: RatingsData) -> RatingsResult {
        var changes: [RatingChange] = []
        var trends: [RatingTrend] = []
        for item in data.items {
            var participantMeans: [(before: Double, after: Double)] = []
            for participant in data.participants {
                let sessions = data.sessions.filter { $0.participant == participant }
                let pairs = sessions.compactMap { s in s.before[item].flatMap { b in s.after[item].map { (b, $0) } } }
                // A participant who never answered the item before and after has no row (not a row of NA).
                if !pairs.isEmpty { changes.append(change(item: item, scope: participant, pairs: pairs)) }
                if !pairs.isEmpty {
                    participantMeans.append((mean(pairs.map(\.0)), mean(pairs.map(\.1))))
                }
                let points = sessions.compactMap { s in s.before[item].map { (Double(s.sessionIndex), $0, participant) }
                }
                if !points.isEmpty { trends.append(trend(item: item, scope: participant, points: points)) }
            }
            if !participantMeans.isEmpty { changes.append(change(item: item, scope: overall, pairs: participantMeans)) }
            let allPoints = data.sessions.compactMap { s in
                s.before[item].map { (Double(s.sessionIndex), $0, s.participant) }
            }
            trends.append(trend(item: item, scope: overall, points: allPoints))
        }
        var correlations: [LoudnessPerformance] = []
        func pairs(_ sessions: [RatedSession]) -> [(Double, Double)] {
            sessions.compactMap { s in
                s.before["tinnitus_loudness"].flatMap { l in s.meanAbsDeviationDeg.map { (l, $0) } }
            }
        }
        for participant in data.participants {
            correlations.append(
                correlation(scope: participant, pairs(data.sessions.filter { $0.participant == participant })))
        }
        correlations.append(
            repeatedMeasuresCorrelation(
                scope: overall,
                data.sessions.compactMap { s in
                    s.before["tinnitus_loudness"].flatMap { l in s.meanAbsDeviationDeg.map { (l, $0, s.participant) } }
                }))
        var result = RatingsResult(changes: changes, trends: trends, correlations: correlations, data: data)
        result.ambientCorrelations = ambientCorrelations(data)
        return result
    }

    /// Tinnitus loudness (before) against the ambient level of its sitting: per participant Pearson's r, overall
    /// rmcorr, each over the sessions whose level is in one unit.
    static func ambientCorrelations(_ data: RatingsData) -> [LoudnessPerformance] {
        let needs = "needs 3 sessions with a before-loudness and its ambient level"
        let constant = "loudness or ambient level is the same in every session: r is undefined"
        var result: [LoudnessPerformance] = []
        for unit in AmbientLevel.Unit.allCases {
            let points = data.sessions.compactMap { s -> (x: Double, y: Double, group: String)? in
                guard let level = s.ambientLevelBefore, level.unit == unit, let loudness = s.before["tinnitus_loudness"]
                else { return nil }
                return (loudness, level.decibels, s.participant)
            }
            guard !points.isEmpty else { continue }
            for participant in data.participants {
                let pairs = points.filter { $0.group == participant }.map { ($0.x, $0.y) }
                if !pairs.isEmpty {
                    result.append(
                        correlation(
                            scope: "\(participant) (\(unit.rawValue))", pairs, needs: needs, constant: constant))
                }
            }
            result.append(
                repeatedMeasuresCorrelation(
                    scope: "\(overall) (\(unit.rawValue))", points,
                    needs: "needs more sessions than participants + 1 with a before-loudness and its ambient level",
                    constant: "loudness or ambient level does not vary within any participant: r is undefined"))
        }
        return result
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    static func change(item: String, scope: String, pairs: [(Double, Double)]) -> RatingChange {
        let before = pairs.isEmpty ? .nan : mean(pairs.map(\.0))
        let after = pairs.isEmpty ? .nan : mean(pairs.map(\.1))
        let differences = GroupAccumulator(pairs.map { $0.1 - $0.0 }, keepValues: false)
        var test: TTestResult?
        var note: String?
        if pairs.count < 2 {
            note = "needs 2 sessions answered before and after (has \(pairs.count))"
        } else {
            do { test = try TTest.oneSample(differences, mu: 0, kind: .paired) } catch let error as AnalysisError {
                note = error.message
            } catch { note = "\(error)" }
        }
        return RatingChange(
            item: item, scope: scope, pairs: pairs.count, meanBefore: before, meanAfter: after,
            meanChange: pairs.isEmpty ? .nan : after - before, test: test, note: note)
    }

    /// OLS slope of value on session index after removing each participant's mean (for one participant this
    /// is simple regression): the same estimate and standard error as lm with participant as a factor.
    static func trend(item: String, scope: String, points: [(x: Double, y: Double, group: String)]) -> RatingTrend {
        let groups = Dictionary(grouping: points, by: \.group)
        let df = Double(points.count - groups.count - 1)
        var sxx = 0.0
        var sxy = 0.0
        var centred: [(Double, Double)] = []
        // In the participants' order: a Dictionary's order changes from run to run, and so did the sums' last digits.
        for (_, members) in groups.sorted(by: { $0.key < $1.key }) {
            let mx = mean(members.map(\.x))
            let my = mean(members.map(\.y))
            for point in members {
                centred.append((point.x - mx, point.y - my))
                sxx += (point.x - mx) * (point.x - mx)
                sxy += (point.x - mx) * (point.y - my)
            }
        }
        guard df >= 1, sxx > 0 else {
            return RatingTrend(
                item: item, scope: scope, sessions: points.count, slopePerSession: nil, standardError: nil, t: nil,
                df: nil, p: nil, note: "needs at least 3 sessions at 2 different session numbers per participant")
        }
        let slope = sxy / sxx
        let rss = centred.reduce(0) { $0 + ($1.1 - slope * $1.0) * ($1.1 - slope * $1.0) }
        let se = (rss / df / sxx).squareRoot()
        guard se > 0 else {
            return RatingTrend(
                item: item, scope: scope, sessions: points.count, slopePerSession: slope, standardError: 0, t: nil,
                df: df, p: nil, note: "the ratings lie exactly on a line: the test is undefined")
        }
        let t = slope / se
        return RatingTrend(
            item: item, scope: scope, sessions: points.count, slopePerSession: slope, standardError: se, t: t, df: df,
            p: Distributions.tTwoSided(t, df: df), note: nil)
    }

    static func correlation(
        scope: String, _ pairs: [(Double, Double)],
        needs: String = "needs 3 sessions with a before-loudness and logged photos",
        constant: String = "loudness or deviation is the same in every session: r is undefined"
    ) -> LoudnessPerformance {
        let n = Double(pairs.count)
        guard pairs.count >= 3 else {
            return LoudnessPerformance(
                scope: scope, method: "pearson", sessions: pairs.count, r: nil, t: nil, df: nil, p: nil,
                note: "\(needs) (has \(pairs.count))")
        }
        let mx = mean(pairs.map(\.0))
        let my = mean(pairs.map(\.1))
        let sxy = pairs.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = pairs.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
        let syy = pairs.reduce(0) { $0 + ($1.1 - my) * ($1.1 - my) }
        guard sxx > 0, syy > 0 else {
            return LoudnessPerformance(
                scope: scope, method: "pearson", sessions: pairs.count, r: nil, t: nil, df: nil, p: nil,
                note: constant)
        }
        let r = sxy / (sxx * syy).squareRoot()
        let df = n - 2
        let t = r * (df / max(1e-300, 1 - r * r)).squareRoot()
        return LoudnessPerformance(
            scope: scope, method: "pearson", sessions: pairs.count, r: r, t: t, df: df,
            p: Distributions.tTwoSided(t, df: df), note: nil)
    }

    /// rmcorr (Bakdash & Marusich 2017): the ANCOVA lm(y ~ participant + x); r = sign(slope) ·
    /// √(SS_x / (SS_x + SS_residual)) with the sums of squares within participants, df = N − k − 1, and its t test
    /// (the package's F(1, df) = t²). Checked against R (Analysis/Fixtures/rmcorr-reference.txt).
    static func repeatedMeasuresCorrelation(
        scope: String, _ points: [(x: Double, y: Double, group: String)],
        needs: String = "needs more sessions than participants + 1 with a before-loudness and logged photos",
        constant: String = "loudness or deviation does not vary within any participant: r is undefined"
    ) -> LoudnessPerformance {
        let groups = Dictionary(grouping: points, by: \.group)
        let df = Double(points.count - groups.count - 1)
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        for (_, members) in groups.sorted(by: { $0.key < $1.key }) {
            let mx = mean(members.map(\.x))
            let my = mean(members.map(\.y))
            for point in members {
                sxx += (point.x - mx) * (point.x - mx)
                sxy += (point.x - mx) * (point.y - my)
                syy += (point.y - my) * (point.y - my)
            }
        }
        guard df >= 1 else {
            return LoudnessPerformance(
                scope: scope, method: "rmcorr", sessions: points.count, r: nil, t: nil, df: nil, p: nil,
                note: needs)
        }
        guard sxx > 0, syy > 0 else {
            return LoudnessPerformance(
                scope: scope, method: "rmcorr", sessions: points.count, r: nil, t: nil, df: df, p: nil,
                note: constant)
        }
        let r = sxy / (sxx * syy).squareRoot()
        let t = r * (df / max(1e-300, 1 - r * r)).squareRoot()
        return LoudnessPerformance(
            scope: scope, method: "rmcorr", sessions: points.count, r: r, t: t, df: df,
            p: Distributions.tTwoSided(t, df: df), note: nil)
    }
}
