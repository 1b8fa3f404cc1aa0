// Binomial GLMMs (Laplace) against glmer (lme4 1.1-31) refit to the true optimum, standard errors from numDeriv's
// Hessian of the Laplace deviance (Fixtures/lmm-reference.txt, scripts/r-lmm-reference.R).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct GeneralizedMixedModelTests {
    static let reference = MixedModelTests.reference

    static let cases: [(name: String, formula: String, file: String, rows: Int)] = [
        ("glmm", "front_back_confusion ~ condition + background + (1 | participant)", "lmm-localization.csv", 1152),
        (
            "glmm_crossed", "front_back_confusion ~ condition * background + (1 | participant) + (1 | sound)",
            "lmm-localization.csv", 1152
        ),
        (
            "glmm_sound", "large_error ~ condition + background + (1 | participant) + (1 | sound)",
            "lmm-localization.csv", 1152
        ),
        (
            "glmm_slopes", "large_error ~ condition + eccentricity + (1 + eccentricity | participant)",
            "lmm-localization.csv", 1152
        ),
        // Issue 42: the stimulus as a random effect, by the file's hash as trials.csv logs it.
        (
            "glmm_stimulus", "front_back_confusion ~ condition + (1 | participant) + (1 | stimulus_sha256)",
            "lmm-stimulus.csv", 576
        ),
    ]

    /// Estimates near zero are compared to 1e-6 of their standard error: along flat directions of the deviance the
    /// R reference itself moves by that much between runs (glmer's PIRLS tolerance).
    @Test(arguments: cases.map(\.name)) func agreesWithGlmer(_ name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        var input = MixedModelInput(paths: [Fixtures.path(c.file)])
        input.showProgress = false
        let r = try GeneralizedLinearMixedModel.fitBinomial(formula: c.formula, input: input)
        #expect(r.optimizer.converged)
        #expect(r.observations == c.rows)
        for f in r.fixed {
            let key = "\(name).fixed.\(f.term)"
            MixedModelTests.expectClose(f.estimate, key + ".estimate", relative: 1e-6, absolute: 1e-6 * f.se)
            MixedModelTests.expectClose(f.se, key + ".se", relative: 1e-5)
            MixedModelTests.expectClose(f.statistic, key + ".z", relative: 1e-5)
            // p follows z: |d(ln p)/dz| = φ(z)/Φ(−|z|) < |z| + 1/|z| (the Mills ratio), so z within 1e-5 relative
            // moves p by up to (z² + 1) · 1e-5 relative (glmm_stimulus: z = −3.8, p agrees to 1.5e-4).
            MixedModelTests.expectClose(
                f.p, key + ".p", relative: max(1e-4, (f.statistic * f.statistic + 1) * 1e-5))
        }
        #expect(
            r.fixed.count == Self.reference.keys.filter { $0.hasPrefix("\(name).fixed.") && $0.hasSuffix(".se") }.count)
        for v in r.random {
            MixedModelTests.expectClose(
                v.variance, "\(name).random.\(v.group).\(v.term).variance", relative: 1e-6, absolute: 1e-9)
        }
        MixedModelTests.expectClose(r.logLik, "\(name).loglik", relative: 1e-10)
        MixedModelTests.expectClose(r.aic, "\(name).aic", relative: 1e-10)
        MixedModelTests.expectClose(r.bic, "\(name).bic", relative: 1e-10)
        for c in r.correlations {
            MixedModelTests.expectClose(c.correlation, "\(name).cor.\(c.group).\(c.term1).\(c.term2)", relative: 1e-5)
        }
        #expect(r.singular == (Self.reference["\(name).singular"] == 1))
    }

    @Test func nonBinaryResponseIsOneSentence() {
        var input = MixedModelInput(paths: [Fixtures.path("lmm-localization.csv")])
        input.showProgress = false
        #expect {
            _ = try GeneralizedLinearMixedModel.fitBinomial(
                formula: "abs_deviation_deg ~ condition + (1 | participant)", input: input)
        } throws: { error in
            "\(error)".contains("is not binary; a binomial model needs true/false, yes/no or 1/0")
        }
    }
}
