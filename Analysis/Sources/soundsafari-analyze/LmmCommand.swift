// `lmm`: a linear mixed model on trial-level rows (lme4 formula; REML or ML; Satterthwaite t and type III F tests).
import ArgumentParser
import StudyAnalysis

struct LmmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lmm",
        abstract: "Linear mixed model as lme4::lmer + lmerTest (REML by default; Satterthwaite df; type III F tests).",
        discussion:
            "Example: --model \"abs_deviation_deg ~ condition * background + (1 + condition | participant)\". Random terms: (1 | g), (1 + x | g), (x || g), (1 | site/participant), several grouping factors."
    )
    @OptionGroup var data: DataOptions
    @Option(help: "The model formula in lme4 syntax.") var model: String
    @Flag(help: "Maximum likelihood instead of REML.") var ml = false
    @Option(help: "Factor coding: treatment (R's default) or sum.") var contrasts: ContrastChoice = .treatment

    func run() throws {
        try runReporting {
            let result = try LinearMixedModel.fit(
                formula: model, input: data.mixedModelInput(contrasts: contrasts), reml: !ml)
            data.emit([MixedModelRendering.lmm(result)])
        }
    }
}

enum ContrastChoice: String, ExpressibleByArgument, CaseIterable {
    case treatment, sum
    var kind: ContrastKind { self == .sum ? .sum : .treatment }
}

extension DataOptions {
    /// The shared input options for the mixed-model commands (the value column is named by the formula).
    func mixedModelInput(contrasts: ContrastChoice, binary: Bool = false) throws -> MixedModelInput {
        if let value {
            throw AnalysisError(
                "--value \(value) does not apply to a mixed model: the response is the left side of --model (e.g. --model \"\(value) ~ condition + (1 | participant)\")."
            )
        }
        var input = MixedModelInput(paths: inputs)
        input.filters = try filters.map { try RowFilter(parsing: $0) }
        input.skipInvalid = skipInvalid
        input.participantsFile = participants
        input.contrasts = contrasts.kind
        input.binaryResponse = binary
        return input
    }
}
