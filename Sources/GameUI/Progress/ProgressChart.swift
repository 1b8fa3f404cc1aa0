// The patient's progress chart: three small line charts over their sessions, today marked, drawn headless with SDL.
import CSDL2
import Foundation
import Localization
import SessionRuntime
import StudyKit
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Draws a `ProgressSeries` as a 960 × 600 picture: median absolute deviation, front-back reversal rate
/// and median time per session, side by side, sessions played today in a highlight colour, and the
/// one-line comparison with the first sessions underneath. At most `maxPoints` sessions are drawn.
package struct ProgressChart {
    static let width: Int32 = 960
    static let height: Int32 = 600
    static let maxPoints = 30

    let series: ProgressSeries
    let today: Date
    /// The patient's diary as it stands (events and therapies), marked on every panel.
    var diary: [DiaryRow] = []
    /// The chart's own labels grow with the window's large text (`Theme.textScale`); the picture keeps its size and
    /// the panels make room for them. progress.png is saved at 1.
    var textScale = 1.0

    private static let background = SDL_Color(r: 24, g: 34, b: 30, a: 255)
    private static let panel = SDL_Color(r: 38, g: 52, b: 46, a: 255)
    private static let grid = SDL_Color(r: 70, g: 90, b: 80, a: 255)
    private static let line = SDL_Color(r: 140, g: 210, b: 160, a: 255)
    private static let todayColor = SDL_Color(r: 255, g: 200, b: 60, a: 255)
    private static let white = SDL_Color(r: 240, g: 240, b: 235, a: 255)
    static let eventColor = SDL_Color(r: 120, g: 190, b: 255, a: 255)
    static let therapyColor = SDL_Color(r: 52, g: 60, b: 96, a: 255)

    /// Draws the chart on a new surface.
    func makeSurface() throws -> SDLSurface {
        let surface = try SDLSurface(width: Self.width, height: Self.height)
        // Tick labels and panel titles at 24 px in white: the chart is shown scaled to about two thirds (the
        // 17 px grey labels came out near 9 px, grey on dark green); the sentences under the panels stay smaller.
        let fonts = try PictureFonts(largePixels: scaled(28), smallPixels: scaled(24))
        let sentences = try PictureFonts(largePixels: scaled(26), smallPixels: scaled(20))
        surface.fill(x: 0, y: 0, w: Self.width, h: Self.height, Self.background)
        if let title = fonts.render(
            Translation.ngettext(
                "Your progress — {participant} ({count} session)", "Your progress — {participant} ({count} sessions)",
                series.points.count, ["participant": series.participant]),
            font: fonts.large, color: Self.white)
        {
            surface.blit(title, x: 24, y: 16)
        }
        let points = series.thinned(to: Self.maxPoints)
        let marks = DiaryMarks(entries: diary, sessionDates: points.map(\.startedAt))
        let language = Translation.language
        // A patient's words (issue 38): each session's median, named as the patient reads it.
        let panels: [(String, (ProgressSeries.Point) -> Double, (Double) -> String, ClosedRange<Double>)] = [
            (
                Translation.gettext("How far off (°)"), { $0.medianAbsDeviationDeg },
                { String(format: "%.0f°", $0) }, 10...180
            ),
            (
                Translation.gettext("Front/back mix-ups"), { $0.reversalRate * 100 },
                { String(format: "%.0f %%", $0) }, 10...100
            ),
            (
                Translation.gettext("Time to find (s)"), { $0.medianTimeSeconds },
                { language.number(String(format: "%.1f", $0)) + " s" }, 1...Double.infinity
            ),
        ]
        for (index, panel) in panels.enumerated() {
            drawPanel(
                on: surface, fonts: fonts, narrow: sentences, x: 24 + Int32(index) * 312, title: panel.0,
                points: points,
                value: panel.1, format: panel.2, topRange: panel.3, marks: marks)
        }
        let comparison =
            Self.comparison(series)
            ?? Translation.gettext("Your first session: play again on your next training day to see a trend.")
        // One line, or two when a longer language needs them (the picture keeps its size).
        let comparisonLines = Self.wrap(comparison, width: Self.width - 48) {
            sentences.render($0, font: sentences.small, color: Self.white)?.width ?? 0
        }
        var y: Int32 = Self.panelTop + panelHeight + (comparisonLines.count > 1 ? 8 : 20)
        for text in comparisonLines {
            guard let line = sentences.render(text, font: sentences.small, color: Self.white) else { continue }
            surface.blit(line, x: 24, y: y)
            y += line.height + (comparisonLines.count > 1 ? 2 : 6)
        }
        let legend =
            points.count < series.points.count
            ? Translation.gettext(
                "● today   (showing {shown} of {count} sessions: first, last and evenly between)",
                ["shown": String(points.count), "count": String(series.points.count)])
            : Translation.gettext("● today")
        if let line = sentences.render(legend, font: sentences.small, color: Self.todayColor) {
            surface.blit(line, x: 24, y: y)
            if let diaryLine = Self.diaryLegend(marks),
                let rendered = sentences.render(diaryLine, font: sentences.small, color: Self.eventColor)
            {
                surface.blit(rendered, x: 24 + line.width + 24, y: y)
            }
        }
        return surface
    }

    /// Where the panels are: below the title, above the sentences (which the large text's need more room for).
    private static let panelTop: Int32 = 70
    private var panelHeight: Int32 { 430 - Int32((textScale - 1) * 150) }

    private func scaled(_ pixels: Int32) -> Int32 { Int32((Double(pixels) * textScale).rounded()) }

    /// Renders the chart and writes it as PNG to `url` (a new file renamed over the old one).
    func save(to url: URL) throws {
        let bytes = try makeSurface().pngBytes(for: url.path)
        // The one atomic write: owner-only like every file of the participant (docs/LOG-FORMAT.md, "Permissions").
        do { try AtomicFile.replace(url, with: Data(bytes)) } catch let error as AtomicFileError {
            throw ResultPictureError.pngNotWritten(path: url.path, message: error.description)
        }
    }

    /// `text` broken at spaces into lines no wider than `width` as `measure` measures them.
    static func wrap(_ text: String, width: Int32, measure: (String) -> Int32) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, measure(candidate) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The top of a panel's axis: 10 % above the largest value, kept within `range` — its lower bound keeps a
    /// row of zeros (no reversals yet, instant photos) from labelling every grid line "0", its upper bound keeps a
    /// rate at 100 % and a deviation at 180°.
    static func axisTop(of values: [Double], within range: ClosedRange<Double>) -> Double {
        min(max((values.max() ?? 0) * 1.1, range.lowerBound), range.upperBound)
    }

    /// "Diary: | 2 events, ▮ 1 therapy (Noiser at night)" — the marks' key, naming a few entries.
    static func diaryLegend(_ marks: DiaryMarks) -> String? {
        guard !marks.marks.isEmpty else { return nil }
        let events = marks.marks.filter { $0.kind == .event }
        let therapies = marks.marks.filter { $0.kind == .therapy }
        var parts: [String] = []
        if !events.isEmpty { parts.append(Translation.ngettext("| {count} event", "| {count} events", events.count)) }
        if !therapies.isEmpty {
            parts.append(
                Translation.ngettext(
                    "▮ {count} therapy ({names})", "▮ {count} therapies ({names})", therapies.count,
                    [
                        "names": therapies.prefix(2).map(\.name).joined(separator: ", ")
                            + (therapies.count > 2 ? ", …" : "")
                    ]))
        }
        return Translation.gettext("Diary: {marks}", ["marks": parts.joined(separator: ", ")])
    }

    /// "First 3: 18.5° off, latest 3: 4.6° off (medians) — 75 % closer. Well done!" (nil with one session), in the
    /// run's language (`ProgressSeries.compared`'s numbers): under the chart, and `simulate`'s line.
    package static func comparison(_ series: ProgressSeries) -> String? {
        guard let (count, first, latest, change) = series.compared else { return nil }
        let language = Translation.language
        let verdict =
            change >= 5
            ? Translation.gettext("{change} % closer. Well done!", ["change": String(format: "%.0f", change)])
            : change <= -5
                ? Translation.gettext("a bit further off; that happens, keep going.")
                : Translation.gettext("about the same; keep practising.")
        return Translation.ngettext(
            "First session: {first}° off, latest session: {latest}° off (medians) — {verdict}",
            "First {count}: {first}° off, latest {count}: {latest}° off (medians) — {verdict}", count,
            [
                "first": language.number(String(format: "%.1f", first)),
                "latest": language.number(String(format: "%.1f", latest)), "verdict": verdict,
            ])
    }

    private func isToday(_ date: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar.isDate(date, inSameDayAs: today)
    }

    private func drawPanel(
        on surface: SDLSurface, fonts: PictureFonts, narrow: PictureFonts, x: Int32, title: String,
        points: [ProgressSeries.Point],
        value: (ProgressSeries.Point) -> Double, format: (Double) -> String, topRange: ClosedRange<Double>,
        marks: DiaryMarks
    ) {
        let top = Self.panelTop
        let w: Int32 = 296
        let h = panelHeight
        surface.fill(x: x, y: top, w: w, h: h, Self.panel)
        // The panel's title in the smaller sentence font when a longer language's does not fit the panel.
        var titleHeight: Int32 = 0
        if var label = fonts.render(title, font: fonts.small, color: Self.white) {
            if label.width > w - 16, let smaller = narrow.render(title, font: narrow.small, color: Self.white) {
                label = smaller
            }
            // Large text in a longer language ("Vorn/hinten vertauscht"): smaller still, never into the next panel.
            if label.width > w - 16, let fallback = try? PictureFonts(largePixels: 20, smallPixels: 18),
                let smallest = fallback.render(title, font: fallback.small, color: Self.white)
            {
                label = smallest
            }
            surface.blit(label, x: x + 8, y: top + 8)
            titleHeight = label.height
        }
        let values = points.map(value).filter(\.isFinite)
        let highest = Self.axisTop(of: values, within: topRange)
        // The grid's labels first: the plot starts right of the widest (large text makes them wider).
        let levels = (0...2).map { highest * Double($0) / 2 }
        let tickLabels = levels.map { fonts.render(format($0), font: fonts.small, color: Self.white) }
        let widestTick = tickLabels.compactMap { $0?.width }.max() ?? 0
        let sessionLabelHeight = fonts.render("#0", font: fonts.small, color: Self.white)?.height ?? 0
        let plotLeft = x + max(74, widestTick + 14)
        let plotRight = x + w - 16
        let plotTop = top + max(44, titleHeight + 16)
        let plotBottom = top + h - max(40, sessionLabelHeight + 12)
        // Therapy periods as bands behind everything, events as thin lines (the diary, on the same session axis).
        let axisLeft = plotLeft + 8
        let axisWidth = Double(plotRight - plotLeft - 16)
        for mark in marks.marks where mark.kind == .therapy {
            let from = axisLeft + Int32(mark.start * axisWidth)
            let to = axisLeft + Int32(mark.end * axisWidth)
            surface.fill(x: from, y: plotTop, w: max(3, to - from), h: plotBottom - plotTop, Self.therapyColor)
        }
        for mark in marks.marks where mark.kind == .event {
            surface.fill(
                x: axisLeft + Int32(mark.start * axisWidth) - 1, y: plotTop, w: 3, h: plotBottom - plotTop,
                Self.eventColor)
        }
        guard !values.isEmpty else { return }
        // Three grid lines with their values; the axis starts at 0 so a fall looks as large as it is.
        for step in 0...2 {
            let y = plotBottom - Int32(Double(plotBottom - plotTop) * Double(step) / 2)
            surface.fill(x: plotLeft, y: y, w: plotRight - plotLeft, h: 1, Self.grid)
            if let label = tickLabels[step] {
                surface.blit(label, x: plotLeft - label.width - 6, y: y - label.height / 2)
            }
        }
        func position(_ index: Int, _ value: Double) -> (Int32, Int32) {
            let fraction = points.count == 1 ? 0.5 : Double(index) / Double(points.count - 1)
            let px = plotLeft + 8 + Int32(fraction * Double(plotRight - plotLeft - 16))
            let py = plotBottom - Int32(value / highest * Double(plotBottom - plotTop))
            return (px, py)
        }
        var previous: (Int32, Int32)?
        for (index, point) in points.enumerated() {
            let v = value(point)
            guard v.isFinite else {
                previous = nil
                continue
            }
            let here = position(index, v)
            if let previous { drawLine(on: surface, from: previous, to: here) }
            previous = here
        }
        for (index, point) in points.enumerated() where value(point).isFinite {
            let (px, py) = position(index, value(point))
            let today = isToday(point.startedAt)
            surface.fillCircle(cx: px, cy: py, radius: today ? 7 : 4, today ? Self.todayColor : Self.line)
        }
        // Session numbers under the first and the last point.
        for index in Set([0, points.count - 1]) {
            let (px, _) = position(index, 0)
            if let label = fonts.render("#\(points[index].sessionIndex)", font: fonts.small, color: Self.white) {
                surface.blit(label, x: px - label.width / 2, y: plotBottom + 8)
            }
        }
    }

    /// A 3-pixel line from `a` to `b` (small squares along it: SDL surfaces have no line primitive).
    private func drawLine(on surface: SDLSurface, from a: (Int32, Int32), to b: (Int32, Int32)) {
        let steps = max(abs(b.0 - a.0), abs(b.1 - a.1), 1)
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = a.0 + Int32((Double(b.0 - a.0) * t).rounded())
            let y = a.1 + Int32((Double(b.1 - a.1) * t).rounded())
            surface.fill(x: x - 1, y: y - 1, w: 3, h: 3, Self.line)
        }
    }
}
