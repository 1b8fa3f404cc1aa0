// The Laplace approximation to the deviance of a binomial (logit) GLMM as a function of (theta, beta), as glmer's
// nAGQ = 1 deviance function: penalized iteratively reweighted least squares finds the conditional modes u, then
// deviance = sum of Bernoulli deviance residuals + |u|^2 + log det(L)^2, with L L' = Lambda'Z'WZ Lambda + I.
import Foundation

final class LaplaceDeviance {
    let design: MixedModelDesign
    let data: BinomialPatterns
    let d1: Int
    let n1: Int
    let offsets2: [Int]
    let q2: Int
    /// Conditional modes from the last evaluation: the next one starts there.
    var u: [Double]

    init(design: MixedModelDesign, data: BinomialPatterns) {
        self.design = design
        self.data = data
        d1 = design.blocks[0].dimension
        n1 = design.blocks[0].levelCount
        var offsets: [Int] = []
        var q = 0
        for b in design.blocks.dropFirst() {
            offsets.append(q)
            q += b.levelCount * b.dimension
        }
        offsets2 = offsets
        q2 = q
        u = [Double](repeating: 0, count: n1 * d1 + q)
    }

    var thetaCount: Int { design.thetaLowerBoundIsZero.count }

    /// Row of u (and of b = Lambda u) where block b's level l starts.
    func start(block b: Int, level l: Int) -> Int {
        b == 0 ? l * d1 : n1 * d1 + offsets2[b - 1] + l * design.blocks[b].dimension
    }

    /// b = Lambda u, block by block.
    func randomEffects(_ u: [Double], factors: [Matrix]) -> [Double] {
        var b = [Double](repeating: 0, count: u.count)
        for (k, block) in design.blocks.enumerated() {
            let d = block.dimension
            let t = factors[k]
            for l in 0..<block.levelCount {
                let s = start(block: k, level: l)
                for i in 0..<d {
                    var v = 0.0
                    for j in 0...i { v += t[i, j] * u[s + j] }
                    b[s + i] = v
                }
            }
        }
        return b
    }

    /// Sum of the Bernoulli deviance residuals, and per pattern the weight n mu (1 - mu) and residual s - n mu.
    func evaluate(beta: [Double], b: [Double]) -> (deviance: Double, weights: [Double], residuals: [Double]) {
        var deviance = 0.0
        var weights = [Double](repeating: 0, count: data.count)
        var residuals = [Double](repeating: 0, count: data.count)
        for i in 0..<data.count {
            var eta = 0.0
            for j in 0..<data.p { eta += data.x[i][j] * beta[j] }
            for (k, block) in design.blocks.enumerated() {
                let s = start(block: k, level: data.levels[i][k])
                for a in 0..<block.dimension { eta += data.z[i][k][a] * b[s + a] }
            }
            // exp(-eta) once for both (the same value each time: no digit moves).
            let expMinusEta = exp(-eta)
            let mu = 1 / (1 + expMinusEta)
            let logMu = -log1p(expMinusEta)
            let logOneMinusMu = -log1p(exp(eta))
            let s = data.successes[i]
            let n = data.trials[i]
            deviance -= 2 * ((s > 0 ? s * logMu : 0) + (n - s > 0 ? (n - s) * logOneMinusMu : 0))
            weights[i] = n * mu * (1 - mu)
            residuals[i] = s - n * mu
        }
        return (deviance, weights, residuals)
    }

    /// The blocked Cholesky factor of Lambda'Z'WZ Lambda + I and Lambda'Z'r: per level of block 0, then dense.
    struct Factor {
        /// Level j's d1 x d1 lower factor, row-major, at `l11[j * d1 * d1...]` (one array, not one per level: this
        /// runs for every evaluation of the Laplace deviance, thousands in a fit).
        var l11: [Double]
        var l21: [Double]
        var l22: Matrix
        var logDet: Double
    }

    func factor(weights: [Double], factors: [Matrix]) -> Factor? {
        let q1 = n1 * d1
        let dd = d1 * d1
        var g11 = [Double](repeating: 0, count: n1 * dd)
        var g21 = [Double](repeating: 0, count: q2 * q1)
        var g22 = Matrix(rows: q2, cols: q2)
        for i in 0..<data.count {
            let w = weights[i]
            let j = data.levels[i][0]
            let z1 = data.z[i][0]
            for a in 0..<d1 { for c in 0..<d1 { g11[j * dd + a * d1 + c] += w * z1[a] * z1[c] } }
            guard q2 > 0 else { continue }
            for k in 1..<design.blocks.count {
                let rk = start(block: k, level: data.levels[i][k]) - q1
                let zk = data.z[i][k]
                for a in 0..<zk.count {
                    for c in 0..<d1 { g21[(rk + a) * q1 + j * d1 + c] += w * zk[a] * z1[c] }
                    for k2 in 1..<design.blocks.count {
                        let rk2 = start(block: k2, level: data.levels[i][k2]) - q1
                        let zk2 = data.z[i][k2]
                        for c in 0..<zk2.count { g22[rk + a, rk2 + c] += w * zk[a] * zk2[c] }
                    }
                }
            }
        }
        let t1 = factors[0]
        var logDet = 0.0
        var l11 = [Double](repeating: 0, count: n1 * dd)
        // Per level: L = chol(T1' G T1 + I), the same operations in the same order as `Matrix`'s `*`, `+` and
        // `cholesky` (so the same digits), in two scratch blocks instead of five matrices per level.
        var product = [Double](repeating: 0, count: dd)
        var inner = [Double](repeating: 0, count: dd)
        for j in 0..<n1 {
            // T1' G: row i of T1' is column i of T1.
            for e in 0..<dd { inner[e] = 0 }
            for i in 0..<d1 {
                for k in 0..<d1 {
                    let aik = t1[k, i]
                    if aik == 0 { continue }
                    for c in 0..<d1 { inner[i * d1 + c] += aik * g11[j * dd + k * d1 + c] }
                }
            }
            // (T1' G) T1.
            for e in 0..<dd { product[e] = 0 }
            for i in 0..<d1 {
                for k in 0..<d1 {
                    let aik = inner[i * d1 + k]
                    if aik == 0 { continue }
                    for c in 0..<d1 { product[i * d1 + c] += aik * t1.values[k * d1 + c] }
                }
            }
            // + I, every element (x + 0 as the matrix sum does it).
            for i in 0..<d1 { for c in 0..<d1 { product[i * d1 + c] = product[i * d1 + c] + (i == c ? 1 : 0) } }
            // Cholesky into l11's block j (zero above the diagonal).
            let at = j * dd
            for c in 0..<d1 {
                var d = product[c * d1 + c]
                for k in 0..<c { d -= l11[at + c * d1 + k] * l11[at + c * d1 + k] }
                guard d > 0, d.isFinite else { return nil }
                let lcc = d.squareRoot()
                l11[at + c * d1 + c] = lcc
                for i in (c + 1)..<max(d1, c + 1) {
                    var s = product[i * d1 + c]
                    for k in 0..<c { s -= l11[at + i * d1 + k] * l11[at + c * d1 + k] }
                    l11[at + i * d1 + c] = s / lcc
                }
            }
            for i in 0..<d1 { logDet += 2 * log(l11[at + i * d1 + i]) }
        }
        guard q2 > 0 else { return Factor(l11: l11, l21: [], l22: Matrix(rows: 0, cols: 0), logDet: logDet) }
        // Lambda2 as a dense q2 x q2 matrix (q2 is small: sounds, sites).
        var lambda2 = Matrix(rows: q2, cols: q2)
        for k in 1..<design.blocks.count {
            let d = design.blocks[k].dimension
            for l in 0..<design.blocks[k].levelCount {
                let s = start(block: k, level: l) - q1
                for a in 0..<d { for c in 0..<d { lambda2[s + a, s + c] = factors[k][a, c] } }
            }
        }
        let g21m = Matrix(rows: q2, cols: q1, values: g21)
        var a21 = lambda2.transposed * g21m
        for j in 0..<n1 {
            for r in 0..<q2 {
                var row = [Double](repeating: 0, count: d1)
                for c in 0..<d1 { for k in c..<d1 { row[c] += a21[r, j * d1 + k] * t1[k, c] } }
                // L21 = A21 L11^-T.
                for c in 0..<d1 {
                    var v = row[c]
                    for k in 0..<c { v -= l11[j * dd + c * d1 + k] * row[k] }
                    row[c] = v / l11[j * dd + c * d1 + c]
                }
                for c in 0..<d1 { a21[r, j * d1 + c] = row[c] }
            }
        }
        var a22 = lambda2.transposed * g22 * lambda2 + .identity(q2)
        a22 = a22 - a21 * a21.transposed
        guard let l22 = a22.cholesky() else { return nil }
        for i in 0..<q2 { logDet += 2 * log(l22[i, i]) }
        return Factor(l11: l11, l21: a21.values, l22: l22, logDet: logDet)
    }

    /// Solves (L L') x = rhs with the blocked factor.
    func solve(_ f: Factor, _ rhs: [Double]) -> [Double] {
        let q1 = n1 * d1
        let dd = d1 * d1
        var y = rhs
        for j in 0..<n1 {
            let at = j * dd
            for c in 0..<d1 {
                var v = y[j * d1 + c]
                for k in 0..<c { v -= f.l11[at + c * d1 + k] * y[j * d1 + k] }
                y[j * d1 + c] = v / f.l11[at + c * d1 + c]
            }
        }
        if q2 > 0 {
            var y2 = Matrix(rows: q2, cols: 1)
            for r in 0..<q2 {
                var v = y[q1 + r]
                for c in 0..<q1 { v -= f.l21[r * q1 + c] * y[c] }
                y2[r, 0] = v
            }
            let x2 = f.l22.solveLowerTransposed(f.l22.solveLower(y2))
            for r in 0..<q2 { y[q1 + r] = x2[r, 0] }
            for c in 0..<q1 {
                var v = 0.0
                for r in 0..<q2 { v += f.l21[r * q1 + c] * y[q1 + r] }
                y[c] -= v
            }
        }
        for j in 0..<n1 {
            let at = j * dd
            for c in stride(from: d1 - 1, through: 0, by: -1) {
                var v = y[j * d1 + c]
                for k in (c + 1)..<max(d1, c + 1) { v -= f.l11[at + k * d1 + c] * y[j * d1 + k] }
                y[j * d1 + c] = v / f.l11[at + c * d1 + c]
            }
        }
        return y
    }

    /// Lambda' (Z' r) for per-pattern residuals r.
    func scoreU(residuals: [Double], factors: [Matrix]) -> [Double] {
        var zr = [Double](repeating: 0, count: u.count)
        for i in 0..<data.count {
            for (k, block) in design.blocks.enumerated() {
                let s = start(block: k, level: data.levels[i][k])
                for a in 0..<block.dimension { zr[s + a] += data.z[i][k][a] * residuals[i] }
            }
        }
        var out = [Double](repeating: 0, count: u.count)
        for (k, block) in design.blocks.enumerated() {
            let d = block.dimension
            let t = factors[k]
            for l in 0..<block.levelCount {
                let s = start(block: k, level: l)
                for i in 0..<d {
                    var v = 0.0
                    for j in i..<d { v += t[j, i] * zr[s + j] }
                    out[s + i] = v
                }
            }
        }
        return out
    }

    /// The Laplace deviance at parameters (theta..., beta...); nil where it cannot be evaluated.
    func callAsFunction(_ parameters: [Double]) -> Double {
        laplace(parameters)?.deviance ?? .infinity
    }

    func laplace(_ parameters: [Double]) -> (deviance: Double, u: [Double])? {
        let theta = Array(parameters[0..<thetaCount])
        let beta = Array(parameters[thetaCount...])
        let factors = design.blockFactors(theta: theta)
        var current = u
        if current.contains(where: { !$0.isFinite }) { current = [Double](repeating: 0, count: u.count) }
        var state = evaluate(beta: beta, b: randomEffects(current, factors: factors))
        var penalized = state.deviance + current.reduce(0) { $0 + $1 * $1 }
        for _ in 0..<200 {
            guard let f = factor(weights: state.weights, factors: factors) else { return nil }
            let score = scoreU(residuals: state.residuals, factors: factors)
            let delta = solve(f, zip(score, current).map { $0 - $1 })
            // The log determinant is not stationary in u, so u must converge fully (not just the penalized
            // deviance, which is): Newton steps until they are below 1e-11.
            let largest = delta.map(abs).max() ?? 0
            if largest < 1e-11 {
                current = zip(current, delta).map { $0 + $1 }
                state = evaluate(beta: beta, b: randomEffects(current, factors: factors))
                penalized = state.deviance + current.reduce(0) { $0 + $1 * $1 }
                break
            }
            var step = 1.0
            var accepted = false
            for _ in 0..<40 {
                let candidate = zip(current, delta).map { $0 + step * $1 }
                let next = evaluate(beta: beta, b: randomEffects(candidate, factors: factors))
                let nextPenalized = next.deviance + candidate.reduce(0) { $0 + $1 * $1 }
                if nextPenalized <= penalized || largest * step < 1e-8 {
                    current = candidate
                    state = next
                    penalized = nextPenalized
                    accepted = true
                    break
                }
                step /= 2
            }
            if !accepted { break }
        }
        guard let f = factor(weights: state.weights, factors: factors) else { return nil }
        u = current
        return (penalized + f.logDet, current)
    }
}
