// The report's fitted learning curve over session_index, drawn when participants have repeated sessions.
import Foundation

enum ReportLearningCurve {
    /// The mean of the participants' per-session median abs deviation by `session_index`, with the better
    /// of the exponential and power fits (`progress`) drawn through it. Nil unless some participant has two
    /// or more sessions (and the logs have `session_index`).
    static func figure(_ c: ReportContext) -> ReportFigure? {
        // The rows the report's --filter keeps (a participant's sessions of another protocol are not this report's).
        let people = Set(c.people)
        guard let all = try? SessionProgress.read(files: c.data.files, filters: c.data.filters),
            case let rows = all.filter({ people.contains($0.participant) }),
            Dictionary(grouping: rows, by: \.participant).values.contains(where: { $0.count >= 2 })
        else { return nil }
        let curve = ProgressReport.curves(rows, byParticipant: false).first
        let indices = Array(Set(rows.map(\.sessionIndex))).sorted()
        let means = indices.map { index -> Double in
            let values = rows.filter { $0.sessionIndex == index }.map(\.medianAbsDeviationDeg)
            return values.reduce(0, +) / Double(values.count)
        }
        var svg = SVGFigure(width: 560, height: 400)
        svg.text("Learning over sessions", x: 280, y: 20, size: 14, weight: "bold")
        let ay = SVGFigure.niceAxis(means.filter(\.isFinite).max() ?? 1)
        let xs = indices.map(Double.init)
        let ax = SVGFigure.niceAxis(xs.max() ?? 1, minValue: 0)
        let (mapX, mapY) = svg.axes(
            x0: 70, y0: 40, w: 450, h: 290, yLow: 0, yHigh: ay.high, yStep: ay.step,
            yLabel: "median abs deviation (deg)", xLow: ax.low, xHigh: ax.high, xStep: max(1, ax.step.rounded()),
            xLabel: "session_index")
        for (x, y) in zip(xs, means) where y.isFinite { svg.circle(mapX(x), mapY(y), r: 4, fill: SVGFigure.palette[0]) }
        var caption =
            "Learning curve: mean over participants of each session's median absolute deviation, by session_index"
        if let fit = curve?.fits.first, let first = xs.first, let last = xs.last {
            let steps = 100
            let path = (0...steps).map { i -> String in
                let s = first + (last - first) * Double(i) / Double(steps)
                let y = fit.asymptote + fit.gain * LearningCurve.shape(fit.model, s, fit.rate)
                return "\(i == 0 ? "M" : "L")\(SVGFigure.f(mapX(s))),\(SVGFigure.f(mapY(max(0, y))))"
            }
            svg.add(
                "<path d=\"\(path.joined(separator: " "))\" fill=\"none\" stroke=\"\(SVGFigure.palette[1])\" stroke-width=\"2\"/>"
            )
            caption +=
                "; line: the \(fit.model.rawValue) fit (asymptote \(RFormat.signif(fit.asymptote, 3))°, rate \(RFormat.signif(fit.rate, 3)) per session; soundsafari-analyze progress)."
        } else {
            caption += " (no curve fitted: fewer than 4 sessions or no decline)."
        }
        return ("learning-curve-session-index.svg", caption, svg.rendered)
    }
}
