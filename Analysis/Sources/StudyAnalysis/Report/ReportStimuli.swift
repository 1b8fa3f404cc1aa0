// The report by stimulus (issue 42): localization error and front-back reversals per stimulus and per spectral band.
import Foundation

enum ReportStimuli {
    /// One stimulus's line: its trials pooled and its participants' means (the unit of the interval).
    struct Row {
        let key: ReportData.StimulusKey
        /// "duck", or "duck e023f6b7" when the logs hold the same name for two files.
        let label: String
        let bandwidthOctaves: Double?
        let trials: Int
        /// Each participant's mean absolute deviation and mean time with this stimulus.
        let deviation: GroupSummary
        let time: GroupSummary
        let reversals: Proportion?
    }

    /// The stimuli, narrowest band first (those without a measured band last), then by name.
    static func rows(_ data: ReportData) -> [Row] {
        let namesTwice = Dictionary(grouping: data.stimuli.keys, by: \.target).filter { $0.value.count > 1 }.keys
        return data.stimuli.map { key, m in
            let people = m.byParticipant.keys.sorted()
            let label =
                namesTwice.contains(key.target) && !key.sha256.isEmpty
                ? "\(key.target) \(key.sha256.prefix(8))" : key.target
            return Row(
                key: key, label: label, bandwidthOctaves: m.bandwidthOctaves,
                trials: m.byParticipant.values.reduce(0) { $0 + $1.deviation.count },
                deviation: Describe.summarize(
                    name: label, GroupAccumulator(people.map { m.byParticipant[$0]!.deviation.mean })),
                time: Describe.summarize(name: label, GroupAccumulator(people.map { m.byParticipant[$0]!.time.mean })),
                reversals: m.reversalRows > 0
                    ? CircularStatistics.wilson(successes: m.reversals, n: m.reversalRows) : nil)
        }.sorted { a, b in
            switch (a.bandwidthOctaves, b.bandwidthOctaves) {
            case (let x?, let y?) where x != y: x < y
            case (.some, nil): true
            case (nil, .some): false
            default: a.key < b.key
            }
        }
    }

    static let header = [
        "stimulus", "target", "stimulus_sha256", "bandwidth_oct", "n_trials", "n_participants",
        "mean_abs_deviation_deg", "ci_low", "ci_high", "mean_time_s", "front_back_reversals", "reversal_rate",
        "reversal_ci_low", "reversal_ci_high",
    ]

    static func csvRows(_ rows: [Row]) -> [[String]] {
        rows.map { r in
            [
                r.label, r.key.target, r.key.sha256, r.bandwidthOctaves.map { num($0) } ?? "", "\(r.trials)",
                "\(r.deviation.n)", num(r.deviation.mean), num(r.deviation.ciLow), num(r.deviation.ciHigh),
                num(r.time.mean), r.reversals.map { "\($0.successes)" } ?? "", r.reversals.map { num($0.rate) } ?? "",
                r.reversals.map { num($0.ciLow) } ?? "", r.reversals.map { num($0.ciHigh) } ?? "",
            ]
        }
    }

    /// The spectral bands: stimuli grouped by their 90 % band's width in whole octaves ("2–3 oct"), each band's
    /// participants' means over all its stimuli' trials.
    static let bandHeader = [
        "band_oct", "stimuli", "n_trials", "n_participants", "mean_abs_deviation_deg", "ci_low", "ci_high",
        "front_back_reversals", "reversal_rate",
    ]

    static func bandRows(_ data: ReportData) -> [[String]] {
        var bands: [Int: (stimuli: Set<String>, people: [String: (sum: Double, n: Int)], reversals: Int, rows: Int)] =
            [:]
        for (key, m) in data.stimuli {
            guard let width = m.bandwidthOctaves else { continue }
            let band = Int(width.rounded(.down))
            var entry = bands[band] ?? ([], [:], 0, 0)
            entry.stimuli.insert(key.target + key.sha256)
            for (person, measures) in m.byParticipant {
                // A participant's mean in the band weighs each of their trials in it once.
                let n = measures.deviation.count
                let before = entry.people[person] ?? (0, 0)
                entry.people[person] = (before.sum + measures.deviation.mean * Double(n), before.n + n)
            }
            entry.reversals += m.reversals
            entry.rows += m.reversalRows
            bands[band] = entry
        }
        return bands.keys.sorted().map { band in
            let entry = bands[band]!
            let means = entry.people.keys.sorted().map { entry.people[$0]!.sum / Double(entry.people[$0]!.n) }
            let summary = Describe.summarize(name: "\(band)", GroupAccumulator(means))
            return [
                "\(band)–\(band + 1)", "\(entry.stimuli.count)", "\(entry.people.values.reduce(0) { $0 + $1.n })",
                "\(summary.n)", num(summary.mean),
                num(summary.ciLow), num(summary.ciHigh), entry.rows > 0 ? "\(entry.reversals)" : "",
                entry.rows > 0 ? num(Double(entry.reversals) / Double(entry.rows)) : "",
            ]
        }
    }

    /// Mean absolute deviation (participants' means, 95 % t-interval) against each stimulus's measured bandwidth,
    /// each point labelled with its animal; nil when no stimulus has a measured band (logs from before issue 42).
    static func figure(_ rows: [Row]) -> ReportFigure? {
        let measured = rows.filter { $0.bandwidthOctaves != nil && $0.deviation.mean.isFinite }
        guard !measured.isEmpty else { return nil }
        let title = "Localization error by stimulus"
        var svg = SVGFigure(width: max(640, SVGFigure.titleWidth(title)), height: 440)
        svg.text(title, x: svg.width / 2, y: 20, size: 14, weight: "bold")
        let widths = measured.map { $0.bandwidthOctaves! }
        let tops = measured.map { $0.deviation.ciHigh.isFinite ? $0.deviation.ciHigh : $0.deviation.mean }
        let ay = SVGFigure.niceAxis(
            tops.max() ?? 1,
            minValue: SVGFigure.axisFloor(measured.map(\.deviation.ciLow) + measured.map(\.deviation.mean)))
        let ax = SVGFigure.niceAxis(
            (widths.max() ?? 1) + 0.25, minValue: max(0, (widths.min() ?? 0) - 0.25))
        let (mapX, mapY) = svg.axes(
            x0: 70, y0: 40, w: svg.width - 110, h: 310, yLow: ay.low, yHigh: ay.high, yStep: ay.step,
            yLabel: "mean abs deviation (deg)", xLow: ax.low, xHigh: ax.high, xStep: ax.step,
            xLabel: "bandwidth of the stimulus (octaves holding 90 % of its energy)")
        for (i, row) in measured.enumerated() {
            let x = mapX(row.bandwidthOctaves!)
            let color = SVGFigure.palette[0]
            if row.deviation.ciLow.isFinite && row.deviation.ciHigh.isFinite {
                svg.line(x, mapY(row.deviation.ciLow), x, mapY(row.deviation.ciHigh), color: color, width: 1.5)
            }
            svg.circle(x, mapY(row.deviation.mean), r: 4, fill: color)
            // Labels alternate above and below their point, so neighbours in bandwidth do not print over each other.
            let dy = i % 2 == 0 ? -8.0 : 16.0
            svg.text(row.label, x: x + 6, y: mapY(row.deviation.mean) + dy, anchor: "start", size: 9)
        }
        return (
            "figure-stimuli.svg",
            "Figure: mean absolute deviation by stimulus (each participant's mean with it; 95% t-interval) against the stimulus's measured bandwidth.",
            svg.rendered
        )
    }

    static func num(_ x: Double) -> String { StudyReport.num(x) }
}
