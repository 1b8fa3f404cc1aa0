// Greenhouse–Geisser and Huynh–Feldt epsilons and Mauchly's test from the error covariance of a within-subjects term.
import Foundation

public struct Sphericity: Sendable {
    public let epsilonGG: Double, epsilonHF: Double
    /// NaN with two levels (Mauchly's test needs at least three).
    public let mauchlyW: Double, mauchlyChiSquared: Double, mauchlyDF: Double, mauchlyP: Double

    /// From the error covariance on orthonormal contrasts of a within term, M = P'SP (d x d, error df `errorDF`):
    /// ε_GG = tr(M)² / (d tr(M²)); ε_HF = ((df + 1) d ε_GG - 2) / (d (df - d ε_GG)), as R's stats:::sphericity and
    /// car::Anova (Lecoutre's correction of Huynh–Feldt for several groups), reported uncapped like R.
    /// `cells` is the number of within cells K, which enters the second-order term of Mauchly's p-value as `3 * p` in
    /// R's mauchly.test and car (p = nrow(P) = K).
    static func estimate(contrastCovariance m: [[Double]], errorDF: Double, cells: Int) -> Sphericity {
        let d = m.count
        let dd = Double(d)
        let kk = Double(cells)
        let trace = (0..<d).reduce(0.0) { $0 + m[$1][$1] }
        let squares = m.reduce(0.0) { $0 + $1.reduce(0.0) { $0 + $1 * $1 } }
        let gg = trace * trace / (dd * squares)
        let hf = ((errorDF + 1) * dd * gg - 2) / (dd * (errorDF - dd * gg))
        var w = Double.nan
        var chi = Double.nan
        var mdf = Double.nan
        var mp = Double.nan
        if d >= 2 {
            // W = det(M) / (tr(M)/d)^d; Anderson's chi-squared approximation with its second-order term, as R's
            // mauchly.test. R writes `3 * p` there with p = K cells (not d); we follow R so results agree with it.
            w = determinant(m) / pow(trace / dd, dd)
            let rho = 1 - (2 * dd * dd + dd + 2) / (6 * dd * errorDF)
            let w2 =
                (dd + 2) * (dd - 1) * (dd - 2) * (2 * dd * dd * dd + 6 * dd * dd + 3 * kk + 2)
                / (288 * pow(errorDF * dd * rho, 2))
            chi = -errorDF * rho * log(w)
            mdf = dd * (dd + 1) / 2 - 1
            let p1 = Distributions.chiSquaredUpper(chi, df: mdf)
            let p2 = Distributions.chiSquaredUpper(chi, df: mdf + 4)
            mp = p1 + w2 * (p2 - p1)
        }
        return Sphericity(
            epsilonGG: gg, epsilonHF: hf, mauchlyW: w, mauchlyChiSquared: chi, mauchlyDF: mdf, mauchlyP: mp)
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
