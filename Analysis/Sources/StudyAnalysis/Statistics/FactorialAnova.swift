// Repeated-measures ANOVA with any number of within factors and zero or more between factors (type 2 or 3), on
// per-subject cell means: the univariate tests of car::Anova on the multivariate linear model, as afex::aov_ez reports.
import Foundation

/// One effect ("G", "A", "G:A", "A:B", ...). Sphericity fields are nil for effects whose within part has one df.
public struct FactorialEffect: Sendable {
    public let name: String
    public let ss: Double, ssError: Double
    public let dfEffect: Double, dfError: Double
    public let f: Double, p: Double
    public let epsilonGG: Double?, pGG: Double?, epsilonHF: Double?, pHF: Double?
    public let mauchlyW: Double?, mauchlyP: Double?
    public let partialEtaSquared: Double
    /// Two-sided 95% bounds from the exact noncentral F (see NoncentralBounds).
    public let partialEtaSquaredCI: Interval?
    /// afex's ges with every factor manipulated: SS / (SS + the error SS of every stratum).
    public let generalizedEtaSquared: Double
}

extension FactorialEffect {
    /// The error sum of squares is at rounding level (at most 1e-10 of the effect's): F is then arbitrary (1e32 for two
    /// subjects whose data are identical) and p and the effect sizes meaningless; R's anova.lm warns the same way.
    public var isEssentiallyPerfectFit: Bool { ssError <= 1e-10 * (ss + ssError) }
}

public struct FactorialDesign: Sendable {
    public let withinNames: [String], withinLevels: [[String]]
    public let betweenNames: [String], betweenLevels: [[String]]
    public init(withinNames: [String], withinLevels: [[String]], betweenNames: [String], betweenLevels: [[String]]) {
        self.withinNames = withinNames
        self.withinLevels = withinLevels
        self.betweenNames = betweenNames
        self.betweenLevels = betweenLevels
    }
    /// Within cells in row-major order (the first within factor varies slowest).
    public var cellCount: Int { withinLevels.reduce(1) { $0 * $1.count } }
}

public struct FactorialAnovaResult: Sendable {
    public let design: FactorialDesign
    public let type: Int
    public let subjects: Int
    public let droppedSubjects: [String]
    /// Complete subjects in each combination of between levels (row-major like the cells), empty without --by.
    public let betweenCellSizes: [Int]
    public let effects: [FactorialEffect]
}

public enum FactorialAnova {
    /// `y[s]`: subject s's means of the K within cells; `groups[s]`: its level index for each between factor.
    /// Between factors are coded sum-to-zero (contr.sum, as afex sets them). For each within term w (∅ included), the
    /// K cells are projected on orthonormal contrasts P_w (Helmert for the factors in w, 1/√k for the others); on
    /// Yw = Y·P_w every between term b (the intercept stands for w itself) is tested by the rise in the residual sum of
    /// squares when its columns leave the model: type 3 from the full model, type 2 from the model without the terms
    /// that contain b (car's Anova.II.mlm, where the intercept is N·mean²). Error: the full model's residual SSP on
    /// Yw, df (N - p)·d_w. ε and Mauchly from that SSP, as car's summary.Anova.mlm.
    public static func test(
        _ y: [[Double]], groups: [[Int]], design: FactorialDesign, type: Int, dropped: [String] = []
    ) throws -> FactorialAnovaResult {
        guard type == 2 || type == 3 else { throw AnalysisError("--type must be 2 or 3 (got \(type)).") }
        let n = y.count
        let x = designMatrix(groups: groups, levels: design.betweenLevels.map(\.count))
        let betweenTerms = subsets(design.betweenLevels.count)
        let columnsOf = termColumns(levels: design.betweenLevels.map(\.count))
        let p = x.first?.count ?? 1
        let cellSizes = betweenCellSizes(groups: groups, levels: design.betweenLevels.map(\.count))
        if let empty = cellSizes.firstIndex(of: 0) {
            throw AnalysisError(
                "Every combination of the --by levels needs at least one complete subject; \(cellName(empty, design)) has none."
            )
        }
        let withinTerms = [[]] + subsets(design.withinLevels.count)
        let largestD = withinTerms.map { dfOf($0, design.withinLevels.map(\.count)) }.max() ?? 1
        // The error covariance of the largest within term (d x d) must have full rank, or Mauchly's W and the
        // epsilons come out as meaningless numbers (W = -1e-32, ε = -1): p between parameters + d subjects at least.
        let needed = p + max(1, largestD)
        guard n >= needed else {
            throw AnalysisError(
                "This design needs at least \(needed) complete subjects (found \(n)): \(p) for the between-subjects cells plus \(max(1, largestD)) for the within-subjects error covariance behind Mauchly's test and the epsilons."
            )
        }
        // Centring changes only the untested intercept of the between stratum and keeps the digits of large values.
        let grand = CompensatedSum.of(y.flatMap { $0 }) / Double(n * design.cellCount)
        let centred = y.map { $0.map { $0 - grand } }
        let errorDF = Double(n - p)
        let allColumns = Array(0..<p)

        var strata: [(w: [Int], yw: [[Double]], sspe: [[Double]])] = []
        for w in withinTerms {
            let pw = projection(w, levels: design.withinLevels.map(\.count))
            let yw = LinearAlgebra.multiply(centred, pw)
            guard let e = LinearAlgebra.residuals(yw, on: x, columns: allColumns) else {
                throw AnalysisError("The between-subjects design is rank deficient; check the --by columns.")
            }
            strata.append((w, yw, LinearAlgebra.crossProduct(e)))
        }
        let totalErrorSS = CompensatedSum.of(strata.map { LinearAlgebra.trace($0.sspe) })

        var effects: [FactorialEffect] = []
        for stratum in strata {
            let d = stratum.sspe.count
            let ssError = LinearAlgebra.trace(stratum.sspe)
            let sph =
                d >= 2
                ? Sphericity.estimate(
                    contrastCovariance: stratum.sspe.map { $0.map { $0 / errorDF } }, errorDF: errorDF,
                    cells: design.cellCount) : nil
            for b in [[]] + betweenTerms where !(b.isEmpty && stratum.w.isEmpty) {
                let own = b.isEmpty ? [0] : columnsOf(b)
                let ss = try hypothesisSS(
                    b, own: own, yw: stratum.yw, x: x, type: type, betweenTerms: betweenTerms, columnsOf: columnsOf)
                let df1 = Double(own.count * d)
                let df2 = errorDF * Double(d)
                let f = (ss / df1) / (ssError / df2)
                let name = (b.map { design.betweenNames[$0] } + stratum.w.map { design.withinNames[$0] })
                    .joined(separator: ":")
                let hf = sph.map { min(1, $0.epsilonHF) }
                effects.append(
                    FactorialEffect(
                        name: name, ss: ss, ssError: ssError, dfEffect: df1, dfError: df2, f: f,
                        p: Distributions.fUpper(f, df1: df1, df2: df2), epsilonGG: sph?.epsilonGG,
                        pGG: sph.map { Distributions.fUpper(f, df1: df1 * $0.epsilonGG, df2: df2 * $0.epsilonGG) },
                        epsilonHF: sph?.epsilonHF,
                        pHF: hf.map { Distributions.fUpper(f, df1: df1 * $0, df2: df2 * $0) },
                        mauchlyW: sph?.mauchlyW, mauchlyP: sph?.mauchlyP, partialEtaSquared: ss / (ss + ssError),
                        partialEtaSquaredCI: NoncentralBounds.partialEtaSquared(f: f, df1: df1, df2: df2),
                        generalizedEtaSquared: ss / (ss + totalErrorSS)))
            }
        }
        return FactorialAnovaResult(
            design: design, type: type, subjects: n, droppedSubjects: dropped,
            betweenCellSizes: design.betweenLevels.isEmpty ? [] : cellSizes, effects: effects)
    }

    /// The rise in the residual sum of squares of Yw when between term `b`'s columns (`own`; the intercept for b = ∅)
    /// leave the model: type 3 from the full model; type 2 from the model without the terms containing b.
    static func hypothesisSS(
        _ b: [Int], own: [Int], yw: [[Double]], x: [[Double]], type: Int, betweenTerms: [[Int]],
        columnsOf: ([Int]) -> [Int]
    ) throws -> Double {
        let allColumns = Array(0..<(x.first?.count ?? 1))
        let larger: [Int]
        if type == 3 {
            larger = allColumns
        } else if b.isEmpty {
            larger = [0]
        } else {
            let relatives = Set(betweenTerms.filter { $0 != b && contains($0, b) }.flatMap(columnsOf))
            larger = allColumns.filter { !relatives.contains($0) }
        }
        let reduced = larger.filter { !own.contains($0) }
        guard let eLarge = LinearAlgebra.residuals(yw, on: x, columns: larger),
            let eReduced = LinearAlgebra.residuals(yw, on: x, columns: reduced)
        else { throw AnalysisError("The between-subjects design is rank deficient; check the --by columns.") }
        return sumOfSquares(eReduced) - sumOfSquares(eLarge)
    }

    static func sumOfSquares(_ e: [[Double]]) -> Double { CompensatedSum.of(e.flatMap { $0.map { $0 * $0 } }) }

    static func contains(_ a: [Int], _ b: [Int]) -> Bool { b.allSatisfy { a.contains($0) } }

    /// Non-empty subsets of 0..<count in R's term order: main effects, then two-way interactions, ...
    static func subsets(_ count: Int) -> [[Int]] {
        var out: [[Int]] = []
        func extend(_ current: [Int], from: Int, size: Int) {
            if current.count == size {
                out.append(current)
                return
            }
            guard from < count else { return }
            for i in from..<count { extend(current + [i], from: i + 1, size: size) }
        }
        if count > 0 { for size in 1...count { extend([], from: 0, size: size) } }
        return out
    }

    static func dfOf(_ term: [Int], _ levels: [Int]) -> Int { term.reduce(1) { $0 * (levels[$1] - 1) } }

    /// Intercept, then the sum-to-zero columns of each between term in `subsets` order.
    static func designMatrix(groups: [[Int]], levels: [Int]) -> [[Double]] {
        let terms = subsets(levels.count)
        return groups.map { g in
            [1.0]
                + terms.flatMap { term in
                    term.reduce([1.0]) { partial, factor in
                        let coding = (0..<(levels[factor] - 1)).map { c -> Double in
                            g[factor] == c ? 1 : g[factor] == levels[factor] - 1 ? -1 : 0
                        }
                        return partial.flatMap { a in coding.map { a * $0 } }
                    }
                }
        }
    }

    /// Column indices of each between term in the design matrix.
    static func termColumns(levels: [Int]) -> ([Int]) -> [Int] {
        var start = 1
        var map: [[Int]: [Int]] = [:]
        for term in subsets(levels.count) {
            let width = dfOf(term, levels)
            map[term] = Array(start..<(start + width))
            start += width
        }
        return { map[$0] ?? [] }
    }

    /// K x d_w orthonormal projection for within term w.
    static func projection(_ w: [Int], levels: [Int]) -> [[Double]] {
        levels.indices.reduce([[1.0]]) { partial, i in
            let factor =
                w.contains(i)
                ? Sphericity.helmert(levels[i])
                : Array(repeating: [1 / Double(levels[i]).squareRoot()], count: levels[i])
            return LinearAlgebra.kronecker(partial, factor)
        }
    }

    static func betweenCellSizes(groups: [[Int]], levels: [Int]) -> [Int] {
        var sizes = [Int](repeating: 0, count: levels.reduce(1, *))
        for g in groups { sizes[zip(g, levels).reduce(0) { $0 * $1.1 + $1.0 }] += 1 }
        return sizes
    }

    static func cellName(_ index: Int, _ design: FactorialDesign) -> String {
        var rest = index
        var parts: [String] = []
        for i in design.betweenLevels.indices.reversed() {
            let k = design.betweenLevels[i].count
            parts.insert("\(design.betweenNames[i])=\(design.betweenLevels[i][rest % k])", at: 0)
            rest /= k
        }
        return parts.joined(separator: ", ")
    }
}
