// Richardson-extrapolated central differences, as numDeriv (used by lmerTest) computes them: steps of d x |x| (d = 1e-4
// for the Jacobian, 0.1 for the Hessian, as numDeriv's defaults), 1e-4 near zero, four halvings. The large Hessian step
// matters: with small steps rounding noise in the deviance swamps the second differences.
import Foundation

enum NumericDerivatives {
    static func step(_ x: Double, relative: Double = 1e-4) -> Double { abs(x) < 1.78e-5 ? 1e-4 : relative * abs(x) }

    /// Extrapolates estimates a(h), a(h/2), a(h/4), a(h/8) whose error is a series in h^2.
    static func richardson(_ estimates: [[Double]]) -> [Double] {
        var a = estimates
        var factor = 4.0
        while a.count > 1 {
            var next: [[Double]] = []
            for k in 0..<(a.count - 1) {
                var row: [Double] = []
                for (coarse, fine) in zip(a[k], a[k + 1]) { row.append((fine * factor - coarse) / (factor - 1)) }
                next.append(row)
            }
            a = next
            factor *= 4
        }
        return a[0]
    }

    /// Jacobian columns: d f / d x_i for a vector-valued f.
    static func jacobian(_ f: ([Double]) -> [Double], at x: [Double]) -> [[Double]] {
        x.indices.map { i in
            let h0 = step(x[i])
            let estimates = (0..<4).map { k -> [Double] in
                let h = h0 / Double(1 << k)
                var up = x
                up[i] += h
                var down = x
                down[i] -= h
                return zip(f(up), f(down)).map { ($0 - $1) / (2 * h) }
            }
            return richardson(estimates)
        }
    }

    static func hessian(_ f: ([Double]) -> Double, at x: [Double]) -> Matrix {
        let n = x.count
        let f0 = f(x)
        var out = Matrix(rows: n, cols: n)
        for i in 0..<n {
            for j in i..<n {
                let estimates = (0..<4).map { k -> [Double] in
                    let hi = step(x[i], relative: 0.1) / Double(1 << k)
                    let hj = step(x[j], relative: 0.1) / Double(1 << k)
                    func at(_ si: Double, _ sj: Double) -> Double {
                        var y = x
                        y[i] += si * hi
                        y[j] += sj * hj
                        return f(y)
                    }
                    if i == j { return [(at(1, 0) - 2 * f0 + at(-1, 0)) / (hi * hi)] }
                    return [(at(1, 1) - at(1, -1) - at(-1, 1) + at(-1, -1)) / (4 * hi * hj)]
                }
                let v = richardson(estimates)[0]
                out[i, j] = v
                out[j, i] = v
            }
        }
        return out
    }
}
