// Small dense matrices for the mixed models: Cholesky, triangular solves, symmetric eigen (Jacobi), pseudo-inverse.
import Foundation

/// Row-major dense matrix; the mixed models only need small ones (fixed effects, one group's random effects).
public struct Matrix: Sendable, Equatable {
    public let rows: Int
    public let cols: Int
    public var values: [Double]

    public init(rows: Int, cols: Int, values: [Double]? = nil) {
        self.rows = rows
        self.cols = cols
        self.values = values ?? [Double](repeating: 0, count: rows * cols)
    }

    public static func identity(_ n: Int) -> Matrix {
        var m = Matrix(rows: n, cols: n)
        for i in 0..<n { m[i, i] = 1 }
        return m
    }

    public subscript(i: Int, j: Int) -> Double {
        get { values[i * cols + j] }
        set { values[i * cols + j] = newValue }
    }

    public var transposed: Matrix {
        var t = Matrix(rows: cols, cols: rows)
        for i in 0..<rows { for j in 0..<cols { t[j, i] = self[i, j] } }
        return t
    }

    public static func * (a: Matrix, b: Matrix) -> Matrix {
        precondition(a.cols == b.rows)
        var c = Matrix(rows: a.rows, cols: b.cols)
        for i in 0..<a.rows {
            for k in 0..<a.cols {
                let aik = a[i, k]
                if aik == 0 { continue }
                for j in 0..<b.cols { c.values[i * c.cols + j] += aik * b.values[k * b.cols + j] }
            }
        }
        return c
    }

    public static func - (a: Matrix, b: Matrix) -> Matrix {
        Matrix(rows: a.rows, cols: a.cols, values: zip(a.values, b.values).map { $0 - $1 })
    }

    public static func + (a: Matrix, b: Matrix) -> Matrix {
        Matrix(rows: a.rows, cols: a.cols, values: zip(a.values, b.values).map { $0 + $1 })
    }

    public func scaled(_ s: Double) -> Matrix { Matrix(rows: rows, cols: cols, values: values.map { $0 * s }) }

    /// x' M x.
    public func quadraticForm(_ x: [Double]) -> Double {
        var s = 0.0
        for i in 0..<rows { for j in 0..<cols { s += x[i] * self[i, j] * x[j] } }
        return s
    }

    /// Lower-triangular L with L L' = self; nil when the matrix is not positive definite.
    public func cholesky() -> Matrix? {
        let n = rows
        var l = Matrix(rows: n, cols: n)
        for j in 0..<n {
            var d = self[j, j]
            for k in 0..<j { d -= l[j, k] * l[j, k] }
            guard d > 0, d.isFinite else { return nil }
            let ljj = d.squareRoot()
            l[j, j] = ljj
            for i in (j + 1)..<max(n, j + 1) {
                var s = self[i, j]
                for k in 0..<j { s -= l[i, k] * l[j, k] }
                l[i, j] = s / ljj
            }
        }
        return l
    }

    /// Solves L X = B for lower-triangular L (self).
    public func solveLower(_ b: Matrix) -> Matrix {
        var x = b
        for c in 0..<b.cols {
            for i in 0..<rows {
                var s = x[i, c]
                for k in 0..<i { s -= self[i, k] * x[k, c] }
                x[i, c] = s / self[i, i]
            }
        }
        return x
    }

    /// Solves L' X = B for lower-triangular L (self).
    public func solveLowerTransposed(_ b: Matrix) -> Matrix {
        var x = b
        for c in 0..<b.cols {
            for i in stride(from: rows - 1, through: 0, by: -1) {
                var s = x[i, c]
                for k in (i + 1)..<max(rows, i + 1) { s -= self[k, i] * x[k, c] }
                x[i, c] = s / self[i, i]
            }
        }
        return x
    }

    /// Inverse of a symmetric positive definite matrix through its Cholesky factor.
    public func inverseSPD() -> Matrix? {
        guard let l = cholesky() else { return nil }
        return l.solveLowerTransposed(l.solveLower(.identity(rows)))
    }

    /// Eigenvalues (descending) and eigenvectors (columns) of a symmetric matrix by cyclic Jacobi rotations.
    public func symmetricEigen() -> (values: [Double], vectors: Matrix) {
        let n = rows
        var a = self
        var v = Matrix.identity(n)
        for _ in 0..<100 {
            var off = 0.0
            for i in 0..<n { for j in 0..<n where i != j { off += a[i, j] * a[i, j] } }
            var scale = 0.0
            for i in 0..<n { scale += a[i, i] * a[i, i] }
            if off <= 1e-30 * max(scale, 1e-300) { break }
            for p in 0..<n {
                for q in (p + 1)..<max(n, p + 1) where a[p, q] != 0 {
                    let theta = (a[q, q] - a[p, p]) / (2 * a[p, q])
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot()
                    let s = t * c
                    for k in 0..<n {
                        let akp = a[k, p]
                        let akq = a[k, q]
                        a[k, p] = c * akp - s * akq
                        a[k, q] = s * akp + c * akq
                    }
                    for k in 0..<n {
                        let apk = a[p, k]
                        let aqk = a[q, k]
                        a[p, k] = c * apk - s * aqk
                        a[q, k] = s * apk + c * aqk
                    }
                    for k in 0..<n {
                        let vkp = v[k, p]
                        let vkq = v[k, q]
                        v[k, p] = c * vkp - s * vkq
                        v[k, q] = s * vkp + c * vkq
                    }
                }
            }
        }
        let order = (0..<n).sorted { a[$0, $0] > a[$1, $1] }
        var vectors = Matrix(rows: n, cols: n)
        for (newColumn, old) in order.enumerated() { for k in 0..<n { vectors[k, newColumn] = v[k, old] } }
        return (order.map { a[$0, $0] }, vectors)
    }

    /// Inverse on the eigenvalues above `tolerance` only (lmerTest inverts the deviance Hessian this way: negative and
    /// near-zero eigenvalues, as at a boundary fit, are dropped).
    public func positivePartInverse(tolerance: Double = 1e-8) -> Matrix {
        let (lambda, vectors) = symmetricEigen()
        var out = Matrix(rows: rows, cols: cols)
        for (k, l) in lambda.enumerated() where l > tolerance {
            for i in 0..<rows { for j in 0..<cols { out[i, j] += vectors[i, k] * vectors[j, k] / l } }
        }
        return out
    }

    /// Moore-Penrose inverse of a symmetric matrix (MASS::ginv's tolerance: sqrt(machine epsilon) x the largest).
    public func symmetricPseudoInverse() -> Matrix {
        let (lambda, vectors) = symmetricEigen()
        let largest = lambda.map(abs).max() ?? 0
        let tolerance = Double.ulpOfOne.squareRoot() * largest
        var out = Matrix(rows: rows, cols: cols)
        for (k, l) in lambda.enumerated() where abs(l) > tolerance {
            for i in 0..<rows { for j in 0..<cols { out[i, j] += vectors[i, k] * vectors[j, k] / l } }
        }
        return out
    }
}
