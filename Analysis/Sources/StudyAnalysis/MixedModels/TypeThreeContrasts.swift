// lmerTest's type III hypotheses (anova(model), ddf = "Satterthwaite"): contrasts from the treatment-coded design and
// the over-parameterized design with all indicators, orthogonalized against containing terms. The contrasts depend
// only on the design's cells, so they are computed on a grid of cells (every factor combination, numeric values 0, 1),
// where they equal those on the data as long as no cell is empty.
import Foundation

enum TypeThreeContrasts {
    static func anova(design: MixedModelDesign, xtx: Matrix, satterthwaite: Satterthwaite) -> [AnovaRow] {
        guard let contrasts = contrasts(design: design, xtx: xtx) else { return [] }
        return zip(design.fixedTermLabels, contrasts).map { label, rows in
            let test = satterthwaite.fTest(rows)
            return AnovaRow(effect: label, f: test.f, dfEffect: test.df1, dfError: test.df2, p: test.p)
        }
    }

    /// One contrast matrix (rows over the coefficients) per fixed term; nil when the grid is too big or singular.
    static func contrasts(design: MixedModelDesign, xtx: Matrix) -> [[[Double]]]? {
        let formula = design.formula
        let terms = formula.fixedTerms
        guard !terms.isEmpty else { return [] }
        var lookup: [String: (index: Int, variable: ModelVariable)] = [:]
        for (i, v) in design.variables.enumerated() { lookup[v.name] = (i, v) }
        let p = design.fixed.count
        let termColumns = terms.indices.map { t in
            design.fixed.termOfColumn.indices.filter { design.fixed.termOfColumn[$0] == t }
        }
        if p <= 1 || terms.count <= 1 {
            // lmerTest falls back to type I: rows of the Doolittle factor of X'X.
            guard let l = doolittleL(xtx) else { return nil }
            return termColumns.map { cols in cols.map { c in (0..<p).map { l[c, $0] } } }
        }
        guard let grid = grid(design: design, variables: Set(terms.flatMap { $0 })) else { return nil }
        let levelCounts = design.variables.map { $0.levels?.count ?? 0 }
        guard
            let treatment = try? ModelMatrixSpec(
                intercept: formula.intercept, terms: terms, variables: lookup, contrasts: .treatment),
            let full = try? terms.map({
                try ModelMatrixSpec(intercept: false, terms: [$0], variables: lookup, contrasts: .treatment)
            })
        else { return nil }
        func matrix(_ specs: [ModelMatrixSpec], intercept: Bool) -> Matrix {
            let cols = specs.reduce(intercept ? 1 : 0) { $0 + $1.count }
            var m = Matrix(rows: grid.count, cols: cols)
            var row = [Double](repeating: 0, count: cols)
            for (r, cell) in grid.enumerated() {
                var offset = 0
                if intercept {
                    row[0] = 1
                    offset = 1
                }
                for s in specs {
                    s.evaluate(
                        numeric: cell.numeric, level: cell.level, levelCounts: levelCounts, into: &row, at: offset)
                    offset += s.count
                }
                for c in 0..<cols { m[r, c] = row[c] }
            }
            return m
        }
        let xt = matrix([treatment], intercept: false)
        let rdX = matrix(full, intercept: formula.intercept)
        let rdNames = (formula.intercept ? ["(Intercept)"] : []) + full.flatMap(\.names)
        guard let xtPinv = leftInverse(xt) else { return nil }
        // L: rows = columns of rdX, columns = columns of X (lmerTest: t(ginv(X) %*% rdX)).
        var l = zapsmall((xtPinv * rdX).transposed)
        // lmerTest's containment reads R's terms "factors" matrix: a variable counts for a term only where its code is
        // 1 (main effects, or the term without it is also in the model); numeric variables must match exactly.
        let factorNames = Set(design.variables.filter(\.isFactor).map(\.name))
        let termSets = terms.map(Set.init)
        let coded: [Set<String>] = terms.map { term in
            Set(term.filter { v in term.count == 1 || termSets.contains(Set(term).subtracting([v])) })
        }
        func contains(_ inner: Int, _ outer: Int) -> Bool {
            let a = coded[inner]
            let b = coded[outer]
            return a.isSubset(of: b) && !b.subtracting(a).isEmpty
                && a.subtracting(factorNames) == b.subtracting(factorNames)
        }
        let order = terms.indices.sorted {
            terms[$0].count > terms[$1].count || (terms[$0].count == terms[$1].count && $0 < $1)
        }
        for t in order {
            let containing = terms.indices.filter { contains(t, $0) }
            if containing.isEmpty { continue }
            let cols = termColumns[t]
            let basis = containing.flatMap { termColumns[$0] }.sorted()
            let c = columns(l, basis)
            let y = columns(l, cols)
            let residual = zapsmall(y - c * ((c.transposed * c).symmetricPseudoInverse() * (c.transposed * y)))
            for (k, col) in cols.enumerated() { for r in 0..<l.rows { l[r, col] = residual[r, k] } }
        }
        // Keep the rows named like X's columns, in X's order.
        let names = treatment.names
        var selected = Matrix(rows: p, cols: p)
        for (i, name) in names.enumerated() {
            guard let r = rdNames.firstIndex(of: name) else { return nil }
            for c in 0..<p { selected[i, c] = l[r, c] }
        }
        var map = Matrix.identity(p)
        if design.contrasts != .treatment {
            map = zapsmall(xtPinv * matrix([design.fixed], intercept: false))
        }
        return termColumns.map { cols in
            let rows = cols.map { c in (0..<p).map { selected[$0, c] } }.filter { $0.reduce(0) { $0 + abs($1) } > 1e-8 }
            if rows.isEmpty { return [] }
            let m = Matrix(rows: rows.count, cols: p, values: rows.flatMap { $0 }) * map
            return (0..<m.rows).map { r in (0..<p).map { m[r, $0] } }
        }
    }

    static func columns(_ m: Matrix, _ cols: [Int]) -> Matrix {
        var out = Matrix(rows: m.rows, cols: cols.count)
        for r in 0..<m.rows { for (k, c) in cols.enumerated() { out[r, k] = m[r, c] } }
        return out
    }

    /// (X'X)^-1 X' for a full-column-rank X.
    static func leftInverse(_ x: Matrix) -> Matrix? {
        guard let inverse = (x.transposed * x).inverseSPD() else { return nil }
        return inverse * x.transposed
    }

    /// R's zapsmall(x, digits = 7): rounds to 7 significant digits of the largest entry.
    static func zapsmall(_ m: Matrix) -> Matrix {
        let largest = m.values.map(abs).max() ?? 0
        guard largest > 0 else { return m }
        let digits = max(0, 7 - Int(ceil(log10(largest))))
        let scale = pow(10, Double(digits))
        return Matrix(rows: m.rows, cols: m.cols, values: m.values.map { ($0 * scale).rounded() / scale })
    }

    /// Every combination of the factors' levels, with each numeric variable at 0 and 1.
    static func grid(design: MixedModelDesign, variables: Set<String>) -> [(numeric: [Double], level: [Int])]? {
        var cells: [(numeric: [Double], level: [Int])] = [
            ([Double](repeating: 0, count: design.variables.count), [Int](repeating: 0, count: design.variables.count))
        ]
        for (i, v) in design.variables.enumerated() where variables.contains(v.name) {
            var next: [(numeric: [Double], level: [Int])] = []
            if let levels = v.levels {
                for l in levels.indices {
                    for var cell in cells {
                        cell.level[i] = l
                        next.append(cell)
                    }
                }
            } else {
                for x in [0.0, 1.0] {
                    for var cell in cells {
                        cell.numeric[i] = x
                        next.append(cell)
                    }
                }
            }
            cells = next
            if cells.count > 100_000 { return nil }
        }
        return cells
    }

    /// lmerTest's doolittle(x)$L (unit lower triangular, entries below 1e-6 zeroed), transposed as get_contrasts_type1 uses it.
    static func doolittleL(_ x: Matrix) -> Matrix? {
        let n = x.rows
        guard n > 0, x.values.count == n * n else { return nil }
        if n == 1 { return Matrix(rows: 1, cols: 1, values: [1]) }
        var l = Matrix.identity(n)
        var u = Matrix(rows: n, cols: n)
        for i in 0..<n {
            for j in 0..<n {
                var v = x[i, j]
                for k in 0..<i { v -= l[i, k] * u[k, j] }
                u[i, j] = v
            }
            for j in (i + 1)..<max(n, i + 1) {
                var v = x[j, i]
                for k in 0..<i { v -= l[j, k] * u[k, i] }
                l[j, i] = abs(u[i, i]) < 1e-6 ? 0 : v / u[i, i]
            }
        }
        // t(L): row c of the result is column c of L.
        return Matrix(rows: n, cols: n, values: l.transposed.values.map { abs($0) < 1e-6 ? 0 : $0 })
    }
}
