// The model frame of a mixed model (like lme4's lFormula): variables, fixed-effect columns and random-effect blocks.
import Foundation

/// One random-effects term as lme4 orders and names it (`participant`, `participant.1` for the second term of a group).
public struct RandomTermSpec: Sendable {
    public let group: String
    /// lme4's name in VarCorr: the group, with `.1`, `.2` for further terms on the same grouping factor.
    public let label: String
    public let columnNames: [String]
    /// The block holding this term and the offset of its columns in that block.
    let block: Int
    let offset: Int
    let spec: ModelMatrixSpec
}

/// All random terms on one grouping factor share a block: one d x d lower-triangular factor per level.
struct RandomBlock: Sendable {
    let group: String
    let groupVariables: [Int]
    let levelCount: Int
    let dimension: Int
}

/// Everything fixed by the formula and the first pass over the data.
public struct MixedModelDesign: Sendable {
    public let formula: ModelFormula
    public let variables: [ModelVariable]
    let fixed: ModelMatrixSpec
    /// In lme4's order (decreasing number of levels); theta follows this order.
    public let randomTerms: [RandomTermSpec]
    /// Block 0 has the most levels and is handled level by level; the others are dense.
    let blocks: [RandomBlock]
    public let contrasts: ContrastKind

    public var fixedNames: [String] { fixed.names }
    public var fixedTermLabels: [String] { formula.fixedTermLabels }

    /// theta: for each term (lme4's order), the lower triangle column by column; true where the bound is 0.
    var thetaLowerBoundIsZero: [Bool] {
        var out: [Bool] = []
        for term in randomTerms {
            let d = term.columnNames.count
            for j in 0..<d { for i in j..<d { out.append(i == j) } }
        }
        return out
    }

    /// Block template matrices T_b (lower triangular) from theta in lme4's order.
    func blockFactors(theta: [Double]) -> [Matrix] {
        var factors = blocks.map { Matrix(rows: $0.dimension, cols: $0.dimension) }
        var k = 0
        for term in randomTerms {
            let d = term.columnNames.count
            for j in 0..<d {
                for i in j..<d {
                    factors[term.block][term.offset + i, term.offset + j] = theta[k]
                    k += 1
                }
            }
        }
        return factors
    }

    init(
        formula: ModelFormula, variables: [ModelVariable], groupLevelCounts: [String: Int], contrasts: ContrastKind
    ) throws {
        self.formula = formula
        self.variables = variables
        self.contrasts = contrasts
        var lookup: [String: (index: Int, variable: ModelVariable)] = [:]
        for (i, v) in variables.enumerated() { lookup[v.name] = (i, v) }
        for term in formula.fixedTerms {
            for name in term {
                if let levels = lookup[name]?.variable.levels, levels.count < 2 {
                    throw AnalysisError(
                        "Column '\(name)' has only one level ('\(levels.first ?? "")') in the data read; drop it from the model or widen --filter."
                    )
                }
            }
        }
        fixed = try ModelMatrixSpec(
            intercept: formula.intercept, terms: formula.fixedTerms, variables: lookup, contrasts: contrasts)
        guard fixed.count > 0 else {
            throw AnalysisError("The model has no fixed effects; keep the intercept or add a predictor.")
        }
        // lme4's mkReTrms: terms reordered by decreasing number of levels (rev(order(nl)), only when not already so).
        var written = formula.randomTerms
        guard !written.isEmpty else {
            throw AnalysisError(
                "The model has no random-effects term; add one such as '(1 | participant)' (for a plain linear model use anova)."
            )
        }
        let levelCounts = written.map { groupLevelCounts[$0.groupName] ?? 0 }
        for (t, n) in zip(written, levelCounts) where n < 2 {
            throw AnalysisError(
                "Grouping factor '\(t.groupName)' has only \(n) level in the data read; a random effect needs at least two groups."
            )
        }
        if zip(levelCounts, levelCounts.dropFirst()).contains(where: { $0 < $1 }) {
            let order = levelCounts.indices.sorted {
                levelCounts[$0] < levelCounts[$1] || (levelCounts[$0] == levelCounts[$1] && $0 < $1)
            }
            written = order.reversed().map { written[$0] }
        }
        var blocks: [(group: String, variables: [Int], levels: Int, dimension: Int)] = []
        var terms: [RandomTermSpec] = []
        var seenGroups: [String: Int] = [:]
        for t in written {
            let spec = try ModelMatrixSpec(
                intercept: t.intercept, terms: t.terms, variables: lookup, contrasts: contrasts)
            guard spec.count > 0 else {
                throw AnalysisError(
                    "The random term for '\(t.groupName)' has no columns; write (1 | \(t.groupName)) for an intercept.")
            }
            let b: Int
            if let existing = blocks.firstIndex(where: { $0.group == t.groupName }) {
                b = existing
            } else {
                b = blocks.count
                blocks.append((t.groupName, t.group.map { lookup[$0]!.index }, groupLevelCounts[t.groupName]!, 0))
            }
            let repeats = seenGroups[t.groupName, default: 0]
            seenGroups[t.groupName] = repeats + 1
            terms.append(
                RandomTermSpec(
                    group: t.groupName, label: repeats == 0 ? t.groupName : "\(t.groupName).\(repeats)",
                    columnNames: spec.names, block: b, offset: blocks[b].dimension, spec: spec))
            blocks[b].dimension += spec.count
        }
        // The block with the most levels goes first: it is the one handled level by level.
        let blockOrder = blocks.indices.sorted {
            blocks[$0].levels > blocks[$1].levels || (blocks[$0].levels == blocks[$1].levels && $0 < $1)
        }
        let newIndex = Dictionary(uniqueKeysWithValues: blockOrder.enumerated().map { ($1, $0) })
        self.blocks = blockOrder.map {
            RandomBlock(
                group: blocks[$0].group, groupVariables: blocks[$0].variables, levelCount: blocks[$0].levels,
                dimension: blocks[$0].dimension)
        }
        randomTerms = terms.map {
            RandomTermSpec(
                group: $0.group, label: $0.label, columnNames: $0.columnNames, block: newIndex[$0.block]!,
                offset: $0.offset,
                spec: $0.spec)
        }
    }
}
