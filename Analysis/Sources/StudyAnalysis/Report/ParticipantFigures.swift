// One participant's figures for the study server's dashboard, drawn by the report's one SVG writer (SVGFigure).
import Foundation
import Localization
import StudyRecords
import Synchronization

/// The figures of one participant's page: the progress per session and the ratings over time are the report's line
/// figure; the audiogram and the weekly dose are drawn here because the report has no such figure. Every figure is
/// one SVG document (text escaped by SVGFigure), so the server can put it in the page as it is. Their words come from
/// `catalog`: the process's language for a command (the doctor's report), the page reader's on the server.
public enum ParticipantFigures {
    /// One value per x (a session number, a day); a figure of no finite value is nil, and the page says so.
    /// `language`: the numbers' form (tick labels), as the words' catalog's.
    public static func line(
        title: String, xLabel: String, yLabel: String, points: [(x: Double, y: Double)],
        language: Language = Translation.language
    ) -> String? {
        let shown = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard !shown.isEmpty else { return nil }
        let key = LineKey(
            title: title, xLabel: xLabel, yLabel: yLabel, language: language,
            points: shown.flatMap { [$0.x.bitPattern, $0.y.bitPattern] })
        if let svg = drawnLines.withLock({ $0[key] }) { return svg }
        let none = [Double](repeating: .nan, count: shown.count)
        let svg = SVGFigure.lineWithCI(
            title: title, xLabel: xLabel, yLabel: yLabel, xs: shown.map(\.x), means: shown.map(\.y), low: none,
            high: none, textScale: textScale, language: language)
        drawnLines.withLock { drawn in
            // Bounded (a figure is 5 to 10 kB): past the bound the memo starts again.
            if drawn.count >= 512 { drawn.removeAll() }
            drawn[key] = svg
        }
        return svg
    }

    /// A line figure is a pure function of its words and points, and the study server draws a participant's figures
    /// again for every view of their page (they were a twelfth of that page's time, `make bench`): so each figure
    /// drawn is kept by everything it is drawn from, the points by their exact bits.
    private struct LineKey: Hashable {
        var title: String
        var xLabel: String
        var yLabel: String
        var language: Language
        var points: [UInt64]
    }

    private static let drawnLines = Mutex<[LineKey: String]>([:])

    /// The sound level around the patient at each rating (issue 45), in one unit (`dBFS` or `dBA`), over days since the
    /// first rating: beside the ratings' charts, so a loud day can be read against them. Nil without a level.
    public static func ambientLevel(
        _ points: [(x: Double, y: Double)], unit: String, catalog: MessageCatalog = .process
    ) -> String? {
        line(
            title: catalog.gettext("Sound level around the patient while rating"),
            xLabel: catalog.gettext("days since the first rating"),
            yLabel: catalog.gettext("level ({unit})", ["unit": unit]), points: points,
            language: catalog.language)
    }

    /// The figures' text is this much larger than the report's: a figure 560 wide is shown about 350 wide on a phone.
    static let textScale = 1.4

    /// The four progress figures of a participant's sessions (`index`: the server's session_index): median
    /// absolute deviation, front-back reversals (% of photos), median time and the staircase threshold, each nil
    /// when no session has it.
    public static func progress(
        _ sessions: [(index: Int, summary: SessionSummary)], catalog: MessageCatalog = .process
    ) -> [(name: String, svg: String?)] {
        let x = { (index: Int) in Double(index) }
        // The x axis of the per-session figures.
        let sessionAxis = catalog.gettext("session")
        return [
            (
                catalog.gettext("Median deviation"),
                line(
                    title: catalog.gettext("Median deviation per session"), xLabel: sessionAxis,
                    yLabel: catalog.gettext("median |deviation| (°)"),
                    points: sessions.map { (x($0.index), $0.summary.medianAbsDeviationDeg) }, language: catalog.language
                )
            ),
            (
                catalog.gettext("Front-back reversals"),
                line(
                    title: catalog.gettext("Front-back reversals per session"), xLabel: sessionAxis,
                    yLabel: catalog.gettext("reversals (% of photos)"),
                    points: sessions.map { (x($0.index), ($0.summary.reversalRate ?? .nan) * 100) },
                    language: catalog.language)
            ),
            (
                catalog.gettext("Median time"),
                line(
                    title: catalog.gettext("Median time per session"), xLabel: sessionAxis,
                    yLabel: catalog.gettext("median time (s)"),
                    points: sessions.map { (x($0.index), $0.summary.medianTimeSeconds) }, language: catalog.language)
            ),
            (
                catalog.gettext("Staircase threshold"),
                line(
                    title: catalog.gettext("Staircase threshold per session"), xLabel: sessionAxis,
                    yLabel: catalog.gettext("threshold"),
                    points: sessions.map { (x($0.index), $0.summary.staircaseThreshold ?? .nan) },
                    language: catalog.language)
            ),
        ]
    }

    /// The weekly listening dose as the game logged it at each session (`weekFraction`: 1 = the safe weekly dose),
    /// as bars in % with the 100 % line; nil when no session logged a dose (uncalibrated headphones).
    public static func weeklyDose(
        _ sessions: [(index: Int, weekFraction: Double?)], catalog: MessageCatalog = .process
    ) -> String? {
        let shown = sessions.compactMap { session in session.weekFraction.map { (session.index, $0 * 100) } }
        guard !shown.isEmpty else { return nil }
        let title = catalog.gettext("Weekly listening dose at each session")
        var svg = SVGFigure(width: max(560, SVGFigure.titleWidth(title)), height: 400)
        svg.textScale = textScale
        svg.language = catalog.language
        svg.text(title, x: svg.width / 2, y: 20, size: 14, weight: "bold")
        let axis = SVGFigure.niceAxis(max(120, shown.map(\.1).max() ?? 0))
        let first = Double(shown.map(\.0).min() ?? 1)
        let last = Double(shown.map(\.0).max() ?? 1)
        let xAxis = SVGFigure.niceAxis(last + 1, minValue: first - 1, integer: true)
        let (mapX, mapY) = svg.axes(
            x0: 70, y0: 40, w: 450, h: 290, yLow: 0, yHigh: axis.high, yStep: axis.step,
            yLabel: catalog.gettext("dose of the last 7 days (%)"), xLow: xAxis.low, xHigh: xAxis.high,
            xStep: xAxis.step,
            xLabel: catalog.gettext("session"))
        let slot = 450 / max(xAxis.high - xAxis.low, 1)
        for (index, percent) in shown {
            // Past the safe dose is the alert's colour.
            let color = percent > 100 ? SVGFigure.palette[1] : SVGFigure.palette[0]
            svg.rect(mapX(Double(index)) - slot * 0.3, mapY(percent), slot * 0.6, mapY(0) - mapY(percent), fill: color)
        }
        svg.line(70, mapY(100), 520, mapY(100), color: SVGFigure.palette[1], width: 2)
        svg.text(catalog.gettext("100 % (safe weekly dose)"), x: 518, y: mapY(100) - 6, anchor: "end", size: 11)
        return svg.rendered
    }

    /// The audiogram as audiologists draw it: frequency on a log axis, hearing level increasing downwards, the right
    /// ear as red O joined by a line, the left as blue X, and the tinnitus pitch as a dashed line; nil without a
    /// level. `right` and `left` map frequency (Hz) to level; `unit` is the profile's (`dB HL`, or dB re full scale
    /// when the headphones were not calibrated: then the axis spans the levels found).
    public static func audiogram(
        right: [Double: Double], left: [Double: Double], unit: String, calibrated: Bool, tinnitusPitchHz: Double?,
        catalog: MessageCatalog = .process
    ) -> String? {
        let measured = Set(right.keys).union(left.keys).sorted()
        guard let lowest = measured.first, let highest = measured.last else { return nil }
        let title = catalog.gettext("Audiogram")
        var svg = SVGFigure(width: 560, height: 460)
        svg.textScale = textScale
        svg.language = catalog.language
        svg.text(title, x: svg.width / 2, y: 20, size: 14, weight: "bold")
        let x0 = 80.0
        let y0 = 56.0
        let w = 440.0
        let h = 320.0
        // An audiometer's range, widened when a level (or an uncalibrated dBFS threshold) lies outside it.
        let levels = Array(right.values) + Array(left.values)
        let top = calibrated ? -10 : (floor((levels.min() ?? -100) / 10) * 10)
        let bottom = calibrated ? 120 : (ceil((levels.max() ?? 0) / 10) * 10)
        let frequencies = [125.0, 250, 500, 1000, 2000, 4000, 8000, 16000].filter {
            $0 >= min(250, lowest) / 1.01 && $0 <= max(8000, highest) * 1.01
        }
        let low = log2(frequencies.first!)
        let high = log2(frequencies.last!)
        let mapX = { (f: Double) in x0 + (log2(f) - low) / (high - low) * w }
        let mapY = { (level: Double) in y0 + (level - top) / (bottom - top) * h }
        svg.line(x0, y0, x0 + w, y0)
        svg.line(x0, y0, x0, y0 + h)
        var level = top
        while level <= bottom {
            svg.line(x0, mapY(level), x0 + w, mapY(level), color: level == 0 ? "#999" : "#ddd")
            // Far enough left of the axis that the top level's label does not touch the first frequency's.
            svg.text(
                svg.language.number(RFormat.signif(level, 4)), x: x0 - 12, y: mapY(level) + 4, anchor: "end", size: 11)
            level += 10
        }
        for frequency in frequencies {
            svg.line(mapX(frequency), y0, mapX(frequency), y0 + h, color: "#ddd")
            let label = svg.language.number(
                frequency >= 1000 ? "\(RFormat.signif(frequency / 1000, 3))k" : RFormat.signif(frequency, 3))
            svg.text(label, x: mapX(frequency), y: y0 - 10, size: 11)
        }
        svg.text(catalog.gettext("frequency (Hz)"), x: x0 + w / 2, y: y0 + h + 24, size: 12)
        svg.text(unit, x: x0 - 48, y: y0 + h / 2, size: 12, rotate: -90)
        if let pitch = tinnitusPitchHz, pitch > 0 {
            let x = mapX(min(max(pitch, frequencies.first!), frequencies.last!))
            svg.add(
                "<line x1=\"\(SVGFigure.f(x))\" y1=\"\(SVGFigure.f(y0))\" x2=\"\(SVGFigure.f(x))\" y2=\"\(SVGFigure.f(y0 + h))\" stroke=\"\(SVGFigure.palette[3])\" stroke-width=\"2.5\" stroke-dasharray=\"6 4\"/>"
            )
            // On the side with room: a pitch near 8 kHz is labelled to its left.
            let right = x < x0 + w / 2
            svg.text(
                catalog.gettext("tinnitus {pitch} Hz", ["pitch": svg.language.number(RFormat.signif(pitch, 4))]),
                x: right ? x + 4 : x - 4, y: y0 + h - 8,
                anchor: right ? "start" : "end", size: 12, weight: "bold")
        }
        let red = "#c0392b"
        let blue = "#1b6ca8"
        for (isRight, thresholds) in [(true, right), (false, left)] {
            let points = thresholds.sorted { $0.key < $1.key }.map { (mapX($0.key), mapY($0.value)) }
            let color = isRight ? red : blue
            let path = points.enumerated().map { "\($0 == 0 ? "M" : "L")\(SVGFigure.f($1.0)),\(SVGFigure.f($1.1))" }
            if points.count > 1 {
                svg.add(
                    "<path d=\"\(path.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\""
                        + (isRight ? "" : " stroke-dasharray=\"5 3\"") + "/>")
            }
            for (x, y) in points {
                if isRight {
                    svg.add(
                        "<circle cx=\"\(SVGFigure.f(x))\" cy=\"\(SVGFigure.f(y))\" r=\"6\" fill=\"white\" stroke=\"\(red)\" stroke-width=\"2\"/>"
                    )
                } else {
                    svg.line(x - 5, y - 5, x + 5, y + 5, color: blue, width: 2)
                    svg.line(x - 5, y + 5, x + 5, y - 5, color: blue, width: 2)
                }
            }
        }
        // The legend, as on a clinic's form.
        let legendY = y0 + h + 48
        svg.add(
            "<circle cx=\"\(SVGFigure.f(x0 + 6))\" cy=\"\(SVGFigure.f(legendY - 4))\" r=\"6\" fill=\"white\" stroke=\"\(red)\" stroke-width=\"2\"/>"
        )
        svg.text(catalog.gettext("right ear (O)"), x: x0 + 18, y: legendY, anchor: "start", size: 12)
        svg.line(x0 + 195, legendY - 9, x0 + 205, legendY + 1, color: blue, width: 2)
        svg.line(x0 + 195, legendY + 1, x0 + 205, legendY - 9, color: blue, width: 2)
        svg.text(catalog.gettext("left ear (X)"), x: x0 + 212, y: legendY, anchor: "start", size: 12)
        return svg.rendered
    }
}
