// lmerTest's Satterthwaite degrees of freedom for contrasts L beta (contest1D and contestMD).
import Foundation

struct Satterthwaite: Sendable {
    let vcov: Matrix
    /// d vcov(beta) / d varpar_k, one matrix per variance parameter (theta..., sigma).
    let jacobian: [Matrix]
    /// 2 H^-1 of the deviance in varpar: the asymptotic covariance of the variance parameters.
    let vcovVarpar: Matrix
    let beta: [Double]

    /// df = 2 (l' V l)^2 / (g' A g), g_k = l' J_k l.
    func df(_ l: [Double]) -> Double {
        let variance = vcov.quadraticForm(l)
        let gradient = jacobian.map { $0.quadraticForm(l) }
        return 2 * variance * variance / vcovVarpar.quadraticForm(gradient)
    }

    /// The F test of L beta = 0 (rows of L): F, numerator df (rank), denominator df (lmerTest's get_Fstat_ddf).
    func fTest(_ rows: [[Double]]) -> (f: Double, df1: Double, df2: Double, p: Double) {
        let p = beta.count
        let l = Matrix(rows: rows.count, cols: p, values: rows.flatMap { $0 })
        let vl = l * vcov * l.transposed
        let (values, vectors) = vl.symmetricEigen()
        let tolerance = max(Double.ulpOfOne.squareRoot() * (values.first ?? 0), 0)
        let q = values.filter { $0 > tolerance }.count
        guard q > 0 else { return (.nan, 0, .nan, .nan) }
        let ptl = vectors.transposed * l
        var f = 0.0
        var nu: [Double] = []
        for m in 0..<q {
            let row = (0..<p).map { ptl[m, $0] }
            let estimate = zip(row, beta).reduce(0) { $0 + $1.0 * $1.1 }
            f += estimate * estimate / values[m]
            let gradient = jacobian.map { $0.quadraticForm(row) }
            nu.append(2 * values[m] * values[m] / vcovVarpar.quadraticForm(gradient))
        }
        f /= Double(q)
        let df2: Double
        if q == 1 {
            df2 = nu[0]
        } else if zip(nu, nu.dropFirst()).allSatisfy({ abs($0 - $1) < 1e-8 }) {
            df2 = nu.reduce(0, +) / Double(q)
        } else if nu.contains(where: { $0 <= 2 }) {
            df2 = 2
        } else {
            let e = nu.reduce(0) { $0 + $1 / ($1 - 2) }
            df2 = 2 * e / (e - Double(q))
        }
        return (f, Double(q), df2, Distributions.fUpper(f, df1: Double(q), df2: df2))
    }
}
