// Fits a linear mixed model (REML or ML) and wraps the results as lme4 + lmerTest report them.
import Foundation

public struct FixedEffect: Sendable {
    public let term: String
    public let estimate: Double
    public let se: Double
    /// Satterthwaite degrees of freedom (lmm); infinity for the z tests of a glmm.
    public let df: Double
    public let statistic: Double
    public let p: Double
}

public struct VarianceComponent: Sendable {
    public let group: String
    public let term: String
    public let variance: Double
    public var sd: Double { variance.squareRoot() }
}

public struct RandomCorrelation: Sendable {
    public let group: String
    public let term1: String
    public let term2: String
    public let correlation: Double
}

/// One row of lmerTest's type III ANOVA table (Satterthwaite).
public struct AnovaRow: Sendable {
    public let effect: String
    public let f: Double
    public let dfEffect: Double
    public let dfError: Double
    public let p: Double
}

public struct LinearMixedModelResult: Sendable {
    public let formula: String
    public let reml: Bool
    public let observations: Int
    public let groupLevels: [(group: String, levels: Int)]
    public let fixed: [FixedEffect]
    public let random: [VarianceComponent]
    public let correlations: [RandomCorrelation]
    public let residualVariance: Double
    public let theta: [Double]
    public let remlCriterion: Double?
    public let logLik: Double
    public let aic: Double
    public let bic: Double
    public let anova: [AnovaRow]
    public let singular: Bool
    public let converged: Bool
    public let optimizer: OptimizerReport
    public let rowsWithMissing: Int
    public let skippedRows: Int
    public let firstSkipped: String?
    public let vcov: Matrix
}

public enum LinearMixedModel {
    /// Reads the data in two streaming passes and fits `formula`.
    public static func fit(formula text: String, input: MixedModelInput, reml: Bool = true) throws
        -> LinearMixedModelResult
    {
        let formula = try ModelFormula(parsing: text)
        let reader = try MixedModelReader(formula: formula, input: input)
        let design = try reader.design()
        var stats = CrossProducts(design: design)
        try reader.stream(design) { stats.add($0) }
        return try fit(
            design: design, stats: stats, reml: reml, formulaText: text, rowsWithMissing: reader.rowsWithMissing,
            skipped: (reader.skippedRows, reader.firstSkipped))
    }

    static func fit(
        design: MixedModelDesign, stats: CrossProducts, reml: Bool, formulaText: String, rowsWithMissing: Int,
        skipped: (rows: Int, first: String?) = (0, nil)
    )
        throws -> LinearMixedModelResult
    {
        let n = stats.n
        let p = stats.p
        // lme4's checks: fewer random effects than observations per term, and fewer levels than observations.
        for term in design.randomTerms {
            let levels = design.blocks[term.block].levelCount
            let q = levels * term.columnNames.count
            if q >= n {
                throw AnalysisError(
                    "The random term (\(term.columnNames.joined(separator: " + ")) | \(term.group)) has \(q) random effects for \(n) observations; use a simpler random term or more trials per \(term.group)."
                )
            }
        }
        guard n > p else {
            throw AnalysisError(
                "\(n) observations cannot estimate \(p) fixed effects; simplify the fixed part of the model.")
        }
        if let column = Collinearity.firstDependentColumn(
            Matrix(rows: p, cols: p, values: stats.xtx), names: design.fixedNames)
        {
            throw AnalysisError(Collinearity.message(column))
        }
        let deviance = ProfiledDeviance(design: design, stats: stats, reml: reml)
        let lowerZero = design.thetaLowerBoundIsZero
        let start = lowerZero.map { $0 ? 1.0 : 0.0 }
        guard deviance.terms(start) != nil else {
            throw AnalysisError(
                "The fixed-effect columns are collinear (an empty cell or a predictor that repeats another); drop a term from the model."
            )
        }
        let optimizer = BoundedOptimizer(lower: lowerZero.map { $0 ? 0 : -.infinity })
        let (theta, criterion, report) = optimizer.minimize({ deviance($0) }, from: start)
        guard let terms = deviance.terms(theta) else {
            throw AnalysisError(
                "The model could not be fitted (the optimum is not positive definite); simplify the random terms.")
        }
        let sigma2 = terms.pwrss / Double(reml ? n - p : n)
        let precision = terms.lx.solveLowerTransposed(terms.lx.solveLower(.identity(p)))
        let vcov = precision.scaled(sigma2)

        // Satterthwaite (lmerTest): Hessian of the deviance in (theta, sigma) and the Jacobian of vcov(beta).
        let varpar = theta + [sigma2.squareRoot()]
        let devVP: ([Double]) -> Double = { vp in
            let s2 = vp.last! * vp.last!
            guard let t = deviance.terms(Array(vp.dropLast())) else { return .nan }
            var d = t.ldL2 + t.pwrss / s2 + Double(n) * log(2 * Double.pi * s2)
            if reml { d += t.ldRX2 - Double(p) * log(2 * Double.pi * s2) }
            return d
        }
        let covBeta: ([Double]) -> [Double] = { vp in
            guard let t = deviance.terms(Array(vp.dropLast())) else { return [Double](repeating: .nan, count: p * p) }
            return t.lx.solveLowerTransposed(t.lx.solveLower(.identity(p))).scaled(vp.last! * vp.last!).values
        }
        let hessian = NumericDerivatives.hessian(devVP, at: varpar)
        let vcovVarpar = hessian.positivePartInverse().scaled(2)
        let jacobian = NumericDerivatives.jacobian(covBeta, at: varpar).map { Matrix(rows: p, cols: p, values: $0) }
        let satterthwaite = Satterthwaite(vcov: vcov, jacobian: jacobian, vcovVarpar: vcovVarpar, beta: terms.beta)

        var fixed: [FixedEffect] = []
        for (i, name) in design.fixedNames.enumerated() {
            var l = [Double](repeating: 0, count: p)
            l[i] = 1
            let se = vcov[i, i].squareRoot()
            let df = satterthwaite.df(l)
            let t = terms.beta[i] / se
            fixed.append(
                FixedEffect(
                    term: name, estimate: terms.beta[i], se: se, df: df, statistic: t,
                    p: Distributions.tTwoSided(t, df: df)))
        }
        let (random, correlations) = varianceComponents(design: design, theta: theta, sigma2: sigma2)
        let parameters = Double(p + theta.count + 1)
        let logLik = -criterion / 2
        let singular = zip(theta, lowerZero).contains { $1 && $0 < 1e-4 }
        return LinearMixedModelResult(
            formula: formulaText, reml: reml, observations: n,
            groupLevels: design.blocks.map { ($0.group, $0.levelCount) }, fixed: fixed, random: random,
            correlations: correlations, residualVariance: sigma2, theta: theta, remlCriterion: reml ? criterion : nil,
            logLik: logLik, aic: -2 * logLik + 2 * parameters, bic: -2 * logLik + parameters * log(Double(n)),
            anova: TypeThreeContrasts.anova(
                design: design, xtx: Matrix(rows: p, cols: p, values: stats.xtx), satterthwaite: satterthwaite),
            singular: singular, converged: report.converged, optimizer: report, rowsWithMissing: rowsWithMissing,
            skippedRows: skipped.rows, firstSkipped: skipped.first,
            vcov: vcov)
    }

    /// sigma^2 T T' for each term's block of the relative covariance factor.
    static func varianceComponents(design: MixedModelDesign, theta: [Double], sigma2: Double)
        -> ([VarianceComponent], [RandomCorrelation])
    {
        let factors = design.blockFactors(theta: theta)
        var random: [VarianceComponent] = []
        var correlations: [RandomCorrelation] = []
        for term in design.randomTerms {
            let d = term.columnNames.count
            let t = factors[term.block]
            var cov = Matrix(rows: d, cols: d)
            for i in 0..<d {
                for j in 0..<d {
                    var v = 0.0
                    for k in 0..<d { v += t[term.offset + i, term.offset + k] * t[term.offset + j, term.offset + k] }
                    cov[i, j] = sigma2 * v
                }
            }
            for i in 0..<d {
                random.append(VarianceComponent(group: term.label, term: term.columnNames[i], variance: cov[i, i]))
            }
            for j in 0..<d {
                for i in (j + 1)..<max(d, j + 1) {
                    let denominator = (cov[i, i] * cov[j, j]).squareRoot()
                    correlations.append(
                        RandomCorrelation(
                            group: term.label, term1: term.columnNames[j], term2: term.columnNames[i],
                            correlation: denominator > 0 ? cov[i, j] / denominator : .nan))
                }
            }
        }
        return (random, correlations)
    }
}
