// Each result as R-like text and as a JSON object with the key names Analysis/README.md documents.
import Foundation
import TidyFormats

/// One test's output in both formats; commands print texts or a JSON array of the objects.
public struct RenderedResult: Sendable {
    public let text: String
    public let json: JSONValue
}

public enum ResultRendering {
    static func groupJSON(_ s: GroupSummary) -> JSONValue {
        .object([
            ("name", .string(s.name)), ("n", .integer(s.n)), ("mean", .num(s.mean)), ("sd", .num(s.sd)),
            ("se", .num(s.se)), ("median", .num(s.median)), ("min", .num(s.min)), ("max", .num(s.max)),
            ("ci_low", .num(s.ciLow)), ("ci_high", .num(s.ciHigh)),
        ])
    }

    public static func describe(_ summaries: [GroupSummary], value: String, by: [String]) -> RenderedResult {
        let header = [
            by.isEmpty ? "" : by.joined(separator: ":"), "n", "mean", "sd", "se", "median", "min", "max", "ci_low",
            "ci_high",
        ]
        let rows = summaries.map { s -> [String] in
            // Locations get enough digits to show the spread: 1000000000000.42 must not print as 1000000000000.
            let spread = s.sd.isFinite && s.sd > 0 ? s.sd : abs(s.max - s.min)
            let digits = floor(log10(abs(s.mean)) - floor(log10(spread)))
            let extra = spread > 0 && s.mean != 0 && digits.isFinite ? max(0, Int(min(digits, 15))) : 0
            let location = min(15, 6 + extra)  // a Double carries 15 reliable digits
            return [s.name, "\(s.n)"] + [s.mean].map { RFormat.signif($0, location) }
                + [s.sd, s.se].map { RFormat.signif($0, 6) }
                + [s.median, s.min, s.max, s.ciLow, s.ciHigh].map { RFormat.signif($0, location) }
        }
        let text =
            "Summary of \(value)\(by.isEmpty ? "" : " by " + by.joined(separator: " and ")) (95% CI of the mean, t-based)\n"
            + RFormat.table(header: header, rows: rows)
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("describe")), ("value", .string(value)),
                ("groups", .array(summaries.map(groupJSON))),
            ]))
    }

    /// Laid out like R's summary(aov(value ~ group)).
    public static func oneWay(_ r: OneWayAnovaResult, summaries: [GroupSummary], value: String, by: String)
        -> RenderedResult
    {
        let ss = RFormat.column([r.ssBetween, r.ssWithin], digits: 4)
        let ms = RFormat.column([r.msBetween, r.msWithin], digits: 4)
        let rows = [
            [
                by, RFormat.signif(r.dfBetween, 6), ss[0], ms[0], RFormat.signif(r.f, 4),
                RFormat.pValue(r.p, digits: 3), RFormat.stars(r.p),
            ],
            ["Residuals", RFormat.signif(r.dfWithin, 6), ss[1], ms[1], "", "", ""],
        ]
        let text =
            "One-way ANOVA (Fisher): \(value) ~ \(by)\n"
            + RFormat.table(header: ["", "Df", "Sum Sq", "Mean Sq", "F value", "Pr(>F)", ""], rows: rows) + "\n"
            + RFormat.signifLegend
            + "\neta squared = \(RFormat.signif(r.etaSquared, 4)), omega squared = \(RFormat.signif(r.omegaSquared, 4))"
            + (r.omegaSquaredEstimate < 0
                ? " (the estimate \(RFormat.signif(r.omegaSquaredEstimate, 4)) is negative; reported as 0, as effectsize::omega_squared)"
                : "")
        let json: JSONValue = .object([
            ("test", .string("anova-oneway")), ("value", .string(value)), ("by", .string(by)),
            ("f", .num(r.f)), ("p", .num(r.p)), ("df_between", .num(r.dfBetween)), ("df_within", .num(r.dfWithin)),
            ("ss_between", .num(r.ssBetween)), ("ss_within", .num(r.ssWithin)), ("ms_between", .num(r.msBetween)),
            ("ms_within", .num(r.msWithin)), ("eta_squared", .num(r.etaSquared)),
            ("omega_squared", .num(r.omegaSquared)), ("omega_squared_estimate", .num(r.omegaSquaredEstimate)),
            (
                "groups",
                .array(
                    summaries.map {
                        .object([
                            ("name", .string($0.name)), ("n", .integer($0.n)), ("mean", .num($0.mean)),
                            ("sd", .num($0.sd)),
                        ])
                    })
            ),
        ])
        return RenderedResult(text: text, json: json)
    }

    /// Laid out like R's oneway.test.
    public static func welch(_ r: WelchAnovaResult, value: String, by: String) -> RenderedResult {
        let text =
            "\n\tOne-way analysis of means (not assuming equal variances)\n\ndata:  \(value) and \(by)\n"
            + "F = \(RFormat.signif(r.f, 5)), num df = \(RFormat.signif(r.dfBetween, 5)), denom df = \(RFormat.signif(r.dfWithin, 5)), p-value = \(RFormat.pValue(r.p))\n"
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("anova-welch")), ("f", .num(r.f)),
                ("df_between", .num(r.dfBetween)), ("df_within", .num(r.dfWithin)), ("p", .num(r.p)),
            ]))
    }

    /// Laid out like car::Anova(type = 2).
    public static func twoWay(_ r: TwoWayAnovaResult, value: String) -> RenderedResult {
        let ss = RFormat.column(r.terms.map(\.ss) + [r.ssWithin], digits: 5)
        var rows = r.terms.enumerated().map { i, t in
            [
                t.name, ss[i], RFormat.signif(t.df, 6), RFormat.signif(t.f, 5), RFormat.pValue(t.p, digits: 4),
                RFormat.stars(t.p),
            ]
        }
        rows.append(["Residuals", ss.last ?? "", RFormat.signif(r.dfWithin, 6), "", "", ""])
        var text =
            "Anova Table (Type II tests)\n\nResponse: \(value)\n"
            + RFormat.table(header: ["", "Sum Sq", "Df", "F value", "Pr(>F)", ""], rows: rows) + "\n"
            + RFormat.signifLegend
        if r.emptyCells > 0 {
            text += "\nnote: \(r.emptyCells) empty cell(s); the interaction has fewer degrees of freedom."
        }
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("anova-two-way-type-II")),
                (
                    "terms",
                    .array(
                        r.terms.map { t in
                            .object([
                                ("term", .string(t.name)), ("df", .num(t.df)), ("ss", .num(t.ss)), ("ms", .num(t.ms)),
                                ("f", .num(t.f)), ("p", .num(t.p)), ("partial_eta_squared", .num(t.partialEtaSquared)),
                            ])
                        })
                ),
                ("df_within", .num(r.dfWithin)), ("ss_within", .num(r.ssWithin)), ("ms_within", .num(r.msWithin)),
                ("empty_cells", .integer(r.emptyCells)),
            ]))
    }

    /// Laid out like R's print.htest for t.test.
    /// `names` are the levels compared (first minus second); the text labels them "group X" as R does.
    public static func tTest(_ r: TTestResult, data: String, names: [String], mu: Double) -> RenderedResult {
        let title: String
        let alternative: String
        switch r.kind {
        case .oneSample:
            title = "One Sample t-test"
            alternative = "true mean is not equal to \(RFormat.signif(mu, 7))"
        case .student:
            title = " Two Sample t-test"
            alternative = "true difference in means between group \(names[0]) and group \(names[1]) is not equal to 0"
        case .welch:
            title = "Welch Two Sample t-test"
            alternative = "true difference in means between group \(names[0]) and group \(names[1]) is not equal to 0"
        case .paired:
            title = "Paired t-test"
            alternative = "true mean difference is not equal to 0"
        }
        var text = "\n\t\(title)\n\ndata:  \(data)\n"
        text += "t = \(RFormat.signif(r.t, 5)), df = \(RFormat.signif(r.df, 5)), p-value = \(RFormat.pValue(r.p))\n"
        text += "alternative hypothesis: \(alternative)\n"
        let ci = RFormat.column([r.ciLow, r.ciHigh], digits: 7)
        text += "\(RFormat.signif(r.confidence * 100, 3)) percent confidence interval:\n \(ci[0]) \(ci[1])\n"
        text += "sample estimates:\n"
        let labels: [String]
        switch r.kind {
        case .oneSample: labels = ["mean of x"]
        case .paired: labels = ["mean difference"]
        default: labels = names.map { "mean in group \($0)" }
        }
        let values = r.kind == .paired ? [r.meanDifference] : r.estimates
        let cells = zip(labels, values.map { RFormat.signif($0, 7) }).map { l, v in (l, v, max(l.count, v.count)) }
        text += cells.map { String(repeating: " ", count: $0.2 - $0.0.count) + $0.0 }.joined(separator: " ") + " \n"
        text += cells.map { String(repeating: " ", count: $0.2 - $0.1.count) + $0.1 }.joined(separator: " ") + " \n"
        func interval(_ i: Interval?) -> String {
            i.map { " [\(RFormat.signif($0.low, 4)), \(RFormat.signif($0.high, 4))]" } ?? ""
        }
        let dName = r.kind == .paired ? "Cohen's d_z" : "Cohen's d"
        text +=
            "\n\(dName) = \(RFormat.signif(r.cohenD, 4))\(interval(r.cohenDCI)), Hedges' g = \(RFormat.signif(r.hedgesG, 4))\(interval(r.hedgesGCI))"
        text +=
            "\n(\(RFormat.signif(r.confidence * 100, 3))% CIs from the noncentral t\(r.kind == .welch || r.kind == .student ? "; d uses the pooled SD" : ""))\n"
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("ttest")), ("kind", .string(r.kind.rawValue)), ("t", .num(r.t)), ("df", .num(r.df)),
                ("p", .num(r.p)),
                ("mean_difference", .num(r.meanDifference)), ("ci_low", .num(r.ciLow)), ("ci_high", .num(r.ciHigh)),
                ("cohen_d", .num(r.cohenD)), ("hedges_g", .num(r.hedgesG)),
                ("cohen_d_ci_low", .num(r.cohenDCI?.low)), ("cohen_d_ci_high", .num(r.cohenDCI?.high)),
                ("hedges_g_ci_low", .num(r.hedgesGCI?.low)), ("hedges_g_ci_high", .num(r.hedgesGCI?.high)),
                ("levels", .array(names.map { .string($0) })), ("estimates", .array(r.estimates.map { .num($0) })),
            ]))
    }

    /// Laid out like R's TukeyHSD print.
    public static func tukey(_ comparisons: [Comparison], value: String, by: String) -> RenderedResult {
        let diff = RFormat.column(comparisons.map(\.diff), digits: 7)
        let low = RFormat.column(comparisons.map(\.ciLow), digits: 7)
        let high = RFormat.column(comparisons.map(\.ciHigh), digits: 7)
        let rows = comparisons.indices.map { i in
            [
                "\(comparisons[i].a)-\(comparisons[i].b)", diff[i], low[i], high[i],
                RFormat.signif(comparisons[i].pAdjusted, 7),
            ]
        }
        let text =
            "  Tukey multiple comparisons of means\n    95% family-wise confidence level\n\n\(by) (\(value))\n"
            + RFormat.table(header: ["", "diff", "lwr", "upr", "p adj"], rows: rows)
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("tukey-hsd")), ("by", .string(by)),
                (
                    "comparisons",
                    .array(
                        comparisons.map { c in
                            .object([
                                ("a", .string(c.a)), ("b", .string(c.b)), ("diff", .num(c.diff)),
                                ("ci_low", .num(c.ciLow)), ("ci_high", .num(c.ciHigh)), ("p_adj", .num(c.pAdjusted)),
                            ])
                        })
                ),
            ]))
    }

    /// Laid out like R's pairwise.t.test: a lower-triangular matrix of adjusted p-values.
    public static func pairwise(
        _ comparisons: [Comparison], names: [String], value: String, by: String,
        adjustment: PValueAdjustment, pooled: Bool
    ) -> RenderedResult {
        var text =
            "\n\tPairwise comparisons using t tests with \(pooled ? "pooled SD" : "non-pooled SD")\n\ndata:  \(value) and \(by)\n\n"
        var rows: [[String]] = []
        for i in 1..<names.count {
            var row = [names[i]]
            for j in 0..<(names.count - 1) {
                if j < i, let c = comparisons.first(where: { $0.a == names[i] && $0.b == names[j] }) {
                    row.append(RFormat.pValue(c.pAdjusted, digits: 2))
                } else {
                    row.append("-")
                }
            }
            rows.append(row)
        }
        text +=
            RFormat.table(header: [""] + names.dropLast(), rows: rows)
            + "\n\nP value adjustment method: \(adjustment.rawValue)"
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("pairwise-t")), ("adjustment", .string(adjustment.rawValue)),
                ("pooled_sd", .bool(pooled)),
                (
                    "comparisons",
                    .array(
                        comparisons.map { c in
                            .object([
                                ("a", .string(c.a)), ("b", .string(c.b)), ("diff", .num(c.diff)),
                                ("t", .num(c.statistic)), ("df", .num(c.df)), ("p", .num(c.p)),
                                ("p_adj", .num(c.pAdjusted)),
                            ])
                        })
                ),
            ]))
    }

    public static func levene(_ r: LeveneResult) -> RenderedResult {
        let name =
            r.center == "median" ? "Brown-Forsythe (Levene's test, center = median)" : "Levene's test (center = mean)"
        let text =
            r.reason.map { "\(name): \($0)" }
            ?? "\(name): F = \(RFormat.signif(r.f, 5)), df = \(RFormat.signif(r.dfBetween, 5)), \(RFormat.signif(r.dfWithin, 5)), p-value = \(RFormat.pValue(r.p))"
        return RenderedResult(
            text: text,
            json: .object(
                [
                    ("test", .string("levene")), ("center", .string(r.center)), ("f", .num(r.f)),
                    ("df_between", .num(r.dfBetween)), ("df_within", .num(r.dfWithin)), ("p", .num(r.p)),
                ] + (r.reason.map { [("reason", JSONValue.string($0))] } ?? [])))
    }

    public static func rank(_ r: RankTestResult, data: String) -> RenderedResult {
        let symbol = r.test.hasPrefix("Kruskal") ? "Kruskal-Wallis chi-squared" : r.test.contains("signed") ? "V" : "W"
        var text = "\n\t\(r.test)\n\ndata:  \(data)\n\(symbol) = \(RFormat.signif(r.statistic, 5))"
        if let df = r.df { text += ", df = \(RFormat.signif(df, 5))" }
        text += ", p-value = \(RFormat.pValue(r.p))\n"
        return RenderedResult(
            text: text,
            json: .object([
                (
                    "test",
                    .string(
                        r.test.hasPrefix("Kruskal")
                            ? "kruskal-wallis" : r.test.contains("signed") ? "wilcoxon-signed-rank" : "mann-whitney")
                ),
                ("statistic", .num(r.statistic)), ("df", .num(r.df)), ("p", .num(r.p)), ("exact", .bool(r.exact)),
            ]))
    }

    public static func circular(_ items: [(String, CircularSummary)], value: String) -> RenderedResult {
        let rows = items.map { name, s in
            [
                name, "\(s.n)", RFormat.signif(s.meanDeg, 5), s.ciLowDeg.map { RFormat.signif($0, 5) } ?? "NA",
                s.ciHighDeg.map { RFormat.signif($0, 5) } ?? "NA", RFormat.signif(s.resultantLength, 4),
                RFormat.signif(s.circularSDDeg, 4), RFormat.signif(s.rayleighZ, 5),
                RFormat.pValue(s.rayleighP, digits: 4), RFormat.pValue(s.vTestP, digits: 4),
            ]
        }
        var text =
            "Circular statistics of \(value) (degrees; 95% CI of the mean direction, Zar 2010 eq. 26.24-26.25;\n"
            + "Rayleigh test of uniformity and V-test toward 0 degrees, as circular::rayleigh.test)\n"
            + RFormat.table(
                header: [
                    "", "n", "mean_deg", "ci_low", "ci_high", "R_bar", "circ_sd_deg", "Rayleigh_Z", "p", "V_test_p",
                ],
                rows: rows)
        if items.contains(where: { $0.1.ciLowDeg == nil }) {
            text +=
                "\nNA: the 95% CI of the mean direction does not exist when R_bar <= sqrt(qchisq(0.95, 1) / (2 n)) (too little concentration)."
        }
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("circular")),
                (
                    "groups",
                    .array(
                        items.map { name, s in
                            .object([
                                ("name", .string(name)), ("n", .integer(s.n)), ("mean_deg", .num(s.meanDeg)),
                                ("resultant_length", .num(s.resultantLength)), ("ci_low_deg", .num(s.ciLowDeg)),
                                ("ci_high_deg", .num(s.ciHighDeg)),
                                ("circular_sd_deg", .num(s.circularSDDeg)), ("rayleigh_z", .num(s.rayleighZ)),
                                ("p", .num(s.rayleighP)), ("rayleigh_p", .num(s.rayleighP)),
                                ("v_test_p", .num(s.vTestP)),
                            ])
                        })
                ),
            ]))
    }

    public static func proportions(_ items: [(String, Proportion)], value: String) -> RenderedResult {
        let rows = items.map { name, p in
            [
                name, "\(p.successes)", "\(p.n)", RFormat.signif(p.rate, 4), RFormat.signif(p.ciLow, 4),
                RFormat.signif(p.ciHigh, 4),
            ]
        }
        let text =
            "Rate of \(value) with 95% Wilson intervals\n"
            + RFormat.table(header: ["", "count", "n", "rate", "ci_low", "ci_high"], rows: rows)
        return RenderedResult(
            text: text,
            json: .object([
                ("test", .string("proportion-wilson")),
                (
                    "groups",
                    .array(
                        items.map { name, p in
                            .object([
                                ("name", .string(name)), ("count", .integer(p.successes)), ("n", .integer(p.n)),
                                ("rate", .num(p.rate)),
                                ("ci_low", .num(p.ciLow)), ("ci_high", .num(p.ciHigh)),
                            ])
                        })
                ),
            ]))
    }
}
