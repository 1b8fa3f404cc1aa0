// Minimal SVG figures for the report: bars with 95% CI, scatter, line with CI, polar plot. No dependencies.
import Foundation
import Localization
import TidyFormats

struct SVGFigure {
    let width: Double, height: Double
    /// Every text's size is multiplied by this: the dashboard's figures, scaled down to a phone's width, use larger
    /// text than the report's (1 in the report).
    var textScale = 1.0
    /// The language of the numbers a reader sees (tick labels): the report is English; a participant's figures are
    /// in their page's or the doctor's language ("2,5" in German). The SVG's own coordinates always use dots.
    var language = Language.english
    private var body: [String] = []
    static let palette = [
        "#1b6ca8", "#d1495b", "#66a182", "#edae49", "#8d6a9f", "#2e4057", "#00798c", "#a85d1b", "#5c946e", "#b33f62",
    ]

    init(width: Double = 640, height: Double = 400) {
        self.width = width
        self.height = height
    }

    static func escape(_ s: String) -> String {
        // Most labels hold none of the four: returned as they are (Foundation's replacing took a twentieth of a
        // dashboard page).
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return s }
        return s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(
                of: ">", with: "&gt;"
            ).replacingOccurrences(of: "\"", with: "&quot;")
    }
    /// One decimal, as `String(format: "%.1f")` writes it (FixedDecimal: Foundation's formatter was a fifth of a
    /// participant's dashboard page, which draws four of these figures).
    static func f(_ x: Double) -> String { FixedDecimal.string(x, digits: 1) }

    mutating func add(_ element: String) { body.append(element) }
    mutating func text(
        _ s: String, x: Double, y: Double, anchor: String = "middle", size: Double = 12, rotate: Double? = nil,
        weight: String = "normal"
    ) {
        let transform = rotate.map { " transform=\"rotate(\(Self.f($0)) \(Self.f(x)) \(Self.f(y)))\"" } ?? ""
        add(
            "<text x=\"\(Self.f(x))\" y=\"\(Self.f(y))\" font-size=\"\(Self.f(size * textScale))\" text-anchor=\"\(anchor)\" font-weight=\"\(weight)\"\(transform)>\(Self.escape(s))</text>"
        )
    }
    mutating func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String = "#333", width: Double = 1,
        opacity: Double = 1
    ) {
        add(
            "<line x1=\"\(Self.f(x1))\" y1=\"\(Self.f(y1))\" x2=\"\(Self.f(x2))\" y2=\"\(Self.f(y2))\" stroke=\"\(color)\" stroke-width=\"\(Self.f(width))\" stroke-opacity=\"\(opacity)\"/>"
        )
    }
    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String) {
        add(
            "<rect x=\"\(Self.f(x))\" y=\"\(Self.f(y))\" width=\"\(Self.f(max(0, w)))\" height=\"\(Self.f(max(0, h)))\" fill=\"\(fill)\"/>"
        )
    }
    mutating func circle(
        _ x: Double, _ y: Double, r: Double, fill: String, stroke: String = "none", opacity: Double = 1
    ) {
        add(
            "<circle cx=\"\(Self.f(x))\" cy=\"\(Self.f(y))\" r=\"\(Self.f(r))\" fill=\"\(fill)\" stroke=\"\(stroke)\" fill-opacity=\"\(opacity)\"/>"
        )
    }

    var rendered: String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.f(width))\" height=\"\(Self.f(height))\" viewBox=\"0 0 \(Self.f(width)) \(Self.f(height))\" font-family=\"DejaVu Sans, sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
            + body.joined(separator: "\n") + "\n</svg>\n"
    }

    /// A "nice" axis maximum and tick step (1, 2, 5 x 10^k); `integer`: counts, so the step is a whole number
    /// (an axis of participants has no tick at 0.2).
    static func niceAxis(_ maxValue: Double, minValue: Double = 0, integer: Bool = false) -> (
        low: Double, high: Double, step: Double
    ) {
        // Values all alike (every session without a reversal) would give an axis of no height: span 1 instead.
        let flat = maxValue - minValue <= 1e-9
        let span = flat ? max(abs(maxValue), 1) : maxValue - minValue
        let raw = span / 5
        let magnitude = pow(10, floor(log10(raw)))
        var step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        if integer { step = max(1, step.rounded(.up)) }
        let low = floor(minValue / step) * step
        return (low, flat ? low + 5 * step : ceil(maxValue / step) * step, step)
    }

    /// Width a title needs at `size` px in DejaVu Sans bold (about 0.65 em per character) plus margins: figures are at
    /// least this wide, so a long column name in a title is not cut off at both ends.
    static func titleWidth(_ title: String, size: Double = 14) -> Double { Double(title.count) * size * 0.65 + 24 }

    /// The lowest point an axis must show: 0, or below it when an interval reaches below 0 (a t-interval of a
    /// small sample can), so no whisker is drawn under the x-axis.
    static func axisFloor(_ values: [Double]) -> Double { min(0, values.filter(\.isFinite).min() ?? 0) }

    /// Axes for a plot area; returns mapping closures from data to pixels.
    mutating func axes(
        x0: Double, y0: Double, w: Double, h: Double, yLow: Double, yHigh: Double, yStep: Double, yLabel: String,
        xLow: Double? = nil, xHigh: Double? = nil, xStep: Double? = nil, xLabel: String? = nil
    ) -> ((Double) -> Double, (Double) -> Double) {
        let mapY = { (v: Double) in y0 + h - (v - yLow) / (yHigh - yLow) * h }
        let mapX = { (v: Double) in x0 + (v - (xLow ?? 0)) / ((xHigh ?? 1) - (xLow ?? 0)) * w }
        line(x0, y0 + h, x0 + w, y0 + h)
        line(x0, y0, x0, y0 + h)
        var v = yLow
        while v <= yHigh + yStep / 2 {
            line(x0 - 4, mapY(v), x0, mapY(v))
            line(x0, mapY(v), x0 + w, mapY(v), color: "#ddd")
            text(language.number(RFormat.signif(v, 4)), x: x0 - 6, y: mapY(v) + 4, anchor: "end", size: 10)
            v += yStep
        }
        text(yLabel, x: x0 - 42, y: y0 + h / 2, size: 11, rotate: -90)
        if let xLow, let xHigh, let xStep {
            var u = xLow
            while u <= xHigh + xStep / 2 {
                line(mapX(u), y0 + h, mapX(u), y0 + h + 4)
                text(language.number(RFormat.signif(u, 4)), x: mapX(u), y: y0 + h + 16, size: 10)
                u += xStep
            }
        }
        if let xLabel { text(xLabel, x: x0 + w / 2, y: y0 + h + 32, size: 11) }
        return (mapX, mapY)
    }

    /// Bars with 95% CI whiskers; one panel per measure (figure 6.1).
    /// `counts`: the bars count something (participants per answer), so the axis ticks are whole numbers.
    /// `points`: per panel, per category, the individual values (each participant's mean) drawn as open dots spread
    /// evenly across the bar, so a reader sees the data behind the mean (empty: bars only).
    static func barPanels(
        title: String, categories: [String], panels: [(label: String, means: [Double], low: [Double], high: [Double])],
        counts: Bool = false, points: [[[Double]]] = []
    ) -> String {
        let panelWidth = max(260.0, Double(categories.count) * 60 + 80)
        let longestLabel = categories.map(\.count).max() ?? 0
        var svg = SVGFigure(
            width: max(panelWidth * Double(panels.count) + 20, titleWidth(title)),
            height: 380 + min(Double(longestLabel) * 3, 120))
        svg.text(title, x: svg.width / 2, y: 20, size: 14, weight: "bold")
        for (p, panel) in panels.enumerated() {
            let x0 = Double(p) * panelWidth + 70
            let y0 = 40.0
            let w = panelWidth - 90
            let h = 260.0
            let dots = points.indices.contains(p) ? points[p] : []
            let values = dots.flatMap { $0 }.filter(\.isFinite)
            let top = max(
                panel.high.filter(\.isFinite).max() ?? 1, panel.means.filter(\.isFinite).max() ?? 1, values.max() ?? 0)
            let axis = niceAxis(top, minValue: axisFloor(panel.low + panel.means + values), integer: counts)
            let (_, mapY) = svg.axes(
                x0: x0, y0: y0, w: w, h: h, yLow: axis.low, yHigh: axis.high, yStep: axis.step, yLabel: panel.label)
            let slot = w / Double(max(categories.count, 1))
            for (i, name) in categories.enumerated() {
                let cx = x0 + slot * (Double(i) + 0.5)
                let m = panel.means[i]
                guard m.isFinite else { continue }
                svg.rect(cx - slot * 0.3, mapY(m), slot * 0.6, mapY(0) - mapY(m), fill: palette[i % palette.count])
                if dots.indices.contains(i) {
                    let own = dots[i].filter(\.isFinite)
                    for (k, value) in own.enumerated() {
                        // Spread over the middle half of the bar, in the order given (no random jitter: same file
                        // every run).
                        let offset = own.count == 1 ? 0 : (Double(k) / Double(own.count - 1) - 0.5) * slot * 0.3
                        svg.add(
                            "<circle class=\"point\" cx=\"\(f(cx + offset))\" cy=\"\(f(mapY(value)))\" r=\"2.5\" fill=\"white\" fill-opacity=\"0.6\" stroke=\"#222\" stroke-width=\"0.8\"/>"
                        )
                    }
                }
                if panel.low[i].isFinite && panel.high[i].isFinite {
                    svg.line(cx, mapY(panel.low[i]), cx, mapY(panel.high[i]), width: 1.5)
                    svg.line(cx - 6, mapY(panel.low[i]), cx + 6, mapY(panel.low[i]), width: 1.5)
                    svg.line(cx - 6, mapY(panel.high[i]), cx + 6, mapY(panel.high[i]), width: 1.5)
                }
                // Labels wider than their slot (about 0.6 em per character) would overlap: slant them.
                if Double(longestLabel) * 6 > slot {
                    svg.text(name, x: cx, y: y0 + h + 14, anchor: "end", size: 10, rotate: -30)
                } else {
                    svg.text(name, x: cx, y: y0 + h + 16, size: 10)
                }
            }
        }
        return svg.rendered
    }

    /// One point per participant (mean time vs mean deviation), coloured by group (figures 6.2-6.5).
    static func scatter(
        title: String, xLabel: String, yLabel: String, points: [(x: Double, y: Double, group: String)], groups: [String]
    ) -> String {
        var svg = SVGFigure(width: max(560, titleWidth(title)), height: 420)
        svg.text(title, x: svg.width / 2, y: 20, size: 14, weight: "bold")
        let xs = points.map(\.x).filter(\.isFinite)
        let ys = points.map(\.y).filter(\.isFinite)
        let ax = niceAxis(xs.max() ?? 1)
        let ay = niceAxis(ys.max() ?? 1)
        let (mapX, mapY) = svg.axes(
            x0: 70, y0: 40, w: 430, h: 300, yLow: 0, yHigh: ay.high, yStep: ay.step, yLabel: yLabel,
            xLow: 0, xHigh: ax.high, xStep: ax.step, xLabel: xLabel)
        for p in points where p.x.isFinite && p.y.isFinite {
            let color = palette[(groups.firstIndex(of: p.group) ?? 0) % palette.count]
            svg.circle(mapX(p.x), mapY(p.y), r: 4, fill: color, opacity: 0.8)
        }
        for (i, g) in groups.enumerated() where groups.count > 1 {
            svg.circle(470, 52 + Double(i) * 16, r: 4, fill: palette[i % palette.count])
            svg.text(g, x: 478, y: 56 + Double(i) * 16, anchor: "start", size: 10)
        }
        return svg.rendered
    }

    /// Mean with 95% CI over an ordered x (learning curve).
    static func lineWithCI(
        title: String, xLabel: String, yLabel: String, xs: [Double], means: [Double], low: [Double], high: [Double],
        textScale: Double = 1, language: Language = .english
    ) -> String {
        var svg = SVGFigure(width: max(560, titleWidth(title)), height: 400)
        svg.textScale = textScale
        svg.language = language
        svg.text(title, x: svg.width / 2, y: 20, size: 14, weight: "bold")
        let ay = niceAxis(
            high.filter(\.isFinite).max() ?? means.filter(\.isFinite).max() ?? 1, minValue: axisFloor(low + means))
        let ax = niceAxis(xs.max() ?? 1, minValue: min(xs.min() ?? 0, 1) - 1)
        let (mapX, mapY) = svg.axes(
            x0: 70, y0: 40, w: 450, h: 290, yLow: ay.low, yHigh: ay.high, yStep: ay.step, yLabel: yLabel,
            xLow: ax.low, xHigh: ax.high, xStep: max(1, ax.step.rounded()), xLabel: xLabel)
        var path: [String] = []
        for i in xs.indices where means[i].isFinite {
            path.append("\(path.isEmpty ? "M" : "L")\(f(mapX(xs[i]))),\(f(mapY(means[i])))")
            if low[i].isFinite && high[i].isFinite {
                svg.line(mapX(xs[i]), mapY(low[i]), mapX(xs[i]), mapY(high[i]), color: palette[0])
            }
            svg.circle(mapX(xs[i]), mapY(means[i]), r: 3.5, fill: palette[0])
        }
        svg.add(
            "<path d=\"\(path.joined(separator: " "))\" fill=\"none\" stroke=\"\(palette[0])\" stroke-width=\"2\"/>")
        return svg.rendered
    }

    /// Targets on the outer ring, aims on the inner ring, a line joining each pair (bearing 0 up, clockwise).
    static func polar(title: String, pairs: [(target: Double, aim: Double)]) -> String {
        var svg = SVGFigure(width: 460, height: 480)
        svg.text(title, x: 230, y: 20, size: 14, weight: "bold")
        let cx = 230.0
        let cy = 255.0
        let outer = 190.0
        let inner = 140.0
        svg.add("<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"\(f(outer))\" fill=\"none\" stroke=\"#999\"/>")
        svg.add("<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"\(f(inner))\" fill=\"none\" stroke=\"#ccc\"/>")
        for (deg, label) in [(0.0, "0 (front)"), (90, "90"), (180, "180"), (270, "270")] {
            let r = deg * .pi / 180
            svg.text(label, x: cx + (outer + 16) * sin(r), y: cy - (outer + 16) * cos(r) + 4, size: 10)
        }
        func point(_ deg: Double, _ radius: Double) -> (Double, Double) {
            let r = deg * .pi / 180
            return (cx + radius * sin(r), cy - radius * cos(r))
        }
        for p in pairs {
            let t = point(p.target, outer)
            let a = point(p.aim, inner)
            svg.line(t.0, t.1, a.0, a.1, color: "#888", width: 0.6, opacity: 0.5)
            svg.circle(t.0, t.1, r: 2.5, fill: palette[0])
            svg.circle(a.0, a.1, r: 2.5, fill: palette[1])
        }
        svg.circle(20, 470, r: 4, fill: palette[0])
        svg.text("target (outer ring)", x: 28, y: 474, anchor: "start", size: 10)
        svg.circle(180, 470, r: 4, fill: palette[1])
        svg.text("aim (inner ring)", x: 188, y: 474, anchor: "start", size: 10)
        return svg.rendered
    }
}
