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
    /// ε_GG = tr(S_c)² / ((k-1) tr(S_c²)) with S_c the double-centred covariance;
    /// ε_HF = (n(k-1)ε_GG - 2) / ((k-1)(n-1-(k-1)ε_GG)), reported uncapped as R's anova.mlm does,
    /// while its p-value uses min(1, ε_HF).
    public static func test(_ y: [[Double]], dropped: Int = 0) throws -> RepeatedMeasuresResult {
        let n = y.count
        guard let k = y.first?.count, k >= 2 else { throw AnalysisError("A repeated-measures ANOVA needs at least two levels of --within.") }
        guard n >= 2 else { throw AnalysisError("A repeated-measures ANOVA needs at least two subjects with a value at every level (found \(n)).") }
        let nn = Double(n), kk = Double(k)
        let grand = CompensatedSum.of(y.flatMap { $0 }) / (nn * kk)
        let levelMeans = (0..<k).map { j in CompensatedSum.of(y.map { $0[j] }) / nn }
        let subjectMeans = y.map { CompensatedSum.of($0) / kk }
        let ssEffect = nn * CompensatedSum.of(levelMeans.map { ($0 - grand) * ($0 - grand) })
        let ssSubjects = kk * CompensatedSum.of(subjectMeans.map { ($0 - grand) * ($0 - grand) })
        var residual = CompensatedSum()
        for s in 0..<n { for j in 0..<k { let e = y[s][j] - subjectMeans[s] - levelMeans[j] + grand; residual.add(e * e) } }
        let ssError = residual.value
        let df1 = kk - 1, df2 = (kk - 1) * (nn - 1)
        let f = (ssEffect / df1) / (ssError / df2)
        let p = Distributions.fUpper(f, df1: df1, df2: df2)

        // Covariance of the levels, then its double-centred form.
        var cov = Array(repeating: Array(repeating: 0.0, count: k), count: k)
        for a in 0..<k { for b in 0..<k {
            cov[a][b] = CompensatedSum.of(y.map { ($0[a] - levelMeans[a]) * ($0[b] - levelMeans[b]) }) / (nn - 1)
        } }
        let rowMeans = cov.map { $0.reduce(0, +) / kk }
        let allMean = rowMeans.reduce(0, +) / kk
        var trace = 0.0, sumSquares = 0.0
        for a in 0..<k { for b in 0..<k {
            let c = cov[a][b] - rowMeans[a] - rowMeans[b] + allMean
            if a == b { trace += c }
            sumSquares += c * c
        } }
        let gg = trace * trace / (df1 * sumSquares)
        let hf = (nn * df1 * gg - 2) / (df1 * (nn - 1 - df1 * gg))

        // Mauchly: W = det(C'SC) / (tr(C'SC)/d)^d with C orthonormal (Helmert) contrasts.
        let d = k - 1
        let contrasts = helmert(k)
        var m = Array(repeating: Array(repeating: 0.0, count: d), count: d)
        for a in 0..<d { for b in 0..<d {
            var s = 0.0
            for i in 0..<k { for j in 0..<k { s += contrasts[i][a] * cov[i][j] * contrasts[j][b] } }
            m[a][b] = s
        } }
        let tr = (0..<d).reduce(0.0) { $0 + m[$1][$1] }
        let dd = Double(d)
        var w = Double.nan, chi = Double.nan, mdf = Double.nan, mp = Double.nan
        if d >= 2 {
            w = determinant(m) / pow(tr / dd, dd)
            // Anderson's chi-squared approximation with its second-order term, as R's mauchly.test.
            // R writes `3 * p` there with p = k (not k - 1); we follow R so results agree with it.
            let rdf = nn - 1
            let rho = 1 - (2 * dd * dd + dd + 2) / (6 * dd * rdf)
            let w2 = (dd + 2) * (dd - 1) * (dd - 2) * (2 * dd * dd * dd + 6 * dd * dd + 3 * kk + 2) / (288 * pow(rdf * dd * rho, 2))
            chi = -rdf * rho * log(w)
            mdf = dd * (dd + 1) / 2 - 1
            let p1 = Distributions.chiSquaredUpper(chi, df: mdf), p2 = Distributions.chiSquaredUpper(chi, df: mdf + 4)
            mp = p1 + w2 * (p2 - p1)
        }
        return RepeatedMeasuresResult(subjects: n, levels: k, droppedSubjects: dropped, f: f, dfEffect: df1, dfError: df2, p: p,
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
            if pivot != col { a.swapAt(pivot, col); det = -det }
            det *= a[col][col]
            for r in (col + 1)..<n {
                let factor = a[r][col] / a[col][col]
                for c in col..<n { a[r][c] -= factor * a[col][c] }
            }
        }
        return det
    }
}
