// The report's ratings figure: tinnitus loudness before and after each session, per participant, over sessions.
import Foundation

enum RatingsFigure {
    /// The figure when any input folder holds ratings.csv files of the report's sessions (those its filters left:
    /// `sessions` names them by participant and session_id, nil for logs without session_id, where the report's
    /// `participants` decide); none otherwise (a study without ratings, or ratings only of sessions the report
    /// leaves out, such as a participant's training sessions in a study's report). With `skipInvalid`, also the number
    /// of rows left out as ones the game could not have written.
    static func forReport(
        inputs: [String], participants: Set<String>, sessions: Set<ReportData.PairKey>?, skipInvalid: Bool
    ) throws -> (figures: [ReportFigure], skippedRows: Int)
    {
        let folders = inputs.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        guard try folders.contains(where: { try !StudyData.files(named: "ratings.csv", under: $0).isEmpty }) else {
            return ([], 0)
        }
        let all = try RatingsData.load(paths: folders, skipInvalid: skipInvalid)
        let data = RatingsData(
            sessions: all.sessions.filter { session in
                guard let sessions else { return participants.contains(session.participant) }
                return sessions.contains(ReportData.PairKey(a: session.participant, b: session.sessionID))
            }, promptAnswers: all.promptAnswers,
            skippedAnswers: all.skippedAnswers, files: all.files)
        guard
            data.sessions.contains(where: {
                $0.before["tinnitus_loudness"] != nil || $0.after["tinnitus_loudness"] != nil
            })
        else { return ([], all.skippedRows) }
        let figures: [ReportFigure] = [
            (
                "figure-ratings-loudness.svg",
                "Tinnitus loudness (0 = not audible, 1 = extremely loud) before (solid) and after (dashed) each session, per participant; skipped answers are gaps.",
                svg(data)
            )
        ]
        return (figures, all.skippedRows)
    }

    static func svg(_ data: RatingsData) -> String {
        var svg = SVGFigure(width: 640, height: 390)
        svg.text("Tinnitus loudness before and after sessions", x: 320, y: 20, size: 14, weight: "bold")
        let lastSession = Double(data.sessions.map(\.sessionIndex).max() ?? 1)
        let ax = SVGFigure.niceAxis(lastSession, minValue: 0)
        let (mapX, mapY) = svg.axes(
            x0: 70, y0: 40, w: 420, h: 300, yLow: 0, yHigh: 1, yStep: 0.2, yLabel: "loudness (0–1)",
            xLow: 0, xHigh: max(ax.high, 1), xStep: max(1, ax.step.rounded()), xLabel: "session_index")
        for (index, participant) in data.participants.enumerated() {
            let color = SVGFigure.palette[index % SVGFigure.palette.count]
            let sessions = data.sessions.filter { $0.participant == participant }
            for (moment, dash) in [("before", ""), ("after", " stroke-dasharray=\"5,4\"")] {
                var path: [String] = []
                for session in sessions {
                    guard
                        let value = moment == "before"
                            ? session.before["tinnitus_loudness"] : session.after["tinnitus_loudness"]
                    else {
                        path.append("")  // a skipped answer breaks the line
                        continue
                    }
                    let x = mapX(Double(session.sessionIndex)) + (moment == "after" ? 4 : 0)
                    let command = path.last.map { $0.isEmpty } ?? true ? "M" : "L"
                    path.append("\(command)\(SVGFigure.f(x)),\(SVGFigure.f(mapY(value)))")
                    if moment == "before" {
                        svg.circle(x, mapY(value), r: 3.5, fill: color)
                    } else {
                        svg.add(
                            "<circle cx=\"\(SVGFigure.f(x))\" cy=\"\(SVGFigure.f(mapY(value)))\" r=\"3.5\" fill=\"white\" stroke=\"\(color)\" stroke-width=\"1.5\"/>"
                        )
                    }
                }
                svg.add(
                    "<path d=\"\(path.filter { !$0.isEmpty }.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.6\"\(dash)/>"
                )
            }
            svg.circle(515, 60 + Double(index) * 18, r: 4, fill: color)
            svg.text(participant, x: 524, y: 64 + Double(index) * 18, anchor: "start", size: 11)
        }
        let legend = 60 + Double(data.participants.count) * 18 + 10
        svg.text("● before (solid)", x: 510, y: legend, anchor: "start", size: 10)
        svg.text("○ after (dashed)", x: 510, y: legend + 14, anchor: "start", size: 10)
        return svg.rendered
    }
}
