// How one row of a model matrix is computed from a row's variables (R's model.matrix coding rules).
import Foundation

/// `treatment` is R's default (contr.treatment); `sum` is contr.sum.
public enum ContrastKind: String, Sendable, CaseIterable {
    case treatment, sum
}

/// A variable of the model after the first pass: numeric, or a factor with levels in R's order.
public struct ModelVariable: Sendable {
    public let name: String
    public let levels: [String]?
    public var isFactor: Bool { levels != nil }
}

/// One model-matrix column: the product, over the variables of its term, of a numeric value or one coding column.
struct ColumnRecipe: Sendable {
    let parts: [(variable: Int, column: Int, coding: Coding)]
}

/// How a variable enters a term: its value (numeric), contrasts (k - 1 columns) or indicators of every level (k).
enum Coding: Sendable {
    case numeric
    case treatment
    case sum
    case indicator

    /// Column `column` of the coding matrix at factor level `level` (levels count from 0, in R's order).
    func value(level: Int, column: Int, levelCount: Int) -> Double {
        switch self {
        case .numeric: return 0
        case .treatment: return level == column + 1 ? 1 : 0
        case .indicator: return level == column ? 1 : 0
        case .sum: return level == levelCount - 1 ? -1 : (level == column ? 1 : 0)
        }
    }
}

/// The columns of one model matrix (the fixed effects, or the left side of one random term).
struct ModelMatrixSpec: Sendable {
    let names: [String]
    let recipes: [ColumnRecipe]
    /// For each column, the index of its term (-1: intercept), so tests can be grouped by term.
    let termOfColumn: [Int]

    var count: Int { names.count }

    /// R's rule: a factor in a term is coded by contrasts when the term without it is also in the model
    /// (the intercept counting for main effects), else by indicators of all its levels.
    init(
        intercept: Bool, terms: [[String]], variables: [String: (index: Int, variable: ModelVariable)],
        contrasts: ContrastKind
    )
        throws
    {
        var names: [String] = []
        var recipes: [ColumnRecipe] = []
        var termOfColumn: [Int] = []
        if intercept {
            names.append("(Intercept)")
            recipes.append(ColumnRecipe(parts: []))
            termOfColumn.append(-1)
        }
        let termSets = terms.map(Set.init)
        for (t, term) in terms.enumerated() {
            // Each variable's (coding, column names); the first variable varies fastest, as in R.
            var codings: [(index: Int, coding: Coding, labels: [String])] = []
            for name in term {
                guard let (index, variable) = variables[name] else {
                    throw AnalysisError(
                        "The model term '\(term.joined(separator: ":"))' names '\(name)', which was not read.")
                }
                guard let levels = variable.levels else {
                    codings.append((index, .numeric, [name]))
                    continue
                }
                var rest = Set(term)
                rest.remove(name)
                let contrasted = rest.isEmpty ? intercept : termSets.contains(rest)
                if !contrasted {
                    codings.append((index, .indicator, levels.map { name + $0 }))
                } else if contrasts == .treatment {
                    codings.append((index, .treatment, levels.dropFirst().map { name + $0 }))
                } else {
                    codings.append((index, .sum, (1..<levels.count).map { name + "\($0)" }))
                }
            }
            var combos: [[Int]] = [[]]
            for c in codings {
                var next: [[Int]] = []
                for j in 0..<c.labels.count { for combo in combos { next.append(combo + [j]) } }
                combos = next
            }
            for combo in combos {
                names.append(zip(codings, combo).map { $0.labels[$1] }.joined(separator: ":"))
                recipes.append(
                    ColumnRecipe(parts: zip(codings, combo).map { (variable: $0.index, column: $1, coding: $0.coding) })
                )
                termOfColumn.append(t)
            }
        }
        self.names = names
        self.recipes = recipes
        self.termOfColumn = termOfColumn
    }

    /// Fills `out` with this row's model-matrix values; `numeric` and `level` hold the row's variables by index.
    func evaluate(numeric: [Double], level: [Int], levelCounts: [Int], into out: inout [Double], at offset: Int = 0) {
        for (c, recipe) in recipes.enumerated() {
            var v = 1.0
            for part in recipe.parts {
                if case .numeric = part.coding {
                    v *= numeric[part.variable]
                } else {
                    v *= part.coding.value(
                        level: level[part.variable], column: part.column, levelCount: levelCounts[part.variable])
                }
                if v == 0 { break }
            }
            out[offset + c] = v
        }
    }
}
