// Linear mixed models against lme4 1.1-31 + lmerTest 3.1-3 refit to the true optimum (Fixtures/lmm-reference.txt,
// written by scripts/r-lmm-reference.R; the R call of each case is in that file's comments).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct MixedModelTests {
    static let reference = Fixtures.references("lmm-reference.txt")

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let file: String
        let formula: String
        var reml = true
        var contrasts = ContrastKind.treatment
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "intercept", file: "lmm-sleepstudy.csv", formula: "Reaction ~ Days + (1 | Subject)"),
        Case(name: "slopes", file: "lmm-sleepstudy.csv", formula: "Reaction ~ Days + (Days | Subject)"),
        Case(name: "factor_days", file: "lmm-sleepstudy.csv", formula: "Reaction ~ factor(Days) + (1 | Subject)"),
        Case(name: "slopes_ml", file: "lmm-sleepstudy.csv", formula: "Reaction ~ Days + (Days | Subject)", reml: false),
        Case(
            name: "crossed", file: "lmm-localization.csv",
            formula: "abs_deviation_deg ~ condition * background + (1 | participant) + (1 | sound)"),
        Case(
            name: "crossed_slopes", file: "lmm-localization.csv",
            formula: "abs_deviation_deg ~ condition * background + (1 + condition | participant) + (1 | sound)"),
        Case(
            name: "nested", file: "lmm-localization.csv",
            formula: "abs_deviation_deg ~ condition + eccentricity + (1 | site/participant)"),
        Case(
            name: "uncorrelated", file: "lmm-localization.csv",
            formula: "abs_deviation_deg ~ condition + eccentricity + (1 + eccentricity || participant)"),
        Case(
            name: "unbalanced", file: "lmm-localization-unbalanced.csv",
            formula:
                "abs_deviation_deg ~ condition * background + (1 | participant) + (1 | participant:condition) + (1 | sound)"
        ),
        Case(
            name: "unbalanced_sum", file: "lmm-localization-unbalanced.csv",
            formula:
                "abs_deviation_deg ~ condition * background + (1 | participant) + (1 | participant:condition) + (1 | sound)",
            contrasts: .sum),
        Case(name: "singular", file: "lmm-singular.csv", formula: "score ~ condition + (1 | participant)"),
        Case(
            name: "covariate", file: "lmm-localization-unbalanced.csv",
            formula: "abs_deviation_deg ~ condition * eccentricity + (1 | participant)"),
        Case(
            name: "covariate_nested", file: "lmm-localization-unbalanced.csv",
            formula: "abs_deviation_deg ~ eccentricity + eccentricity:condition + (1 | participant)"),
        Case(
            name: "crossed_slopes_singular", file: "lmm-localization-unbalanced.csv",
            formula: "abs_deviation_deg ~ condition + (1 + condition | participant) + (1 | sound)"),
        // Issue 42: the stimulus (its file's hash, as trials.csv logs it) as a random effect, alone and beside its
        // measured bandwidth (a stimulus-level slope: its df is the stimuli's, not the trials').
        Case(
            name: "stimulus", file: "lmm-stimulus.csv",
            formula: "abs_deviation_deg ~ condition + (1 | participant) + (1 | stimulus_sha256)"),
        Case(
            name: "stimulus_bandwidth", file: "lmm-stimulus.csv",
            formula:
                "abs_deviation_deg ~ condition + stimulus_bandwidth_oct + (1 | participant) + (1 | stimulus_sha256)"),
    ]

    static func fit(_ c: Case) throws -> LinearMixedModelResult {
        var input = MixedModelInput(paths: [Fixtures.path(c.file)])
        input.contrasts = c.contrasts
        input.showProgress = false
        return try LinearMixedModel.fit(formula: c.formula, input: input, reml: c.reml)
    }

    /// Relative agreement; values the reference puts at (numerically) zero are compared absolutely.
    static func expectClose(
        _ value: Double, _ key: String, relative: Double, absolute: Double = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let expected = reference[key] else {
            Issue.record("no reference value \(key)", sourceLocation: sourceLocation)
            return
        }
        let error = abs(value - expected)
        #expect(
            error <= max(relative * abs(expected), absolute), "\(key): \(value) vs R \(expected)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: cases) func agreesWithLme4(_ c: Case) throws {
        let r = try Self.fit(c)
        let n = c.name
        #expect(r.converged, "\(n): \(r.optimizer.message ?? "")")
        #expect(r.singular == (Self.reference["\(n).singular"] == 1))
        for f in r.fixed {
            let key = "\(n).fixed.\(f.term)"
            Self.expectClose(f.estimate, key + ".estimate", relative: 1e-6, absolute: 1e-6 * f.se)
            Self.expectClose(f.se, key + ".se", relative: 1e-5)
            Self.expectClose(f.df, key + ".df", relative: 1e-4)
            Self.expectClose(f.statistic, key + ".t", relative: 1e-5)
            Self.expectClose(f.p, key + ".p", relative: 1e-4)
        }
        #expect(
            r.fixed.count == Self.reference.keys.filter { $0.hasPrefix("\(n).fixed.") && $0.hasSuffix(".se") }.count)
        for v in r.random {
            Self.expectClose(v.variance, "\(n).random.\(v.group).\(v.term).variance", relative: 1e-6, absolute: 1e-9)
        }
        #expect(r.random.count == Self.reference.keys.filter { $0.hasPrefix("\(n).random.") }.count)
        for c in r.correlations {
            Self.expectClose(c.correlation, "\(n).cor.\(c.group).\(c.term1).\(c.term2)", relative: 1e-5)
        }
        Self.expectClose(r.residualVariance, "\(n).residual_variance", relative: 1e-6)
        if c.reml { Self.expectClose(r.remlCriterion ?? .nan, "\(n).reml_criterion", relative: 1e-10) }
        Self.expectClose(r.logLik, "\(n).loglik", relative: 1e-10)
        Self.expectClose(r.aic, "\(n).aic", relative: 1e-10)
        Self.expectClose(r.bic, "\(n).bic", relative: 1e-10)
        // lmerTest rounds type III contrasts to 7 digits (zapsmall), so F agrees to about 1e-7.
        for a in r.anova {
            let key = "\(n).anova.\(a.effect)"
            Self.expectClose(a.f, key + ".f", relative: 1e-6)
            Self.expectClose(a.dfEffect, key + ".df_effect", relative: 0)
            Self.expectClose(a.dfError, key + ".df_error", relative: 1e-4)
            Self.expectClose(a.p, key + ".p", relative: 1e-4)
        }
        #expect(r.anova.count == Self.reference.keys.filter { $0.hasPrefix("\(n).anova.") && $0.hasSuffix(".f") }.count)
    }

    @Test func formulaTermsFollowR() throws {
        let f = try ModelFormula(parsing: "y ~ b:a + a * c + (1 + a || g) + (1 | site/participant)")
        #expect(f.response == "y")
        #expect(f.intercept)
        #expect(f.fixedTermLabels == ["a", "c", "b:a", "a:c"])
        #expect(f.randomTerms.map(\.groupName) == ["g", "g", "site", "participant:site"])
        #expect(f.randomTerms[0].intercept && f.randomTerms[0].terms.isEmpty)
        #expect(!f.randomTerms[1].intercept && f.randomTerms[1].terms == [["a"]])
        let asFactor = try ModelFormula(parsing: "y ~ factor(day) * x + (1 | g)")
        #expect(asFactor.fixedTermLabels == ["factor(day)", "x", "factor(day):x"])
        let deep = try ModelFormula(parsing: "y ~ 1 + (1 | site/participant/condition)")
        #expect(deep.randomTerms.map(\.groupName) == ["site", "participant:site", "condition:(participant:site)"])
        let noIntercept = try ModelFormula(parsing: "y ~ 0 + x + (x - 1 | g)")
        #expect(!noIntercept.intercept)
        #expect(!noIntercept.randomTerms[0].intercept)
    }

    @Test func badFormulasSayWhatIsWrong() {
        for (text, fragment) in [
            ("y condition", "expected 'response ~ predictors'"),
            ("y ~ (1 | )", "grouping factor name is missing"),
            ("y ~ x + (1 | g", "expected ')'"),
            ("y ~ x^2", "'^' is not supported"),
            ("y ~ log(x) + (1 | g)", "functions such as log(...) are not supported"),
        ] {
            #expect {
                _ = try ModelFormula(parsing: text)
            } throws: { error in
                "\(error)".contains(fragment)
            }
        }
    }

    @Test func badModelsGetOneSentence() throws {
        let file = Fixtures.path("lmm-localization.csv")
        for (formula, filter, fragment) in [
            ("abs_deviation_deg ~ conditon + (1 | participant)", nil, "no column named 'conditon'"),
            (
                "abs_deviation_deg ~ condition + (1 | participant)", "condition=noise",
                "Column 'condition' has only one level"
            ),
            (
                "abs_deviation_deg ~ condition + (1 | participant)", "participant=P01",
                "Grouping factor 'participant' has only 1 level"
            ),
            (
                "abs_deviation_deg ~ condition + (1 + condition | participant:sound:condition:background)", nil,
                "random effects for"
            ),
        ] as [(String, String?, String)] {
            var input = MixedModelInput(paths: [file])
            input.showProgress = false
            if let filter { input.filters = [try RowFilter(parsing: filter)] }
            #expect {
                _ = try LinearMixedModel.fit(formula: formula, input: input)
            } throws: { error in
                "\(error)".contains(fragment)
            }
        }
    }

    @Test func choleskyAndPseudoInverse() throws {
        let a = Matrix(rows: 3, cols: 3, values: [4, 2, 0.6, 2, 5, 1, 0.6, 1, 3])
        let l = try #require(a.cholesky())
        let back = l * l.transposed
        for (x, y) in zip(back.values, a.values) { #expect(abs(x - y) < 1e-14) }
        let inverse = try #require(a.inverseSPD())
        let identity = a * inverse
        for i in 0..<3 { for j in 0..<3 { #expect(abs(identity[i, j] - (i == j ? 1 : 0)) < 1e-14) } }
        let pinv = a.symmetricPseudoInverse()
        for (x, y) in zip(pinv.values, inverse.values) { #expect(abs(x - y) < 1e-13) }
        #expect(Matrix(rows: 2, cols: 2, values: [1, 2, 2, 1]).cholesky() == nil)
    }
}

/// The commands as a researcher runs them: JSON keys of the issue, errors as one sentence with a non-zero exit.
@Suite struct MixedModelCommandTests {
    let cli = CommandLineTests()

    @Test func lmmJSONHasTheContractKeys() throws {
        let run = try cli.run([
            "lmm", Fixtures.path("lmm-sleepstudy.csv"), "--model", "Reaction ~ Days + (Days | Subject)", "--format",
            "json",
        ])
        #expect(run.status == 0, "\(run.err)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]]
        ).first!
        for key in [
            "fixed", "random", "correlations", "residual_variance", "reml_criterion", "loglik", "aic", "bic", "anova",
            "singular", "converged",
        ] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let fixed = try #require(json["fixed"] as? [[String: Any]])
        #expect(Set(fixed[0].keys).isSuperset(of: ["term", "estimate", "se", "df", "t", "p"]))
        #expect(fixed.map { $0["term"] as? String } == ["(Intercept)", "Days"])
        let anova = try #require(json["anova"] as? [[String: Any]])
        #expect(Set(anova[0].keys).isSuperset(of: ["effect", "f", "df_effect", "df_error", "p"]))
        let correlations = try #require(json["correlations"] as? [[String: Any]])
        #expect(correlations.first?["term2"] as? String == "Days")
    }

    @Test func glmmJSONHasTheContractKeys() throws {
        let run = try cli.run([
            "glmm", Fixtures.path("lmm-localization.csv"), "--model",
            "front_back_confusion ~ condition + background + (1 | participant)", "--family", "binomial", "--format",
            "json",
        ])
        #expect(run.status == 0, "\(run.err)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]]
        ).first!
        for key in ["fixed", "random", "loglik", "aic", "bic", "singular", "converged"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let fixed = try #require(json["fixed"] as? [[String: Any]])
        #expect(Set(fixed[0].keys).isSuperset(of: ["term", "estimate", "se", "z", "p"]))
    }

    @Test func textOutputLooksLikeLmerTest() throws {
        let run = try cli.run([
            "lmm", Fixtures.path("lmm-singular.csv"), "--model", "score ~ condition + (1 | participant)",
        ])
        #expect(run.status == 0)
        #expect(run.out.contains("Linear mixed model fit by REML. t-tests use Satterthwaite's method"))
        #expect(run.out.contains("conditionb"))
        #expect(run.out.contains("boundary (singular) fit"))
        #expect(run.out.contains("Type III Analysis of Variance Table with Satterthwaite's method"))
    }

    @Test func unknownColumnIsOneSentenceAndNonZeroExit() throws {
        let run = try cli.run([
            "lmm", Fixtures.path("lmm-sleepstudy.csv"), "--model", "Reaction ~ Dayz + (1 | Subject)",
        ])
        #expect(run.status != 0)
        #expect(run.err.contains("no column named 'Dayz'"))
        #expect(run.out.isEmpty)
    }

    @Test func invalidAndMissingRowsAreCountedOrStop() throws {
        let file = Fixtures.path("lmm-missing.csv")
        let model = "Reaction ~ Days + (1 | Subject)"
        let stopped = try cli.run(["lmm", file, "--model", model])
        #expect(stopped.status != 0)
        #expect(stopped.err.contains("lmm-missing.csv:4: column 'Reaction': 'fast' is not a number"))
        let skipped = try cli.run(["lmm", file, "--model", model, "--skip-invalid"])
        #expect(skipped.status == 0, "\(skipped.err)")
        #expect(skipped.out.contains("1 invalid row(s) skipped"))
        #expect(skipped.out.contains("2 row(s) with missing values (empty or NA) left out"))
        #expect(skipped.out.contains("Number of obs: 177, groups:  Subject, 18"))
    }
}
