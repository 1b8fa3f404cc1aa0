// Binomial GLMMs (Laplace) against glmer (lme4 1.1-31) refit to the true optimum, standard errors from numDeriv's
// Hessian of the Laplace deviance (Fixtures/lmm-reference.txt, scripts/r-lmm-reference.R).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct GeneralizedMixedModelTests {
    static let reference = MixedModelTests.reference

    static let cases: [(name: String, formula: String)] = [
        ("glmm", "front_back_confusion ~ condition + background + (1 | participant)"),
        ("glmm_crossed", "front_back_confusion ~ condition * background + (1 | participant) + (1 | sound)"),
        ("glmm_sound", "large_error ~ condition + background + (1 | participant) + (1 | sound)"),
        ("glmm_slopes", "large_error ~ condition + eccentricity + (1 + eccentricity | participant)"),
    ]

    /// Estimates near zero are compared to 1e-6 of their standard error: along flat directions of the deviance the
    /// R reference itself moves by that much between runs (glmer's PIRLS tolerance).
    @Test(arguments: cases.map(\.name)) func agreesWithGlmer(_ name: String) throws {
        let formula = Self.cases.first { $0.name == name }!.formula
        var input = MixedModelInput(paths: [Fixtures.path("lmm-localization.csv")])
        input.showProgress = false
        let r = try GeneralizedLinearMixedModel.fitBinomial(formula: formula, input: input)
        #expect(r.optimizer.converged)
        #expect(r.observations == 1152)
        for f in r.fixed {
            let key = "\(name).fixed.\(f.term)"
            MixedModelTests.expectClose(f.estimate, key + ".estimate", relative: 1e-6, absolute: 1e-6 * f.se)
            MixedModelTests.expectClose(f.se, key + ".se", relative: 1e-5)
            MixedModelTests.expectClose(f.statistic, key + ".z", relative: 1e-5)
            MixedModelTests.expectClose(f.p, key + ".p", relative: 1e-4)
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
