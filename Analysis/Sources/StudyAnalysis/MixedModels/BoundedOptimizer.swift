// Derivative-free minimisation with lower bounds (Nelder-Mead, restarted until it stops improving), then a
// Newton polish on finite-difference derivatives so the optimum is found to near machine precision, not to
// lme4's default tolerance.
import Foundation

public struct OptimizerReport: Sendable {
    public let evaluations: Int
    /// Largest Newton step left at the end (in the parameters' units) and the gradient's largest element.
    public let finalStep: Double
    public let maxGradient: Double
    public let converged: Bool
    public let message: String?
}

struct BoundedOptimizer {
    /// Lower bounds (-infinity when free).
    let lower: [Double]
    var maxEvaluations = 20_000

    func minimize(_ f: ([Double]) -> Double, from start: [Double]) -> (
        x: [Double], value: Double, report: OptimizerReport
    ) {
        var evaluations = 0
        func g(_ x: [Double]) -> Double {
            evaluations += 1
            let v = f(x)
            return v.isNaN ? .infinity : v
        }
        var best = start
        var bestValue = g(best)
        var step = 0.25
        var nmConverged = false
        for round in 0..<12 {
            let (x, v, ok) = nelderMead(g, from: best, step: step, budget: maxEvaluations / 4)
            let improved = bestValue - v
            if v <= bestValue {
                best = x
                bestValue = v
            }
            nmConverged = ok
            if round > 0 && improved < 1e-9 { break }
            step = max(step * 0.25, 1e-4)
            if evaluations > maxEvaluations { break }
        }
        var (x, v, finalStep, maxGradient, hessianOK) = newtonPolish(g, from: best, value: bestValue)
        // Escape a ridge on a bound, then start over from the better point.
        for _ in 0..<5 {
            guard let (y, fy) = probeBounds(g, at: x, value: v) else { break }
            var restart = y
            var restartValue = fy
            for round in 0..<6 {
                let (z, fz, _) = nelderMead(
                    g, from: restart, step: 0.25 / Double(1 << (2 * round)), budget: maxEvaluations / 4)
                if fz < restartValue {
                    restart = z
                    restartValue = fz
                }
            }
            (x, v, finalStep, maxGradient, hessianOK) = newtonPolish(g, from: restart, value: restartValue)
        }
        // A parameter within 1e-5 of its bound goes onto it when that costs nothing (lme4 reports such variances as 0).
        for i in x.indices where lower[i].isFinite && x[i] > lower[i] && x[i] - lower[i] < 1e-5 {
            var y = x
            y[i] = lower[i]
            let fy = g(y)
            if fy <= v + 1e-10 * max(1, abs(v)) {
                x = y
                v = fy
            }
        }
        let converged = nmConverged && hessianOK && finalStep < 1e-6 * max(1, x.map(abs).max() ?? 0)
        var message: String?
        if !hessianOK {
            message =
                "the deviance's Hessian is not positive definite at the optimum (the model may be overparameterized)"
        } else if !converged {
            message = "the optimizer stopped with a step of \(finalStep) (not converged to tolerance)"
        }
        return (
            x, v,
            OptimizerReport(
                evaluations: evaluations, finalStep: finalStep, maxGradient: maxGradient, converged: converged,
                message: message)
        )
    }

    func project(_ x: [Double]) -> [Double] { zip(x, lower).map { max($0, $1) } }

    /// Nelder-Mead with standard coefficients; points are projected onto the bounds.
    func nelderMead(_ f: ([Double]) -> Double, from x0: [Double], step: Double, budget: Int) -> ([Double], Double, Bool)
    {
        let n = x0.count
        var simplex = [project(x0)]
        for i in 0..<n {
            var x = x0
            x[i] += step * max(abs(x[i]), 0.5)
            simplex.append(project(x))
        }
        var values = simplex.map(f)
        var used = n + 1
        while used < budget {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }
            values = order.map { values[$0] }
            let spread = values[n] - values[0]
            var size = 0.0
            for i in 1...n { for k in 0..<n { size = max(size, abs(simplex[i][k] - simplex[0][k])) } }
            // Loose on purpose: the Newton polish that follows converges quadratically from here.
            if spread <= 1e-11 * max(1, abs(values[0])) && size < 1e-8 { return (simplex[0], values[0], true) }
            if size < 1e-14 { return (simplex[0], values[0], true) }
            var centroid = [Double](repeating: 0, count: n)
            for i in 0..<n { for k in 0..<n { centroid[k] += simplex[i][k] / Double(n) } }
            func along(_ t: Double) -> [Double] {
                project((0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) })
            }
            let reflected = along(-1)
            let fr = f(reflected)
            used += 1
            if fr < values[0] {
                let expanded = along(-2)
                let fe = f(expanded)
                used += 1
                if fe < fr {
                    simplex[n] = expanded
                    values[n] = fe
                } else {
                    simplex[n] = reflected
                    values[n] = fr
                }
            } else if fr < values[n - 1] {
                simplex[n] = reflected
                values[n] = fr
            } else {
                let contracted = fr < values[n] ? along(-0.5) : along(0.5)
                let fc = f(contracted)
                used += 1
                if fc < min(fr, values[n]) {
                    simplex[n] = contracted
                    values[n] = fc
                } else {
                    for i in 1...n {
                        simplex[i] = project((0..<n).map { simplex[0][$0] + 0.5 * (simplex[i][$0] - simplex[0][$0]) })
                        values[i] = f(simplex[i])
                    }
                    used += n
                }
            }
        }
        let best = values.indices.min { values[$0] < values[$1] }!
        return (simplex[best], values[best], false)
    }

    /// Newton steps on the parameters not held at a bound. The gradient is a Richardson-extrapolated central
    /// difference, so near the optimum the step is driven by the gradient, not by comparisons of deviance values
    /// (those carry rounding noise of about 1e-12 relative, which limits a value-based search to ~6 digits in theta).
    /// A step is accepted when it lowers the function, or when it is tiny (then the noise decides the comparison).
    func newtonPolish(_ f: ([Double]) -> Double, from x0: [Double], value v0: Double)
        -> ([Double], Double, Double, Double, Bool)
    {
        var x = x0
        var v = v0
        var lastStep = Double.infinity
        var maxGradient = 0.0
        var hessianOK = true
        var previousStep = Double.infinity
        for iteration in 0..<12 {
            let n = x.count
            let h = x.map { 1e-3 * max(abs($0), 0.05) }
            var gradient = [Double](repeating: 0, count: n)
            for i in 0..<n {
                let estimates = (0..<3).map { k -> [Double] in
                    let step = h[i] / Double(1 << k)
                    var up = x
                    up[i] += step
                    var down = x
                    down[i] -= step
                    return [(f(up) - f(down)) / (2 * step)]
                }
                gradient[i] = NumericDerivatives.richardson(estimates)[0]
            }
            // Parameters at a bound whose derivative points outwards stay there.
            let free = (0..<n).filter { !(x[$0] <= lower[$0] && gradient[$0] >= 0) }
            maxGradient = free.map { abs(gradient[$0]) }.max() ?? 0
            if free.isEmpty {
                lastStep = 0
                break
            }
            let m = free.count
            var hessian = Matrix(rows: m, cols: m)
            for (a, i) in free.enumerated() {
                for (b, j) in free.enumerated() where b >= a {
                    var pp = x
                    var pm = x
                    var mp = x
                    var mm = x
                    pp[i] += h[i]
                    pp[j] += h[j]
                    pm[i] += h[i]
                    pm[j] -= h[j]
                    mp[i] -= h[i]
                    mp[j] += h[j]
                    mm[i] -= h[i]
                    mm[j] -= h[j]
                    let value = (f(pp) - f(pm) - f(mp) + f(mm)) / (4 * h[i] * h[j])
                    hessian[a, b] = value
                    hessian[b, a] = value
                }
            }
            guard let l = hessian.cholesky() else {
                hessianOK = false
                break
            }
            hessianOK = true
            let direction = l.solveLowerTransposed(
                l.solveLower(Matrix(rows: m, cols: 1, values: free.map { -gradient[$0] }))
            ).values
            var t = 1.0
            var moved = false
            for _ in 0..<30 {
                var candidate = x
                for (a, i) in free.enumerated() { candidate[i] += t * direction[a] }
                candidate = project(candidate)
                let size = zip(candidate, x).map { abs($0 - $1) / max(abs($1), 1e-3) }.max() ?? 0
                let fc = f(candidate)
                if fc <= v || (size < 1e-6 && fc <= v + 1e-11 * max(1, abs(v))) {
                    lastStep = zip(candidate, x).map { abs($0 - $1) }.max() ?? 0
                    moved = lastStep > 0
                    x = candidate
                    v = fc
                    break
                }
                t /= 2
            }
            // Newton steps shrink quadratically until the derivatives' rounding noise; once a step is not at least
            // halving the previous one that floor is reached.
            if !moved || lastStep < 1e-10 * max(1, x.map(abs).max() ?? 0) { break }
            if iteration >= 2 && lastStep > 0.5 * previousStep { break }
            previousStep = lastStep
        }
        return (x, v, lastStep, maxGradient, hessianOK)
    }

    /// A parameter resting on its bound with zero slope may sit on a ridge (a one-dimensional variance's deviance is
    /// even in theta): look a little inside for a lower value.
    func probeBounds(_ f: ([Double]) -> Double, at x: [Double], value: Double) -> ([Double], Double)? {
        var best: ([Double], Double)?
        for i in x.indices where x[i] <= lower[i] {
            var delta = 0.3
            while delta > 1e-6 {
                var y = x
                y[i] = lower[i] + delta
                let fy = f(y)
                if fy < (best?.1 ?? value) - 1e-9 * max(1, abs(value)) { best = (y, fy) }
                delta /= 3
            }
        }
        return best
    }
}
