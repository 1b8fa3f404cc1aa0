// `progress.png` in the participant's folder: the progress chart, redrawn after every session and from the menu.
import Foundation
import SessionRuntime
import StudyKit
import StudyRecords

/// Writes the participant's progress chart to `<logs>/<participant>/progress.png` (a picture derived
/// from the logs, replaced each time, never a log itself).
package enum ProgressPicture {
    package static func url(logs: URL, participant: String) -> URL {
        logs.appendingPathComponent(participant).appendingPathComponent("progress.png")
    }

    /// The participant's chart: their sessions, and their diary's events and therapies (none without a diary).
    static func chart(logs: URL, participant: String, today: Date = Date()) throws -> ProgressChart {
        let series = try ProgressSeries.read(logs: logs, participant: participant)
        let diary = try DiaryLog(logs: logs, participant: ParticipantID(participant)).rows()
        return ProgressChart(series: series, today: today, diary: DiaryState.current(diary))
    }

    /// Reads the participant's sessions and diary, draws the chart and saves it; returns the series drawn.
    @discardableResult
    package static func write(logs: URL, participant: String, today: Date = Date()) throws -> ProgressSeries {
        let chart = try chart(logs: logs, participant: participant, today: today)
        try chart.save(to: url(logs: logs, participant: participant))
        return chart.series
    }
}
