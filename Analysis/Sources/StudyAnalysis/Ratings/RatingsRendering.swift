// The ratings analysis as text tables (R-style numbers) and as JSON.
import Foundation
import TidyFormats

extension RatingsResult {
    private static func cell(_ x: Double?, _ digits: Int = 4) -> String {
        guard let x, x.isFinite else { return "NA" }
        return RFormat.signif(x, digits)
    }

    public func rendered() -> RenderedResult {
        var text = "Ratings: \(data.sessions.count) session(s) of \(data.participants.count) participant(s)"
        text +=
            "; \(data.skippedAnswers) skipped answer(s) left out; \(data.promptAnswers) prompt answer(s) not used here.\n"
        text += "Values: yes/no 1/0, sliders 0–1, SAM 1–9 (docs/RATINGS-CODEBOOK.md).\n\n"
        text += "Before/after change per session (after − before; paired t-test over sessions, Cohen's d_z;\n"
        text += "overall: one mean change per participant)\n"
        if changes.isEmpty { text += "(no session has an answer both before and after)\n" }
        text +=
            changes.isEmpty
            ? ""
            : RFormat.table(
                header: ["item", "scope", "pairs", "before", "after", "change", "t", "df", "p", "d_z", "note"],
                rows: changes.map { c in
                    [
                        c.item, c.scope, "\(c.pairs)", Self.cell(c.meanBefore), Self.cell(c.meanAfter),
                        Self.cell(c.meanChange),
                        Self.cell(c.test?.t), Self.cell(c.test?.df), c.test.map { RFormat.pValue($0.p) } ?? "NA",
                        Self.cell(c.test?.cohenD), c.note ?? "",
                    ]
                })
        text += "\n\nTrend of the before-ratings over sessions (slope per session; overall within participants:\n"
        text += "lm(value ~ session_index + participant))\n"
        text += RFormat.table(
            header: ["item", "scope", "sessions", "slope", "se", "t", "df", "p", "note"],
            rows: trends.map { t in
                [
                    t.item, t.scope, "\(t.sessions)", Self.cell(t.slopePerSession), Self.cell(t.standardError),
                    Self.cell(t.t), Self.cell(t.df), t.p.map { RFormat.pValue($0) } ?? "NA", t.note ?? "",
                ]
            })
        text += "\n\nTinnitus loudness (before) vs localization (mean abs deviation of the session, degrees):\n"
        text += "per participant Pearson's r over their sessions; overall the repeated-measures correlation (rmcorr, "
        text += "Bakdash & Marusich 2017: within participants, df = sessions − participants − 1)\n"
        text += RFormat.table(
            header: ["scope", "method", "sessions", "r", "t", "df", "p", "note"],
            rows: correlations.map { c in
                [
                    c.scope, c.method, "\(c.sessions)", Self.cell(c.r), Self.cell(c.t), Self.cell(c.df),
                    c.p.map { RFormat.pValue($0) } ?? "NA", c.note ?? "",
                ]
            })
        // Only when some sitting's level was measured: reports of logs without it stay as they were.
        if !ambientCorrelations.isEmpty {
            text +=
                "\n\nTinnitus loudness (before) vs the sound level around the patient while rating (dB, per unit):\n"
            text += "per participant Pearson's r over their sessions; overall rmcorr\n"
            text += RFormat.table(
                header: ["scope", "method", "sessions", "r", "t", "df", "p", "note"],
                rows: ambientCorrelations.map { c in
                    [
                        c.scope, c.method, "\(c.sessions)", Self.cell(c.r), Self.cell(c.t), Self.cell(c.df),
                        c.p.map { RFormat.pValue($0) } ?? "NA", c.note ?? "",
                    ]
                })
        }
        return RenderedResult(text: text, json: json)
    }

    private var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("test", .string("ratings")),
            ("sessions", .integer(data.sessions.count)), ("participants", .integer(data.participants.count)),
            ("skipped_answers", .integer(data.skippedAnswers)), ("prompt_answers", .integer(data.promptAnswers)),
            (
                "changes",
                .array(
                    changes.map { c in
                        .object([
                            ("item", .string(c.item)), ("scope", .string(c.scope)), ("pairs", .integer(c.pairs)),
                            ("mean_before", .num(c.meanBefore)), ("mean_after", .num(c.meanAfter)),
                            ("mean_change", .num(c.meanChange)), ("t", .num(c.test?.t)), ("df", .num(c.test?.df)),
                            ("p", .num(c.test?.p)), ("cohen_dz", .num(c.test?.cohenD)),
                            ("ci_low", .num(c.test?.ciLow)), ("ci_high", .num(c.test?.ciHigh)),
                            ("note", c.note.map { .string($0) } ?? .null),
                        ])
                    })
            ),
            (
                "trends",
                .array(
                    trends.map { t in
                        .object([
                            ("item", .string(t.item)), ("scope", .string(t.scope)), ("sessions", .integer(t.sessions)),
                            ("slope_per_session", .num(t.slopePerSession)), ("se", .num(t.standardError)),
                            ("t", .num(t.t)), ("df", .num(t.df)), ("p", .num(t.p)),
                            ("note", t.note.map { .string($0) } ?? .null),
                        ])
                    })
            ),
            (
                "loudness_vs_localization",
                .array(
                    correlations.map { c in
                        .object([
                            ("scope", .string(c.scope)), ("method", .string(c.method)),
                            ("sessions", .integer(c.sessions)), ("r", .num(c.r)),
                            ("t", .num(c.t)), ("df", .num(c.df)), ("p", .num(c.p)),
                            ("note", c.note.map { .string($0) } ?? .null),
                        ])
                    })
            ),
        ]
        if !ambientCorrelations.isEmpty {
            fields.append(("loudness_vs_ambient_level", .array(ambientCorrelations.map(Self.json))))
        }
        return .object(fields)
    }

    private static func json(_ c: LoudnessPerformance) -> JSONValue {
        .object([
            ("scope", .string(c.scope)), ("method", .string(c.method)), ("sessions", .integer(c.sessions)),
            ("r", .num(c.r)), ("t", .num(c.t)), ("df", .num(c.df)), ("p", .num(c.p)),
            ("note", c.note.map { .string($0) } ?? .null),
        ])
    }
}
