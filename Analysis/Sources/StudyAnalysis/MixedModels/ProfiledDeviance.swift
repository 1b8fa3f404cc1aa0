// The profiled deviance of a linear mixed model as a function of theta (lme4's mkLmerDevfun), from the sufficient
// statistics: the sparse Cholesky factor L of Lambda'Z'Z Lambda + I is computed block by block (Bates et al. 2015, eq. 18).
import Foundation

/// Everything the deviance and the results need at one theta.
struct DevianceTerms {
    /// log det(L)^2 and log det(RX)^2.
    let ldL2: Double
    let ldRX2: Double
    /// Penalized residual sum of squares r^2(theta) at the conditional estimates.
    let pwrss: Double
    let beta: [Double]
    /// Lower-triangular factor of RX'RX = X' V^-1 X (up to sigma^2): vcov(beta) = sigma^2 (LX LX')^-1.
    let lx: Matrix
}

struct ProfiledDeviance: Sendable {
    let design: MixedModelDesign
    let stats: CrossProducts
    let reml: Bool
    /// For each level of block 0, the rows of Z2 that share observations with it.
    let coupledRows: [[Int]]

    init(design: MixedModelDesign, stats: CrossProducts, reml: Bool) {
        self.design = design
        self.stats = stats
        self.reml = reml
        let q1 = stats.n1 * stats.d1
        coupledRows = (0..<stats.n1).map { j in
            (0..<stats.q2).filter { r in (0..<stats.d1).contains { stats.z2tz1[r * q1 + j * stats.d1 + $0] != 0 } }
        }
    }

    /// -2 log likelihood (ML) or the REML criterion; infinity where the factorization fails.
    func callAsFunction(_ theta: [Double]) -> Double {
        guard let t = terms(theta) else { return .infinity }
        return deviance(t)
    }

    func deviance(_ t: DevianceTerms) -> Double {
        let n = Double(stats.n)
        let p = Double(stats.p)
        if reml {
            let dof = n - p
            return t.ldL2 + t.ldRX2 + dof * (1 + log(2 * Double.pi * t.pwrss / dof))
        }
        return t.ldL2 + n * (1 + log(2 * Double.pi * t.pwrss / n))
    }

    func terms(_ theta: [Double]) -> DevianceTerms? {
        let s = stats
        let p = s.p
        let d1 = s.d1
        let q1 = s.n1 * d1
        let q2 = s.q2
        let factors = design.blockFactors(theta: theta)
        let t1 = factors[0]
        var ldL2 = 0.0
        var xtx = Matrix(rows: p, cols: p, values: s.xtx)
        var xty = s.xty
        var ssc = 0.0  // |c_u|^2
        // Block 0, level by level.
        var l11 = [Matrix](repeating: Matrix(rows: 0, cols: 0), count: s.n1)
        var r1 = [Matrix](repeating: Matrix(rows: 0, cols: 0), count: s.n1)
        var c1 = [[Double]](repeating: [], count: s.n1)
        let t1t = t1.transposed
        for j in 0..<s.n1 {
            let ztz = Matrix(rows: d1, cols: d1, values: Array(s.z1tz1[(j * d1 * d1)..<((j + 1) * d1 * d1)]))
            let a = t1t * ztz * t1 + .identity(d1)
            guard let l = a.cholesky() else { return nil }
            for i in 0..<d1 { ldL2 += 2 * log(l[i, i]) }
            let ztx = Matrix(rows: d1, cols: p, values: Array(s.z1tx[(j * d1 * p)..<((j + 1) * d1 * p)]))
            let ztyM = Matrix(rows: d1, cols: 1, values: Array(s.z1ty[(j * d1)..<((j + 1) * d1)]))
            let r = l.solveLower(t1t * ztx)
            let c = l.solveLower(t1t * ztyM).values
            l11[j] = l
            r1[j] = r
            c1[j] = c
            if q2 == 0 {
                // Subtract R1j'R1j and R1j'c1j right away.
                for a in 0..<p {
                    for b in 0..<p {
                        var v = 0.0
                        for k in 0..<d1 { v += r[k, a] * r[k, b] }
                        xtx[a, b] -= v
                    }
                    var w = 0.0
                    for k in 0..<d1 { w += r[k, a] * c[k] }
                    xty[a] -= w
                }
                for k in 0..<d1 { ssc += c[k] * c[k] }
            }
        }
        if q2 > 0 {
            // Lambda2' applied to the rows of a q2 x m matrix (row-major values).
            let blockOf = lambda2Rows(factors)
            func lambda2T(_ m: [Double], cols: Int) -> [Double] {
                var out = [Double](repeating: 0, count: m.count)
                for (start, d, b) in blockOf {
                    let tb = factors[b]
                    for i in 0..<d {
                        for k in i..<d {  // T'[i,k] = T[k,i], nonzero for k >= i
                            let f = tb[k, i]
                            if f == 0 { continue }
                            for c in 0..<cols { out[(start + i) * cols + c] += f * m[(start + k) * cols + c] }
                        }
                    }
                }
                return out
            }
            // A21 = Lambda2' Z2'Z1 Lambda1, then L21 = A21 L11^-T level by level.
            var z2tz1T1 = [Double](repeating: 0, count: q2 * q1)
            for r in 0..<q2 {
                for j in 0..<s.n1 {
                    for c in 0..<d1 {
                        var v = 0.0
                        for k in c..<d1 { v += s.z2tz1[r * q1 + j * d1 + k] * t1[k, c] }
                        z2tz1T1[r * q1 + j * d1 + c] = v
                    }
                }
            }
            var l21 = lambda2T(z2tz1T1, cols: q1)
            for j in 0..<s.n1 {
                let l = l11[j]
                for r in coupledRows[j] {
                    for c in 0..<d1 {
                        var v = l21[r * q1 + j * d1 + c]
                        for k in 0..<c { v -= l[c, k] * l21[r * q1 + j * d1 + k] }
                        l21[r * q1 + j * d1 + c] = v / l[c, c]
                    }
                }
            }
            // A22 = Lambda2' Z2'Z2 Lambda2 + I - L21 L21'.
            let left = lambda2T(s.z2tz2, cols: q2)
            let a22t = lambda2T(Matrix(rows: q2, cols: q2, values: left).transposed.values, cols: q2)
            var a22 = Matrix(rows: q2, cols: q2, values: a22t)
            for i in 0..<q2 { a22[i, i] += 1 }
            for j in 0..<s.n1 {
                let rows = coupledRows[j]
                for r in rows {
                    for r2 in rows {
                        var v = 0.0
                        for c in 0..<d1 { v += l21[r * q1 + j * d1 + c] * l21[r2 * q1 + j * d1 + c] }
                        a22[r, r2] -= v
                    }
                }
            }
            guard let l22 = a22.cholesky() else { return nil }
            for i in 0..<q2 { ldL2 += 2 * log(l22[i, i]) }
            // R2 = L22^-1 (Lambda2' Z2'X - L21 R1), c2 likewise.
            var rhsX = Matrix(rows: q2, cols: p, values: lambda2T(s.z2tx, cols: p))
            var rhsY = Matrix(rows: q2, cols: 1, values: lambda2T(s.z2ty, cols: 1))
            for j in 0..<s.n1 {
                for r in coupledRows[j] {
                    for c in 0..<d1 {
                        let f = l21[r * q1 + j * d1 + c]
                        for k in 0..<p { rhsX[r, k] -= f * r1[j][c, k] }
                        rhsY[r, 0] -= f * c1[j][c]
                    }
                }
            }
            let r2 = l22.solveLower(rhsX)
            let c2 = l22.solveLower(rhsY).values
            for a in 0..<p {
                for b in 0..<p {
                    var v = 0.0
                    for k in 0..<q2 { v += r2[k, a] * r2[k, b] }
                    for j in 0..<s.n1 { for k in 0..<d1 { v += r1[j][k, a] * r1[j][k, b] } }
                    xtx[a, b] -= v
                }
                var w = 0.0
                for k in 0..<q2 { w += r2[k, a] * c2[k] }
                for j in 0..<s.n1 { for k in 0..<d1 { w += r1[j][k, a] * c1[j][k] } }
                xty[a] -= w
            }
            for v in c2 { ssc += v * v }
            for c in c1 { for v in c { ssc += v * v } }
        }
        guard let lx = xtx.cholesky() else { return nil }
        var ldRX2 = 0.0
        for i in 0..<p { ldRX2 += 2 * log(lx[i, i]) }
        let cbeta = lx.solveLower(Matrix(rows: p, cols: 1, values: xty))
        let beta = lx.solveLowerTransposed(cbeta).values
        let pwrss = s.yty - ssc - cbeta.values.reduce(0) { $0 + $1 * $1 }
        guard pwrss > 0 else { return nil }
        return DevianceTerms(ldL2: ldL2, ldRX2: ldRX2, pwrss: pwrss, beta: beta, lx: lx)
    }

    /// (first row in Z2, dimension, block) for every level of blocks 1...
    func lambda2Rows(_ factors: [Matrix]) -> [(Int, Int, Int)] {
        var out: [(Int, Int, Int)] = []
        for b in 1..<design.blocks.count {
            let d = design.blocks[b].dimension
            for l in 0..<design.blocks[b].levelCount { out.append((stats.offsets2[b - 1] + l * d, d, b)) }
        }
        return out
    }
}
