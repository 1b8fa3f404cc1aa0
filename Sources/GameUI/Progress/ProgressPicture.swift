// `progress.png` in the participant's folder: the progress chart, redrawn after every session and from the menu.
import Foundation
import SessionRuntime

/// Writes the participant's progress chart to `<logs>/<participant>/progress.png` (a picture derived
/// from the logs, replaced each time, never a log itself).
package enum ProgressPicture {
    package static func url(logs: URL, participant: String) -> URL {
        logs.appendingPathComponent(participant).appendingPathComponent("progress.png")
    }

    /// Reads the participant's sessions, draws the chart and saves it; returns the series drawn.
    @discardableResult
    package static func write(logs: URL, participant: String, today: Date = Date()) throws -> ProgressSeries {
        let series = try ProgressSeries.read(logs: logs, participant: participant)
        try ProgressChart(series: series, today: today).save(to: url(logs: logs, participant: participant))
        return series
    }
}
