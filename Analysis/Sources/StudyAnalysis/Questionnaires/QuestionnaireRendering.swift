// The questionnaire analysis as text tables (R-style numbers) and as JSON.
import Foundation
import TidyFormats

extension QuestionnaireResult {
    private static func cell(_ x: Double?, _ digits: Int = 4) -> String {
        guard let x, x.isFinite else { return "NA" }
        return RFormat.signif(x, digits)
    }

    public func rendered() -> RenderedResult {
        let participants = Set(data.scores.map(\.participant)).count
        var text = "Questionnaires: \(data.scores.count) scored administration(s) of \(participants) participant(s)"
        text += "; \(data.withoutTotal) without a total (too many items missing), \(data.unfinished) unfinished.\n\n"
        text += "Scores per participant and administration\n"
        text += RFormat.table(
            header: ["participant", "administration", "instrument", "moment", "session_index", "total", "band"],
            rows: data.scores.map { s in
                [
                    s.participant, s.administration, s.instrument, s.moment.rawValue,
                    s.sessionIndex.map(String.init) ?? "", Self.cell(s.total), s.band ?? "",
                ]
            })
        for comparison in comparisons {
            text += "\n\n\(comparison.instrument): baseline (first) vs follow-up (last), follow-up − baseline\n"
            text += RFormat.table(
                header: ["participant", "baseline", "follow_up", "change", "rci", "reliable_change", "learning_slope"],
                rows: comparison.participants.map { c in
                    [
                        c.participant, Self.cell(c.baseline), Self.cell(c.followUp), Self.cell(c.change),
                        Self.cell(c.rci), c.reliableChange ?? "NA", Self.cell(c.learningSlope),
                    ]
                })
            if let r = comparison.reliability, let sd = comparison.standardDeviation {
                text += "\nRCI = change / (√2 · SD · √(1 − r)) with r = \(Self.cell(r)), SD = \(Self.cell(sd)) "
                text += "(Jacobson & Truax 1991; |RCI| > 1.96 is reliable; lower scores mean less distress)"
            }
            if let t = comparison.pairedT {
                text += "\nPaired t-test: t = \(Self.cell(t.t)), df = \(Self.cell(t.df)), p = \(RFormat.pValue(t.p)); "
                text +=
                    "mean change \(Self.cell(t.meanDifference)) [95% CI \(Self.cell(t.ciLow)), \(Self.cell(t.ciHigh))]; "
                text += "d_z = \(Self.cell(t.cohenD))"
                if let ci = t.cohenDCI { text += " [95% CI \(Self.cell(ci.low)), \(Self.cell(ci.high))]" }
            }
            if let w = comparison.wilcoxon {
                text += "\nWilcoxon signed-rank (\(w.exact ? "exact" : "normal approximation")): "
                text += "V = \(Self.cell(w.statistic)), p = \(RFormat.pValue(w.p))"
            }
            let a = comparison.association
            text += "\nChange vs learning slope (Pearson over participants): "
            text +=
                a.r == nil
                ? "NA (\(a.note ?? ""))"
                : "r = \(Self.cell(a.r)), t = \(Self.cell(a.t)), df = \(Self.cell(a.df)), p = \(a.p.map { RFormat.pValue($0) } ?? "NA")"
            if let note = comparison.note { text += "\nNote: \(note)" }
        }
        return RenderedResult(text: text, json: json)
    }

    private var json: JSONValue {
        .object([
            ("test", .string("questionnaires")),
            (
                "scores",
                .array(
                    data.scores.map { s in
                        .object([
                            ("participant", .string(s.participant)), ("administration", .string(s.administration)),
                            ("instrument", .string(s.instrument)), ("moment", .string(s.moment.rawValue)),
                            ("session_index", s.sessionIndex.map { .integer($0) } ?? .null), ("total", .num(s.total)),
                            ("band", s.band.map { .string($0) } ?? .null),
                        ])
                    })
            ),
            (
                "comparisons",
                .array(
                    comparisons.map { c in
                        .object([
                            ("instrument", .string(c.instrument)),
                            (
                                "participants",
                                .array(
                                    c.participants.map { p in
                                        .object([
                                            ("participant", .string(p.participant)), ("baseline", .num(p.baseline)),
                                            ("follow_up", .num(p.followUp)), ("change", .num(p.change)),
                                            ("rci", .num(p.rci)),
                                            ("reliable_change", p.reliableChange.map { .string($0) } ?? .null),
                                            ("learning_slope", .num(p.learningSlope)),
                                        ])
                                    })
                            ),
                            ("t", .num(c.pairedT?.t)), ("df", .num(c.pairedT?.df)), ("p", .num(c.pairedT?.p)),
                            ("mean_change", .num(c.pairedT?.meanDifference)), ("ci_low", .num(c.pairedT?.ciLow)),
                            ("ci_high", .num(c.pairedT?.ciHigh)), ("cohen_dz", .num(c.pairedT?.cohenD)),
                            ("cohen_dz_ci_low", .num(c.pairedT?.cohenDCI?.low)),
                            ("cohen_dz_ci_high", .num(c.pairedT?.cohenDCI?.high)),
                            ("wilcoxon_v", .num(c.wilcoxon?.statistic)), ("wilcoxon_p", .num(c.wilcoxon?.p)),
                            ("wilcoxon_exact", c.wilcoxon.map { .bool($0.exact) } ?? .null),
                            ("association_r", .num(c.association.r)), ("association_t", .num(c.association.t)),
                            ("association_df", .num(c.association.df)), ("association_p", .num(c.association.p)),
                            ("note", c.note.map { .string($0) } ?? .null),
                        ])
                    })
            ),
        ])
    }
}
