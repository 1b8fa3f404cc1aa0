// Mixed-model results as lmerTest's summary() and anova() lay them out, and as JSON with the issue's keys.
import Foundation
import TidyFormats

public enum MixedModelRendering {
    public static func lmm(_ r: LinearMixedModelResult) -> RenderedResult {
        var text =
            "Linear mixed model fit by \(r.reml ? "REML" : "maximum likelihood"). t-tests use Satterthwaite's method\n"
        text += "Formula: \(r.formula)\n\n"
        if let c = r.remlCriterion {
            text += "REML criterion at convergence: \(RFormat.signif(c, 8))\n"
        }
        text +=
            "logLik \(RFormat.signif(r.logLik, 10))  AIC \(RFormat.signif(r.aic, 10))  BIC \(RFormat.signif(r.bic, 10))\n\n"
        text += randomTable(r.random, correlations: r.correlations, residual: r.residualVariance) + "\n"
        text += "Number of obs: \(r.observations), groups:  "
        text += r.groupLevels.map { "\($0.group), \($0.levels)" }.joined(separator: "; ") + "\n\n"
        text += "Fixed effects:\n" + fixedTable(r.fixed, dfColumn: true) + "\n" + RFormat.signifLegend + "\n"
        if !r.anova.isEmpty {
            text += "\nType III Analysis of Variance Table with Satterthwaite's method\n"
            let rows = r.anova.map { a in
                [
                    a.effect, RFormat.signif(a.f, 5), RFormat.signif(a.dfEffect, 5), RFormat.signif(a.dfError, 5),
                    RFormat.pValue(a.p), RFormat.stars(a.p),
                ]
            }
            text += RFormat.table(header: ["", "F value", "NumDF", "DenDF", "Pr(>F)", ""], rows: rows) + "\n"
        }
        text += diagnostics(
            singular: r.singular, optimizer: r.optimizer, rowsWithMissing: r.rowsWithMissing, skipped: r.skippedRows,
            firstSkipped: r.firstSkipped)
        var json: [(String, JSONValue)] = [
            ("test", .string("lmm")), ("formula", .string(r.formula)), ("method", .string(r.reml ? "REML" : "ML")),
            ("observations", .integer(r.observations)),
            ("fixed", .array(r.fixed.map { fixedJSON($0, statistic: "t", df: true) })),
            ("random", .array(r.random.map(randomJSON))),
            ("correlations", .array(r.correlations.map(correlationJSON))),
            ("residual_variance", .num(r.residualVariance)),
        ]
        if let c = r.remlCriterion { json.append(("reml_criterion", .num(c))) }
        json += [
            ("loglik", .num(r.logLik)), ("aic", .num(r.aic)), ("bic", .num(r.bic)),
            (
                "anova",
                .array(
                    r.anova.map { a in
                        .object([
                            ("effect", .string(a.effect)), ("f", .num(a.f)), ("df_effect", .num(a.dfEffect)),
                            ("df_error", .num(a.dfError)), ("p", .num(a.p)),
                        ])
                    })
            ),
            ("theta", .array(r.theta.map { .num($0) })),
            ("singular", .bool(r.singular)), ("converged", .bool(r.optimizer.converged)),
            ("rows_with_missing", .integer(r.rowsWithMissing)),
        ]
        return RenderedResult(text: text, json: .object(json))
    }

    public static func glmm(_ r: GeneralizedLinearMixedModelResult) -> RenderedResult {
        var text = "Generalized linear mixed model fit by maximum likelihood (Laplace Approximation)\n"
        text += "Family: binomial ( logit )\nFormula: \(r.formula)\n\n"
        text +=
            "logLik \(RFormat.signif(r.logLik, 10))  AIC \(RFormat.signif(r.aic, 10))  BIC \(RFormat.signif(r.bic, 10))"
        text += "  deviance \(RFormat.signif(r.deviance, 10))\n\n"
        text += randomTable(r.random, correlations: r.correlations, residual: nil) + "\n"
        text += "Number of obs: \(r.observations) (\(r.patterns) covariate patterns), groups:  "
        text += r.groupLevels.map { "\($0.group), \($0.levels)" }.joined(separator: "; ") + "\n\n"
        text += "Fixed effects (standard errors from the Hessian of the Laplace deviance):\n"
        text += fixedTable(r.fixed, dfColumn: false) + "\n" + RFormat.signifLegend + "\n"
        text += diagnostics(
            singular: r.singular, optimizer: r.optimizer, rowsWithMissing: r.rowsWithMissing, skipped: r.skippedRows,
            firstSkipped: r.firstSkipped)
        let json: [(String, JSONValue)] = [
            ("test", .string("glmm")), ("family", .string("binomial")), ("formula", .string(r.formula)),
            ("observations", .integer(r.observations)),
            ("fixed", .array(r.fixed.map { fixedJSON($0, statistic: "z", df: false) })),
            ("random", .array(r.random.map(randomJSON))),
            ("correlations", .array(r.correlations.map(correlationJSON))),
            ("loglik", .num(r.logLik)), ("aic", .num(r.aic)), ("bic", .num(r.bic)), ("deviance", .num(r.deviance)),
            ("theta", .array(r.theta.map { .num($0) })),
            ("singular", .bool(r.singular)), ("converged", .bool(r.optimizer.converged)),
            ("rows_with_missing", .integer(r.rowsWithMissing)),
        ]
        return RenderedResult(text: text, json: .object(json))
    }

    static func diagnostics(
        singular: Bool, optimizer: OptimizerReport, rowsWithMissing: Int, skipped: Int, firstSkipped: String?
    ) -> String {
        var lines: [String] = []
        if singular {
            lines.append(
                "boundary (singular) fit: a random-effect variance is (near) zero or a correlation is +-1; simplify the random terms (as lme4's isSingular)."
            )
        }
        if let m = optimizer.message {
            lines.append("Convergence warning: \(m).")
        } else {
            lines.append(
                "Converged: \(optimizer.evaluations) deviance evaluations, last Newton step \(RFormat.signif(optimizer.finalStep, 2)), max |gradient| \(RFormat.signif(optimizer.maxGradient, 2))."
            )
        }
        if skipped > 0 {
            lines.append("\(skipped) invalid row(s) skipped (--skip-invalid); first: \(firstSkipped ?? "").")
        }
        if rowsWithMissing > 0 { lines.append("\(rowsWithMissing) row(s) with missing values (empty or NA) left out.") }
        return lines.joined(separator: "\n")
    }

    static func fixedTable(_ fixed: [FixedEffect], dfColumn: Bool) -> String {
        let estimates = RFormat.column(fixed.map(\.estimate), digits: 5)
        let ses = RFormat.column(fixed.map(\.se), digits: 5)
        let dfs = RFormat.column(fixed.map(\.df), digits: 5)
        let stats = RFormat.column(fixed.map(\.statistic), digits: 5)
        var header = ["", "Estimate", "Std. Error"]
        if dfColumn { header.append("df") }
        header += [dfColumn ? "t value" : "z value", dfColumn ? "Pr(>|t|)" : "Pr(>|z|)", ""]
        let rows = fixed.indices.map { i -> [String] in
            var row = [fixed[i].term, estimates[i], ses[i]]
            if dfColumn { row.append(dfs[i]) }
            return row + [stats[i], RFormat.pValue(fixed[i].p, digits: 3), RFormat.stars(fixed[i].p)]
        }
        return RFormat.table(header: header, rows: rows)
    }

    /// Laid out like lme4's print(VarCorr): group and name left-aligned, variances and SDs to 4 significant digits.
    static func randomTable(_ random: [VarianceComponent], correlations: [RandomCorrelation], residual: Double?)
        -> String
    {
        var variances = random.map(\.variance)
        if let residual { variances.append(residual) }
        let varianceText = RFormat.column(variances, digits: 4)
        let sdText = RFormat.column(variances.map { $0.squareRoot() }, digits: 4)
        var rows: [[String]] = [["Groups", "Name", "Variance", "Std.Dev.", "Corr"]]
        var lastGroup: String?
        for (i, v) in random.enumerated() {
            let corr = correlations.filter { $0.group == v.group && $0.term2 == v.term }.map {
                String(format: "%.2f", $0.correlation)
            }.joined(separator: " ")
            rows.append([v.group == lastGroup ? "" : v.group, v.term, varianceText[i], sdText[i], corr])
            lastGroup = v.group
        }
        if residual != nil { rows.append(["Residual", "", varianceText[random.count], sdText[random.count], ""]) }
        let widths = (0..<5).map { c in rows.map { $0[c].count }.max() ?? 0 }
        let lines = rows.map { row in
            row.enumerated().map { c, cell in
                c < 2 || c == 4
                    ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: " ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return "Random effects:\n" + lines.joined(separator: "\n")
    }

    static func fixedJSON(_ f: FixedEffect, statistic: String, df: Bool) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("term", .string(f.term)), ("estimate", .num(f.estimate)), ("se", .num(f.se)),
        ]
        if df { pairs.append(("df", .num(f.df))) }
        pairs += [(statistic, .num(f.statistic)), ("p", .num(f.p))]
        return .object(pairs)
    }

    static func randomJSON(_ v: VarianceComponent) -> JSONValue {
        .object([
            ("group", .string(v.group)), ("term", .string(v.term)), ("variance", .num(v.variance)), ("sd", .num(v.sd)),
        ])
    }

    static func correlationJSON(_ c: RandomCorrelation) -> JSONValue {
        .object([
            ("group", .string(c.group)), ("term1", .string(c.term1)), ("term2", .string(c.term2)),
            ("correlation", .num(c.correlation)),
        ])
    }
}
