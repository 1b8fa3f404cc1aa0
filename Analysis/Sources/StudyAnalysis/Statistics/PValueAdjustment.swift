// Multiple-comparison adjustment of p-values (Holm, Bonferroni, none), as R's p.adjust.
public enum PValueAdjustment: String, Sendable, CaseIterable {
    case holm, bonferroni, none

    public func adjust(_ p: [Double]) -> [Double] {
        let m = Double(p.count)
        switch self {
        case .none: return p
        case .bonferroni: return p.map { min(1, $0 * m) }
        case .holm:
            // Step-down: sorted ascending, multiply by (m - i), keep monotone with a running max.
            let order = p.indices.sorted { p[$0] < p[$1] }
            var adjusted = p
            var runningMax = 0.0
            for (i, index) in order.enumerated() {
                runningMax = max(runningMax, min(1, (m - Double(i)) * p[index]))
                adjusted[index] = runningMax
            }
            return adjusted
        }
    }
}
