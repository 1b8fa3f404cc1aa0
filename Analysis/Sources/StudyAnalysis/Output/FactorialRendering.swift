// The factorial repeated-measures ANOVA laid out like car's summary(Anova.mlm, multivariate = FALSE) with afex's
// effect sizes; in JSON one object per effect (the key names in Analysis/README.md).
import Foundation
import TidyFormats

extension ResultRendering {
    public static func factorial(_ r: FactorialAnovaResult, value: String, subject: String) -> RenderedResult {
        let d = r.design
        let roman = r.type == 3 ? "III" : "II"
        let formula =
            "\(value) ~ \((d.betweenNames + d.withinNames).joined(separator: " * ")) + Error(\(subject)/(\(d.withinNames.joined(separator: " * "))))"
        var text =
            "Repeated-measures ANOVA, type \(roman) sums of squares"
            + (r.type == 3 ? " (sum-to-zero contrasts, as afex and SPSS)" : " (as car::Anova(type = 2))")
            + ": \(formula)\n"
        text += "\(r.subjects) subjects" + betweenSizes(r) + "; unit: \(subject) x "
        text += d.withinNames.joined(separator: " x ") + " cell means (\(d.cellCount) cells per subject)"
        if !r.droppedSubjects.isEmpty {
            let shown =
                r.droppedSubjects.prefix(5).joined(separator: ", ") + (r.droppedSubjects.count > 5 ? ", ..." : "")
            text +=
                "\n\(r.droppedSubjects.count) subject\(r.droppedSubjects.count == 1 ? "" : "s") without a value in every cell left out (\(shown))"
        }
        text += "\n\nUnivariate Type \(roman) Repeated-Measures ANOVA Assuming Sphericity\n"
        let ss = RFormat.column(r.effects.map(\.ss), digits: 5)
        let sse = RFormat.column(r.effects.map(\.ssError), digits: 5)
        text += RFormat.table(
            header: ["", "Sum Sq", "num Df", "Error SS", "den Df", "F value", "Pr(>F)", "", "pes", "95% CI", "ges"],
            rows: r.effects.enumerated().map { i, e in
                [
                    e.name, ss[i], RFormat.signif(e.dfEffect, 6), sse[i], RFormat.signif(e.dfError, 6),
                    RFormat.signif(e.f, 4), RFormat.pValue(e.p, digits: 3), RFormat.stars(e.p),
                    RFormat.signif(e.partialEtaSquared, 3),
                    e.partialEtaSquaredCI.map { "[\(RFormat.signif($0.low, 3)), \(RFormat.signif($0.high, 3))]" }
                        ?? "NA",
                    RFormat.signif(e.generalizedEtaSquared, 3),
                ]
            })
        text += "\n" + RFormat.signifLegend
        let corrected = r.effects.filter { $0.epsilonGG != nil }
        if corrected.isEmpty {
            text +=
                "\n\nEvery within-subjects effect has 1 df: sphericity holds trivially (no Mauchly test, no epsilons)."
        } else {
            text += "\n\nMauchly Tests for Sphericity\n"
            text += RFormat.table(
                header: ["", "Test statistic", "p-value"],
                rows: corrected.map {
                    [$0.name, RFormat.signif($0.mauchlyW ?? .nan, 5), RFormat.pValue($0.mauchlyP ?? .nan)]
                })
            text += "\n\nGreenhouse-Geisser and Huynh-Feldt Corrections for Departure from Sphericity\n"
            text += RFormat.table(
                header: ["", "GG eps", "Pr(>F[GG])", "", "HF eps", "Pr(>F[HF])", ""],
                rows: corrected.map { e in
                    [
                        e.name, RFormat.signif(e.epsilonGG ?? .nan, 5), RFormat.pValue(e.pGG ?? .nan, digits: 3),
                        RFormat.stars(e.pGG ?? .nan), RFormat.signif(e.epsilonHF ?? .nan, 5),
                        RFormat.pValue(e.pHF ?? .nan, digits: 3), RFormat.stars(e.pHF ?? .nan),
                    ]
                })
            text += "\nHF eps is printed uncapped (as car); its p-value uses min(1, HF eps)."
        }
        text +=
            "\npes: partial eta squared with its two-sided 95% CI from the exact noncentral F (as effectsize::F_to_eta2);"
            + " ges: generalized eta squared (afex, all factors manipulated)."
        if r.effects.contains(where: { $0.partialEtaSquaredCI == nil }) {
            text +=
                "\nNA 95% CI: F x num Df is 1e6 or more, beyond where r-mathlib's noncentral F converges; the interval is not computed."
        }
        let perfect = r.effects.filter(\.isEssentiallyPerfectFit).map(\.name)
        if !perfect.isEmpty {
            text +=
                "\nwarning: essentially perfect fit (\(perfect.joined(separator: ", "))): the error sum of squares is at rounding level (at most 1e-10 of the effect's), so F, p and the effect sizes are unreliable; are subjects' data duplicated or constant?"
        }
        let items = r.effects.map { e -> JSONValue in
            .object([
                ("test", .string("anova-factorial")), ("effect", .string(e.name)), ("type", .integer(r.type)),
                ("f", .num(e.f)), ("df_effect", .num(e.dfEffect)), ("df_error", .num(e.dfError)), ("p", .num(e.p)),
                ("ss", .num(e.ss)), ("ss_error", .num(e.ssError)),
                ("epsilon_gg", .num(e.epsilonGG)), ("p_gg", .num(e.pGG)), ("epsilon_hf", .num(e.epsilonHF)),
                ("p_hf", .num(e.pHF)), ("mauchly_w", .num(e.mauchlyW)), ("mauchly_p", .num(e.mauchlyP)),
                ("partial_eta_squared", .num(e.partialEtaSquared)),
                ("partial_eta_squared_ci_low", .num(e.partialEtaSquaredCI?.low)),
                ("partial_eta_squared_ci_high", .num(e.partialEtaSquaredCI?.high)),
                ("generalized_eta_squared", .num(e.generalizedEtaSquared)), ("value", .string(value)),
                ("subject", .string(subject)), ("subjects", .integer(r.subjects)),
                ("dropped_subjects", .integer(r.droppedSubjects.count)),
                ("essentially_perfect_fit", .bool(e.isEssentiallyPerfectFit)),
            ])
        }
        return RenderedResult(text: text, json: .array(items))
    }

    static func betweenSizes(_ r: FactorialAnovaResult) -> String {
        guard !r.betweenCellSizes.isEmpty else { return "" }
        let d = r.design
        let cells = d.betweenLevels.reduce([[String]()]) { partial, levels in
            partial.flatMap { prefix in levels.map { prefix + [$0] } }
        }
        return " (" + d.betweenNames.joined(separator: ":") + ": "
            + zip(cells, r.betweenCellSizes).map { "\($0.joined(separator: ":")) \($1)" }.joined(separator: ", ") + ")"
    }
}
