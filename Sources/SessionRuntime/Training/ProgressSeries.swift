// A patient's own progress: one point per session (median deviation, reversal rate, median time), thinned for a chart.
import Foundation
import StudyKit
import StudyRecords

/// What the progress chart shows: the participant's sessions in `session_index` order, each with its
/// median absolute deviation, front-back reversal rate and median time, and a one-line comparison of the
/// latest sessions with the first ones. Pure data, read from the logs; GameUI draws it.
package struct ProgressSeries: Sendable, Equatable {
    package struct Point: Sendable, Equatable {
        package let sessionIndex: Int
        package let startedAt: Date
        package let photos: Int
        package let medianAbsDeviationDeg: Double
        /// Front-back reversals per photo, 0…1.
        package let reversalRate: Double
        package let medianTimeSeconds: Double

        package init(
            sessionIndex: Int, startedAt: Date, photos: Int, medianAbsDeviationDeg: Double, reversalRate: Double,
            medianTimeSeconds: Double
        ) {
            self.sessionIndex = sessionIndex
            self.startedAt = startedAt
            self.photos = photos
            self.medianAbsDeviationDeg = medianAbsDeviationDeg
            self.reversalRate = reversalRate
            self.medianTimeSeconds = medianTimeSeconds
        }
    }

    package let participant: String
    package let points: [Point]
    /// How many of the first and of the latest sessions the comparison averages.
    package static let comparedSessions = 3

    package init(participant: String, points: [Point]) {
        self.participant = participant
        self.points = points
    }

    /// Every session of `participant` with at least one photo, oldest first.
    package static func read(logs: URL, participant: String) throws -> ProgressSeries {
        let id = try ParticipantID(participant)
        var points: [Point] = []
        for folder in SessionFolder.existing(logs: logs, participant: id) {
            guard FileManager.default.fileExists(atPath: folder.trialsURL.path),
                let record = try? SessionRecord.read(folder.sessionJSONURL)
            else { continue }
            let rows = try TrialRow.readAll(from: folder.trialsURL)
            guard !rows.isEmpty else { continue }
            // The one per-session computation, shared with the analyzer's `progress` and the study server.
            let summary = SessionSummary.of(rows)
            points.append(
                Point(
                    sessionIndex: record.sessionIndex ?? SessionIndex.of(folder), startedAt: record.startedAt,
                    photos: summary.photos, medianAbsDeviationDeg: summary.medianAbsDeviationDeg,
                    reversalRate: summary.reversalRate ?? 0, medianTimeSeconds: summary.medianTimeSeconds))
        }
        return ProgressSeries(participant: participant, points: points.sorted { $0.sessionIndex < $1.sessionIndex })
    }

    /// At most `limit` points for the chart: the first and the last sessions always, the others evenly
    /// spaced between them (a chart of 200 sessions would be a smear).
    package func thinned(to limit: Int) -> [Point] {
        guard points.count > limit, limit >= 2 else { return points }
        let last = points.count - 1
        let picks = (0..<limit).map { Int((Double($0) * Double(last) / Double(limit - 1)).rounded()) }
        return Array(Set(picks)).sorted().map { points[$0] }
    }

    /// "First 3: 18.5° off, latest 3: 4.6° off (medians) — 75 % closer. Well done!" (nil with one session)
    package var comparison: String? {
        guard let (count, first, latest, change) = compared else { return nil }
        let sessions = count == 1 ? "session" : "\(count)"
        let verdict: String
        if change >= 5 {
            verdict = String(format: "%.0f %% closer. Well done!", change)
        } else if change <= -5 {
            verdict = "a bit further off; that happens, keep going."
        } else {
            verdict = "about the same; keep practising."
        }
        return String(
            format: "First %@: %.1f° off, latest %@: %.1f° off (medians) — %@", sessions, first, sessions, latest,
            verdict)
    }

    /// What `comparison` says, as numbers (the window words them in its language): how many sessions are compared
    /// at each end, their mean medians in degrees, and the change in per cent (positive: closer).
    package var compared: (count: Int, first: Double, latest: Double, change: Double)? {
        guard points.count >= 2 else { return nil }
        let count = min(Self.comparedSessions, points.count / 2)
        let first = points.prefix(count).map(\.medianAbsDeviationDeg).reduce(0, +) / Double(count)
        let latest = points.suffix(count).map(\.medianAbsDeviationDeg).reduce(0, +) / Double(count)
        let change = first > 0 ? (first - latest) / first * 100 : 0
        return (count, first, latest, change)
    }
}
