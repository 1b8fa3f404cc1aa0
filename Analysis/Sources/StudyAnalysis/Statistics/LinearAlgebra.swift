// Small dense least squares for the ANOVA designs (a few dozen columns at most): residuals by Cholesky on X'X.
import Foundation

enum LinearAlgebra {
    /// Residuals of regressing each column of `y` (n x m) on the columns `columns` of `x` (n x p); with no columns the
    /// residuals are `y` itself. Returns nil when the chosen columns are linearly dependent.
    static func residuals(_ y: [[Double]], on x: [[Double]], columns: [Int]) -> [[Double]]? {
        guard !columns.isEmpty else { return y }
        let q = columns.count
        let m = y.first?.count ?? 0
        var xtx = Array(repeating: Array(repeating: 0.0, count: q), count: q)
        var xty = Array(repeating: Array(repeating: 0.0, count: m), count: q)
        for (row, yRow) in zip(x, y) {
            for a in 0..<q {
                let xa = row[columns[a]]
                for b in 0..<q { xtx[a][b] += xa * row[columns[b]] }
                for j in 0..<m { xty[a][j] += xa * yRow[j] }
            }
        }
        guard let l = cholesky(xtx) else { return nil }
        // Solve L L' beta = X'y column by column.
        var beta = Array(repeating: Array(repeating: 0.0, count: m), count: q)
        for j in 0..<m {
            var z = [Double](repeating: 0, count: q)
            for a in 0..<q {
                var s = xty[a][j]
                for b in 0..<a { s -= l[a][b] * z[b] }
                z[a] = s / l[a][a]
            }
            for a in stride(from: q - 1, through: 0, by: -1) {
                var s = z[a]
                for b in (a + 1)..<q { s -= l[b][a] * beta[b][j] }
                beta[a][j] = s / l[a][a]
            }
        }
        return zip(x, y).map { row, yRow in
            (0..<m).map { j in yRow[j] - (0..<q).reduce(0.0) { $0 + row[columns[$1]] * beta[$1][j] } }
        }
    }

    /// Lower-triangular L with L L' = a, or nil when a is not positive definite (dependent columns).
    static func cholesky(_ a: [[Double]]) -> [[Double]]? {
        let n = a.count
        var l = Array(repeating: Array(repeating: 0.0, count: n), count: n)
        let scale = (0..<n).map { a[$0][$0] }.max() ?? 0
        for i in 0..<n {
            for j in 0...i {
                var s = a[i][j]
                for k in 0..<j { s -= l[i][k] * l[j][k] }
                if i == j {
                    guard s > 1e-12 * scale else { return nil }
                    l[i][i] = s.squareRoot()
                } else {
                    l[i][j] = s / l[j][j]
                }
            }
        }
        return l
    }

    /// Cross-product E'E (m x m) of an n x m matrix.
    static func crossProduct(_ e: [[Double]]) -> [[Double]] {
        let m = e.first?.count ?? 0
        var out = Array(repeating: Array(repeating: 0.0, count: m), count: m)
        for a in 0..<m {
            for b in a..<m {
                out[a][b] = CompensatedSum.of(e.map { $0[a] * $0[b] })
                out[b][a] = out[a][b]
            }
        }
        return out
    }

    static func trace(_ m: [[Double]]) -> Double { CompensatedSum.of(m.indices.map { m[$0][$0] }) }

    static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        let inner = b.count
        let cols = b.first?.count ?? 0
        return a.map { row in (0..<cols).map { j in CompensatedSum.of((0..<inner).map { row[$0] * b[$0][j] }) } }
    }

    /// Kronecker product a ⊗ b.
    static func kronecker(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        a.flatMap { aRow in b.map { bRow in aRow.flatMap { x in bRow.map { x * $0 } } } }
    }
}
