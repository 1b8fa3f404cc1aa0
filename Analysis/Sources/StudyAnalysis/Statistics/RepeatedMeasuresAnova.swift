// One-way repeated-measures ANOVA with Greenhouse–Geisser and Huynh–Feldt corrections and Mauchly's sphericity test.
import Foundation

public struct RepeatedMeasuresResult: Sendable {
    public let subjects: Int, levels: Int
    public let droppedSubjects: Int
    public let f: Double, dfEffect: Double, dfError: Double, p: Double
    public let ssEffect: Double, ssError: Double, ssSubjects: Double
    public let epsilonGG: Double, pGG: Double
    public let epsilonHF: Double, pHF: Double
    public let mauchlyW: Double, mauchlyChiSquared: Double, mauchlyDF: Double, mauchlyP: Double
    public let partialEtaSquared: Double
}

public enum RepeatedMeasuresAnova {
    /// `y[s][j]`: subject s at level j (mean over that subject's rows in the cell).
    /// ε_GG, ε_HF and Mauchly's test: see `Sphericity` (error df n - 1); ε_HF is reported uncapped as R's anova.mlm
    /// does, while its p-value uses min(1, ε_HF).
    public static func test(_ y: [[Double]], dropped: Int = 0) throws -> RepeatedMeasuresResult {
        let n = y.count
        guard let k = y.first?.count, k >= 2 else {
            throw AnalysisError("A repeated-measures ANOVA needs at least two levels of --within.")
        }
        guard n >= 2 else {
            throw AnalysisError(
                "A repeated-measures ANOVA needs at least two subjects with a value at every level (found \(n)).")
        }
        let nn = Double(n)
        let kk = Double(k)
        let grand = CompensatedSum.of(y.flatMap { $0 }) / (nn * kk)
        let levelMeans = (0..<k).map { j in CompensatedSum.of(y.map { $0[j] }) / nn }
        let subjectMeans = y.map { CompensatedSum.of($0) / kk }
        let ssEffect = nn * CompensatedSum.of(levelMeans.map { ($0 - grand) * ($0 - grand) })
        let ssSubjects = kk * CompensatedSum.of(subjectMeans.map { ($0 - grand) * ($0 - grand) })
        var residual = CompensatedSum()
        for s in 0..<n {
            for j in 0..<k {
                let e = y[s][j] - subjectMeans[s] - levelMeans[j] + grand
                residual.add(e * e)
            }
        }
        let ssError = residual.value
        let df1 = kk - 1
        let df2 = (kk - 1) * (nn - 1)
        let f = (ssEffect / df1) / (ssError / df2)
        let p = Distributions.fUpper(f, df1: df1, df2: df2)

        // Covariance of the levels (df n - 1); the corrections and Mauchly's test come from it.
        var cov = Array(repeating: Array(repeating: 0.0, count: k), count: k)
        for a in 0..<k {
            for b in 0..<k {
                cov[a][b] = CompensatedSum.of(y.map { ($0[a] - levelMeans[a]) * ($0[b] - levelMeans[b]) }) / (nn - 1)
            }
        }
        let sph = Sphericity.estimate(covariance: cov, errorDF: nn - 1)
        let gg = sph.epsilonGG
        let hf = sph.epsilonHF
        let w = sph.mauchlyW
        let chi = sph.mauchlyChiSquared
        let mdf = sph.mauchlyDF
        let mp = sph.mauchlyP
        return RepeatedMeasuresResult(
            subjects: n, levels: k, droppedSubjects: dropped, f: f, dfEffect: df1, dfError: df2, p: p,
            ssEffect: ssEffect, ssError: ssError, ssSubjects: ssSubjects,
            epsilonGG: gg, pGG: Distributions.fUpper(f, df1: df1 * gg, df2: df2 * gg),
            epsilonHF: hf, pHF: Distributions.fUpper(f, df1: df1 * min(1, hf), df2: df2 * min(1, hf)),
            mauchlyW: w, mauchlyChiSquared: chi, mauchlyDF: mdf, mauchlyP: mp,
            partialEtaSquared: ssEffect / (ssEffect + ssError))
    }

    /// k x (k-1) orthonormal contrasts: column j compares level j+1 with the mean of the levels before it.
    static func helmert(_ k: Int) -> [[Double]] {
        var c = Array(repeating: Array(repeating: 0.0, count: k - 1), count: k)
        for j in 0..<(k - 1) {
            let norm = (Double(j + 1) * Double(j + 2)).squareRoot()
            for i in 0...j { c[i][j] = -1 / norm }
            c[j + 1][j] = Double(j + 1) / norm
        }
        return c
    }

    /// Determinant by Gaussian elimination with partial pivoting (the matrices here are tiny).
    static func determinant(_ matrix: [[Double]]) -> Double {
        var a = matrix
        let n = a.count
        var det = 1.0
        for col in 0..<n {
            let pivot = (col..<n).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            if a[pivot][col] == 0 { return 0 }
            if pivot != col {
                a.swapAt(pivot, col)
                det = -det
            }
            det *= a[col][col]
            for r in (col + 1)..<n {
                let factor = a[r][col] / a[col][col]
                for c in col..<n { a[r][c] -= factor * a[col][c] }
            }
        }
        return det
    }
}
