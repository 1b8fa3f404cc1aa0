// `glmm`: a logistic mixed model on trial-level true/false outcomes (glmer, binomial, Laplace).
import ArgumentParser
import StudyAnalysis

struct GlmmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glmm",
        abstract: "Binomial (logit) mixed model as lme4::glmer (Laplace approximation); Wald z tests.",
        discussion:
            "Example: --model \"front_back_confusion ~ condition + (1 | participant)\" --family binomial. The response may be true/false, yes/no or 1/0."
    )
    @OptionGroup var data: DataOptions
    @Option(help: "The model formula in lme4 syntax.") var model: String
    @Option(help: "The response distribution (binomial, logit link).") var family: FamilyChoice = .binomial
    @Option(help: "Factor coding: treatment (R's default) or sum.") var contrasts: ContrastChoice = .treatment

    func run() throws {
        try runReporting {
            let input = try data.mixedModelInput(contrasts: contrasts, binary: true)
            let result = try GeneralizedLinearMixedModel.fitBinomial(formula: model, input: input)
            data.emit([MixedModelRendering.glmm(result)])
        }
    }
}

enum FamilyChoice: String, ExpressibleByArgument, CaseIterable { case binomial }
