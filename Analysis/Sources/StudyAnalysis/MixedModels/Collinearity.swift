// Names the first fixed-effect column that is a linear combination of the columns before it (lme4 drops such columns
// with a message; here the user is told which one, so the model can be fixed rather than silently changed).
import Foundation

enum Collinearity {
    /// Cholesky of X'X column by column; a column whose remaining variance is below 1e-10 of its own is dependent.
    static func firstDependentColumn(_ xtx: Matrix, names: [String]) -> String? {
        let p = xtx.rows
        var l = Matrix(rows: p, cols: p)
        var kept: [Int] = []
        for j in 0..<p {
            var d = xtx[j, j]
            for k in kept { d -= l[j, k] * l[j, k] }
            if !(d > 1e-10 * max(xtx[j, j], .leastNormalMagnitude)) { return names[j] }
            let ljj = d.squareRoot()
            l[j, j] = ljj
            for i in (j + 1)..<max(p, j + 1) {
                var s = xtx[i, j]
                for k in kept { s -= l[i, k] * l[j, k] }
                l[i, j] = s / ljj
            }
            kept.append(j)
        }
        return nil
    }

    static func message(_ column: String) -> String {
        "The fixed-effect column '\(column)' is a combination of the columns before it (an empty cell, or a predictor that repeats another); drop that term from the model."
    }
}
