// Learning-curve fits over sessions: exponential and power models by nonlinear least squares, as R's nls fits them.
import Foundation

/// A fitted learning curve y(s) over session index s ≥ 1: exponential y = a + b·e^{−c(s−1)} or power
/// y = a + b·s^{−c}. `a` is the asymptote (where practice levels off), `b` the gain still to come at
/// session 1, `c` the rate (per session for the exponential; for the power law the exponent).
public struct LearningCurve: Sendable, Equatable {
    public enum Model: String, Sendable, CaseIterable {
        case exponential, power
    }

    public let model: Model
    public let asymptote: Double
    public let gain: Double
    public let rate: Double
    /// Residual sum of squares.
    public let rss: Double
    public let n: Int

    /// Sessions to close half the remaining gap: ln 2 / c (exponential only).
    public var halfLifeSessions: Double? { model == .exponential && rate > 0 ? log(2) / rate : nil }

    /// The shape of the model at session `s` for rate `c` (the part multiplied by `gain`).
    static func shape(_ model: Model, _ s: Double, _ c: Double) -> Double {
        switch model {
        case .exponential: return exp(-c * (s - 1))
        case .power: return pow(s, -c)
        }
    }

    /// The least-squares fit of `model` to (session, value) pairs; nil with fewer than 4 distinct sessions or
    /// when the best rate lies at the edge of the search range (10⁻³ … 10^1.5: no curvature to fit).
    /// For a fixed rate the model is linear in (a, b), so those are solved exactly and the residual sum of
    /// squares is minimised over the rate alone (variable projection, Golub & Pereyra 1973): a coarse scan
    /// over log c, then golden-section search refined to machine precision. This is the minimum R's
    /// Gauss-Newton `nls` converges to from a good start.
    public static func fit(_ model: Model, sessions: [Double], values: [Double]) -> LearningCurve? {
        guard sessions.count == values.count, Set(sessions).count >= 4 else { return nil }
        func solve(_ c: Double) -> (a: Double, b: Double, rss: Double) {
            let x = sessions.map { shape(model, $0, c) }
            let n = Double(x.count)
            let mx = x.reduce(0, +) / n
            let my = values.reduce(0, +) / n
            let sxx = zip(x, x).map { ($0 - mx) * ($1 - mx) }.reduce(0, +)
            let sxy = zip(x, values).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
            guard sxx > 0 else { return (my, 0, .infinity) }
            let b = sxy / sxx
            let a = my - b * mx
            var rss = 0.0
            for (shape, value) in zip(x, values) { rss += (value - a - b * shape) * (value - a - b * shape) }
            return (a, b, rss)
        }
        // Scan log10 c over [−3, 1.5], then refine around the best grid point. A best rate at the edge of the
        // search means the model does not fit (nls would not converge).
        let grid = stride(from: -3.0, through: 1.5, by: 0.05).map { pow(10, $0) }
        guard let best = grid.indices.min(by: { solve(grid[$0]).rss < solve(grid[$1]).rss }),
            best > 0, best < grid.count - 1
        else { return nil }
        var low = log(grid[max(0, best - 1)])
        var high = log(grid[min(grid.count - 1, best + 1)])
        let ratio = (sqrt(5.0) - 1) / 2
        for _ in 0..<200 where high - low > 1e-15 {
            let left = high - ratio * (high - low)
            let right = low + ratio * (high - low)
            if solve(exp(left)).rss < solve(exp(right)).rss { high = right } else { low = left }
        }
        let c = exp((low + high) / 2)
        let solved = solve(c)
        guard solved.rss.isFinite else { return nil }
        return LearningCurve(
            model: model, asymptote: solved.a, gain: solved.b, rate: c, rss: solved.rss, n: sessions.count)
    }

    /// Both models fitted; the one with the smaller residual sum of squares first (both have three
    /// parameters, so this is also the smaller AIC).
    public static func best(sessions: [Double], values: [Double]) -> [LearningCurve] {
        Model.allCases.compactMap { fit($0, sessions: sessions, values: values) }.sorted { $0.rss < $1.rss }
    }
}
