// Fits a binomial (logit) GLMM by the Laplace approximation (glmer's default, nAGQ = 1), optimizing theta and beta
// together; standard errors from the Hessian of the Laplace deviance (lme4's use.hessian), with Richardson derivatives.
import Foundation

public struct GeneralizedLinearMixedModelResult: Sendable {
    public let formula: String
    public let observations: Int
    public let patterns: Int
    public let groupLevels: [(group: String, levels: Int)]
    public let fixed: [FixedEffect]
    public let random: [VarianceComponent]
    public let correlations: [RandomCorrelation]
    public let theta: [Double]
    public let deviance: Double
    public let logLik: Double
    public let aic: Double
    public let bic: Double
    public let singular: Bool
    public let optimizer: OptimizerReport
    public let rowsWithMissing: Int
    public let skippedRows: Int
    public let firstSkipped: String?
}

public enum GeneralizedLinearMixedModel {
    public static func fitBinomial(formula text: String, input: MixedModelInput) throws
        -> GeneralizedLinearMixedModelResult
    {
        let formula = try ModelFormula(parsing: text)
        var binaryInput = input
        binaryInput.binaryResponse = true
        let reader = try MixedModelReader(formula: formula, input: binaryInput)
        let design = try reader.design()
        var data = BinomialPatterns(design: design)
        var n = 0
        try reader.stream(design) {
            data.add($0)
            n += 1
        }
        return try fit(text: text, formula: formula, design: design, data: data, observations: n, reader: reader)
    }

    /// The fit of the rows `reader` read into `data` (`n` of them): `fitBinomial` after its reading, and the report's
    /// model after the reading it shares with the other models.
    static func fit(
        text: String, formula: ModelFormula, design: MixedModelDesign, data patterns: BinomialPatterns,
        observations n: Int, reader: MixedModelReader
    ) throws -> GeneralizedLinearMixedModelResult {
        var data = patterns
        data.finish()
        for term in design.randomTerms {
            let q = design.blocks[term.block].levelCount * term.columnNames.count
            if q >= n {
                throw AnalysisError(
                    "The random term (\(term.columnNames.joined(separator: " + ")) | \(term.group)) has \(q) random effects for \(n) observations; use a simpler random term or more trials per \(term.group)."
                )
            }
        }
        let successes = data.successes.reduce(0, +)
        if successes == 0 || successes == Double(n) {
            throw AnalysisError(
                "Column '\(formula.response)' is \(successes == 0 ? "false" : "true") on every row; a binomial model needs both outcomes."
            )
        }
        var xtx = Matrix(rows: data.p, cols: data.p)
        for i in 0..<data.count {
            for a in 0..<data.p { for b in 0..<data.p { xtx[a, b] += data.trials[i] * data.x[i][a] * data.x[i][b] } }
        }
        if let column = Collinearity.firstDependentColumn(xtx, names: design.fixedNames) {
            throw AnalysisError(Collinearity.message(column))
        }
        guard let betaStart = logisticRegression(data) else {
            throw AnalysisError(
                "The fixed-effect columns are collinear or perfectly separate the outcomes; drop a term from the model."
            )
        }
        let deviance = LaplaceDeviance(design: design, data: data)
        let lowerZero = design.thetaLowerBoundIsZero
        let start = lowerZero.map { $0 ? 1.0 : 0.0 } + betaStart
        let lower = lowerZero.map { $0 ? 0.0 : -Double.infinity } + betaStart.map { _ in -Double.infinity }
        let optimizer = BoundedOptimizer(lower: lower)
        let (parameters, criterion, report) = optimizer.minimize({ deviance($0) }, from: start)
        let nTheta = lowerZero.count
        let theta = Array(parameters[0..<nTheta])
        let beta = Array(parameters[nTheta...])
        let hessian = NumericDerivatives.hessian({ deviance($0) }, at: parameters)
        let covariance = (hessian.inverseSPD() ?? hessian.symmetricPseudoInverse()).scaled(2)
        var fixed: [FixedEffect] = []
        for (i, name) in design.fixedNames.enumerated() {
            let se = covariance[nTheta + i, nTheta + i].squareRoot()
            let z = beta[i] / se
            fixed.append(
                FixedEffect(
                    term: name, estimate: beta[i], se: se, df: .infinity, statistic: z,
                    p: 2 * Distributions.normalCDF(-abs(z))))
        }
        let (random, correlations) = LinearMixedModel.varianceComponents(design: design, theta: theta, sigma2: 1)
        let k = Double(parameters.count)
        return GeneralizedLinearMixedModelResult(
            formula: text, observations: n, patterns: data.count,
            groupLevels: design.blocks.map { ($0.group, $0.levelCount) }, fixed: fixed, random: random,
            correlations: correlations, theta: theta, deviance: criterion, logLik: -criterion / 2,
            aic: criterion + 2 * k, bic: criterion + k * log(Double(n)),
            singular: zip(theta, lowerZero).contains { $1 && $0 < 1e-4 }, optimizer: report,
            rowsWithMissing: reader.rowsWithMissing, skippedRows: reader.skippedRows, firstSkipped: reader.firstSkipped)
    }

    /// Fixed-effects-only logistic regression by IRLS: glmer's starting values for beta.
    static func logisticRegression(_ data: BinomialPatterns) -> [Double]? {
        let p = data.p
        var beta = [Double](repeating: 0, count: p)
        for _ in 0..<50 {
            var xtwx = Matrix(rows: p, cols: p)
            var score = [Double](repeating: 0, count: p)
            for i in 0..<data.count {
                let eta = zip(data.x[i], beta).reduce(0) { $0 + $1.0 * $1.1 }
                let mu = 1 / (1 + exp(-eta))
                let w = data.trials[i] * mu * (1 - mu)
                let r = data.successes[i] - data.trials[i] * mu
                for a in 0..<p {
                    score[a] += data.x[i][a] * r
                    for b in 0..<p { xtwx[a, b] += w * data.x[i][a] * data.x[i][b] }
                }
            }
            guard let l = xtwx.cholesky() else { return nil }
            let step = l.solveLowerTransposed(l.solveLower(Matrix(rows: p, cols: 1, values: score))).values
            beta = zip(beta, step).map { $0 + $1 }
            if step.map(abs).max() ?? 0 < 1e-10 { break }
        }
        return beta.allSatisfy(\.isFinite) && beta.map(abs).max() ?? 0 < 30 ? beta : nil
    }
}
