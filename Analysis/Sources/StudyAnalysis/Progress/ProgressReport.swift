// `progress`: per-session medians, learning-curve fits, staircase thresholds and adherence, as text and JSON.
import Foundation
import TidyFormats

public enum ProgressReport {
    /// The learning curve of one participant (or of everyone pooled, `participant` "all").
    public struct Curve: Sendable {
        public let participant: String
        public let fits: [LearningCurve]
    }

    /// Curves of the per-session median absolute deviation: per participant when `byParticipant`, else
    /// one curve of the mean of the participants' medians at each session index.
    public static func curves(_ rows: [SessionProgressRow], byParticipant: Bool) -> [Curve] {
        if byParticipant {
            let participants = StudyData.sortLevels(Array(Set(rows.map(\.participant))))
            return participants.map { participant in
                let own = rows.filter { $0.participant == participant }
                return Curve(
                    participant: participant,
                    fits: LearningCurve.best(
                        sessions: own.map { Double($0.sessionIndex) }, values: own.map(\.medianAbsDeviationDeg)))
            }
        }
        let indices = Array(Set(rows.map(\.sessionIndex))).sorted()
        let means = indices.map { index -> Double in
            let values = rows.filter { $0.sessionIndex == index }.map(\.medianAbsDeviationDeg)
            return values.reduce(0, +) / Double(values.count)
        }
        return [Curve(participant: "all", fits: LearningCurve.best(sessions: indices.map(Double.init), values: means))]
    }

    /// A median absolute deviation cannot fall below 0°: an asymptote under it means the curve does not level off
    /// within the sessions (it is an extrapolation, not a floor the trainee approaches), and is said so.
    static func impossibleAsymptote(_ fit: LearningCurve) -> String? {
        guard fit.asymptote < 0 else { return nil }
        return "the asymptote \(RFormat.signif(fit.asymptote, 3))° is impossible (a deviation is at least 0°): "
            + "the curve has not levelled off within these sessions; do not read it as the trainee's floor"
    }

    public static func render(
        rows: [SessionProgressRow], curves: [Curve], adherence: [PlanAdherence]
    ) -> RenderedResult {
        func f(_ x: Double?, _ digits: Int = 3) -> String { x.map { RFormat.signif($0, digits + 2) } ?? "NA" }
        var text = "Progress over sessions (medians of abs_deviation_deg and time_s per session)\n\n"
        let header = [
            "participant", "session_index", "n", "median_abs_dev", "median_time_s", "reversal_rate",
            "threshold", "plan",
        ]
        let table = rows.map { row in
            [
                row.participant, "\(row.sessionIndex)", "\(row.photos)", f(row.medianAbsDeviationDeg),
                f(row.medianTimeSeconds), f(row.reversalRate), f(row.staircaseThreshold),
                row.plan.isEmpty ? "-" : row.plan,
            ]
        }
        text += RFormat.table(header: header, rows: table) + "\n"
        text += "\nLearning curves of the median abs deviation (least squares, as R's nls):\n"
        text +=
            "  exponential: y = asymptote + gain * exp(-rate * (session - 1)); power: y = asymptote + gain * session^(-rate)\n"
        for curve in curves {
            guard let best = curve.fits.first else {
                text += "  \(curve.participant): no curve fitted (fewer than 4 sessions, or no decline to fit)\n"
                continue
            }
            for fit in curve.fits {
                let mark = fit == best ? "*" : " "
                var line =
                    "\(mark) \(curve.participant) \(fit.model.rawValue): asymptote \(f(fit.asymptote)), gain \(f(fit.gain)), rate \(f(fit.rate)) per session, RSS \(f(fit.rss))"
                if let half = fit.halfLifeSessions { line += ", half-life \(f(half)) sessions" }
                if let warning = Self.impossibleAsymptote(fit) { line += " — " + warning }
                text += "  " + line + "\n"
            }
        }
        text += "  (* the better fit: smaller residual sum of squares)\n"
        if !adherence.isEmpty {
            text +=
                "\nAdherence (the plan's calendar, as train and status count it: due by today = windows opened, "
                + "missed = windows closed unplayed):\n"
            for a in adherence {
                text += String(
                    format: "  %@ %@ v%d: %d done, %d due by today, %d missed, next: %@, %d in the plan (%@)\n",
                    a.participant, a.plan, a.version, a.done, a.due, a.missed, a.dueNext, a.total, a.verdict)
            }
        }
        let json = JSONValue.object([
            ("analysis", .string("progress")),
            (
                "sessions",
                .array(
                    rows.map { row in
                        .object([
                            ("participant", .string(row.participant)), ("session_index", .integer(row.sessionIndex)),
                            ("n", .integer(row.photos)), ("median_abs_deviation_deg", .num(row.medianAbsDeviationDeg)),
                            ("median_time_s", .num(row.medianTimeSeconds)), ("reversal_rate", .num(row.reversalRate)),
                            ("staircase_threshold", .num(row.staircaseThreshold)), ("plan", .string(row.plan)),
                        ])
                    })
            ),
            (
                "learning_curves",
                .array(
                    curves.flatMap { curve in
                        curve.fits.enumerated().map { rank, fit in
                            .object([
                                ("participant", .string(curve.participant)), ("model", .string(fit.model.rawValue)),
                                ("best", .bool(rank == 0)), ("asymptote", .num(fit.asymptote)),
                                ("gain", .num(fit.gain)), ("rate", .num(fit.rate)), ("rss", .num(fit.rss)),
                                ("half_life_sessions", .num(fit.halfLifeSessions)), ("n", .integer(fit.n)),
                            ])
                        }
                    })
            ),
            (
                "adherence",
                .array(
                    adherence.map { a in
                        .object([
                            ("participant", .string(a.participant)), ("plan", .string(a.plan)),
                            ("version", .integer(a.version)), ("done", .integer(a.done)), ("due", .integer(a.due)),
                            ("missed", .integer(a.missed)), ("due_next", .string(a.dueNext)),
                            ("total", .integer(a.total)), ("ratio", .num(a.ratio)),
                        ])
                    })
            ),
        ])
        return RenderedResult(text: text, json: json)
    }
}
