// lme4 model formulas: `y ~ a * b + x + (1 + a | participant) + (x || sound) + (1 | site/participant)`.
import Foundation

/// A random-effects term after lme4's expansion of `||` and `/`: its own model formula and one grouping factor.
public struct RandomTerm: Equatable, Sendable {
    public var intercept: Bool
    /// Terms of the left-hand side, each a list of variable names (an interaction when longer than one).
    public var terms: [[String]]
    /// The grouping factor; several names form an interaction (`participant:site`).
    public var group: [String]
    /// lme4's name for it: `participant:site`, and `condition:(participant:site)` one nesting level deeper.
    public var groupName: String
}

/// `factor(x)` names the column x read as a factor.
func columnOfVariable(_ variable: String) -> String {
    variable.hasPrefix("factor(") && variable.hasSuffix(")") ? String(variable.dropFirst(7).dropLast()) : variable
}

/// The parsed formula: response, fixed-effects terms in R's order, random terms as written (before lme4's reordering).
public struct ModelFormula: Sendable {
    public var response: String
    public var intercept: Bool
    public var fixedTerms: [[String]]
    public var randomTerms: [RandomTerm]
    /// Every variable in order of first appearance (R orders the variables of an interaction term this way).
    public var variables: [String]

    public var fixedTermLabels: [String] { fixedTerms.map { $0.joined(separator: ":") } }

    public init(parsing text: String) throws {
        var parser = FormulaParser(text: text)
        self = try parser.parse()
    }

    init(response: String, intercept: Bool, fixedTerms: [[String]], randomTerms: [RandomTerm], variables: [String]) {
        self.response = response
        self.intercept = intercept
        self.fixedTerms = fixedTerms
        self.randomTerms = randomTerms
        self.variables = variables
    }
}

/// Recursive descent over R's formula operators: `:` binds tighter than `*` and `/`, which bind tighter than `+`.
private struct FormulaParser {
    enum Token: Equatable {
        case name(String)
        case number(String)
        case op(String)
    }

    let text: String
    var tokens: [Token] = []
    var position = 0
    var variables: [String] = []

    init(text: String) { self.text = text }

    /// A formula expression: a list of terms (sets of variables; the empty set is the intercept) and random terms.
    struct Expression {
        var terms: [[String]] = []
        var removesIntercept = false
        var random: [RandomTerm] = []
    }

    mutating func parse() throws -> ModelFormula {
        tokens = try tokenize(text)
        if case .name(let function) = tokens.first, tokens.count > 1, tokens[1] == .op("(") {
            // lme4 would evaluate log(y), sqrt(y), scale(y) or I(...) in R; here the response is a column as logged.
            throw AnalysisError(
                "--model '\(text)': the response \(function)(...) is not supported (log, sqrt, scale and I() are refused "
                    + "by name); add a column with the transformed values and name it as the response.")
        }
        guard case .name(let response) = tokens.first, tokens.count > 1, tokens[1] == .op("~") else {
            throw AnalysisError(
                "--model '\(text)': expected 'response ~ predictors', e.g. 'abs_deviation_deg ~ condition + (1 | participant)'."
            )
        }
        position = 2
        let rhs = try parseSum()
        if position < tokens.count {
            throw AnalysisError(
                "--model '\(text)': unexpected '\(describe(tokens[position]))'; check the brackets and operators.")
        }
        variables.removeAll { $0 == response }
        let fixed = orderTerms(rhs.terms.filter { !$0.isEmpty })
        return ModelFormula(
            response: response, intercept: !rhs.removesIntercept, fixedTerms: fixed, randomTerms: rhs.random,
            variables: variables)
    }

    func describe(_ t: Token) -> String {
        switch t {
        case .name(let s), .number(let s), .op(let s): return s
        }
    }

    /// R sorts terms by their order (main effects, then two-way interactions, ...), keeping the written order otherwise;
    /// the variables of a term follow their first appearance in the formula.
    func orderTerms(_ terms: [[String]]) -> [[String]] {
        var unique: [[String]] = []
        for t in terms {
            let sorted = t.sorted { variables.firstIndex(of: $0)! < variables.firstIndex(of: $1)! }
            if !unique.contains(sorted) { unique.append(sorted) }
        }
        return unique.enumerated().sorted { a, b in
            a.element.count != b.element.count ? a.element.count < b.element.count : a.offset < b.offset
        }.map(\.element)
    }

    func tokenize(_ s: String) throws -> [Token] {
        var out: [Token] = []
        let chars = Array(s)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace {
                i += 1
            } else if c == "|" && i + 1 < chars.count && chars[i + 1] == "|" {
                out.append(.op("||"))
                i += 2
            } else if "~+*:|/()-".contains(c) {
                out.append(.op(String(c)))
                i += 1
            } else if c == "`" {
                guard let end = chars[(i + 1)...].firstIndex(of: "`") else {
                    throw AnalysisError("--model '\(s)': a backtick-quoted name is not closed.")
                }
                out.append(.name(String(chars[(i + 1)..<end])))
                i = end + 1
            } else if c.isNumber {
                var j = i
                while j < chars.count && (chars[j].isNumber || chars[j] == ".") { j += 1 }
                out.append(.number(String(chars[i..<j])))
                i = j
            } else if c.isLetter || c == "." || c == "_" {
                var j = i
                while j < chars.count && (chars[j].isLetter || chars[j].isNumber || chars[j] == "." || chars[j] == "_")
                {
                    j += 1
                }
                out.append(.name(String(chars[i..<j])))
                i = j
            } else {
                throw AnalysisError(
                    "--model '\(s)': '\(c)' is not supported in a model formula; use + * : / and ( | ).")
            }
        }
        return out
    }

    var current: Token? { position < tokens.count ? tokens[position] : nil }

    mutating func expect(_ op: String) throws {
        guard current == .op(op) else {
            throw AnalysisError(
                "--model '\(text)': expected '\(op)'\(current.map { " before '\(describe($0))'" } ?? " at the end").")
        }
        position += 1
    }

    mutating func parseSum() throws -> Expression {
        var result = Expression()
        var sign = 1
        if current == .op("-") {
            sign = -1
            position += 1
        }
        while true {
            let part = try parseProduct()
            if sign > 0 {
                result.terms += part.terms
                result.random += part.random
                if part.removesIntercept { result.removesIntercept = true }
            } else {
                if part.terms.contains([]) { result.removesIntercept = true }
                let removed = part.terms.filter { !$0.isEmpty }.map { Set($0) }
                result.terms.removeAll { removed.contains(Set($0)) }
            }
            if current == .op("+") {
                sign = 1
            } else if current == .op("-") {
                sign = -1
            } else {
                break
            }
            position += 1
        }
        return result
    }

    mutating func parseProduct() throws -> Expression {
        var left = try parseInteraction()
        while let op = current, op == .op("*") || op == .op("/") {
            position += 1
            let right = try parseInteraction()
            let crossed = interact(left.terms, right.terms)
            if op == .op("*") {
                left.terms = left.terms + right.terms + crossed
            } else {
                // a/b = a + a:b (b within a), interacting b with every variable of a.
                let all = Array(Set(left.terms.flatMap { $0 }))
                left.terms = left.terms + interact([all], right.terms)
            }
            left.random += right.random
        }
        return left
    }

    mutating func parseInteraction() throws -> Expression {
        var left = try parseAtom()
        while current == .op(":") {
            position += 1
            let right = try parseAtom()
            left.terms = interact(left.terms, right.terms)
        }
        return left
    }

    func interact(_ a: [[String]], _ b: [[String]]) -> [[String]] {
        var out: [[String]] = []
        for x in a {
            for y in b {
                var t = x
                for v in y where !t.contains(v) { t.append(v) }
                if !out.contains(where: { Set($0) == Set(t) }) { out.append(t) }
            }
        }
        return out
    }

    mutating func parseAtom() throws -> Expression {
        guard let token = current else {
            throw AnalysisError("--model '\(text)': the formula ends too early; a term is missing.")
        }
        position += 1
        switch token {
        case .name(let name):
            if name == "factor", current == .op("("), position + 2 < tokens.count,
                case .name(let column) = tokens[position + 1], tokens[position + 2] == .op(")")
            {
                // factor(x): the column x as a factor even when its values are numbers (R names it "factor(x)").
                position += 3
                let variable = "factor(\(column))"
                if !variables.contains(variable) { variables.append(variable) }
                return Expression(terms: [[variable]])
            }
            if current == .op("(") {
                throw AnalysisError(
                    "--model '\(text)': functions such as \(name)(...) are not supported (log, sqrt, scale and I() are refused "
                        + "by name); add a column with the transformed values."
                )
            }
            if !variables.contains(name) { variables.append(name) }
            return Expression(terms: [[name]])
        case .number(let n):
            if n == "1" { return Expression(terms: [[]]) }
            if n == "0" { return Expression(terms: [], removesIntercept: true) }
            throw AnalysisError("--model '\(text)': the number \(n) is not a term; only 1 and 0 (intercept) are.")
        case .op("("):
            let inner = try parseSum()
            if current == .op("|") || current == .op("||") {
                let doubleBar = current == .op("||")
                position += 1
                let groups = try parseGroups()
                try expect(")")
                return Expression(random: randomTerms(inner, groups: groups, uncorrelated: doubleBar))
            }
            try expect(")")
            return inner
        default:
            throw AnalysisError("--model '\(text)': unexpected '\(describe(token))'; check the operators.")
        }
    }

    /// `site/participant` gives the groups `site` and `participant:site` (lme4 names the nested factor inner-first).
    mutating func parseGroups() throws -> [(variables: [String], name: String)] {
        var chain: [[String]] = []
        var currentGroup: [String] = []
        while true {
            guard case .name(let g) = current else {
                throw AnalysisError("--model '\(text)': a grouping factor name is missing after '|'.")
            }
            position += 1
            if !variables.contains(g) { variables.append(g) }
            currentGroup.append(g)
            if current == .op(":") {
                position += 1
                continue
            }
            chain.append(currentGroup)
            currentGroup = []
            if current == .op("/") {
                position += 1
                continue
            }
            break
        }
        var groups: [(variables: [String], name: String)] = []
        var outer: [String] = []
        var outerName = ""
        for g in chain {
            let own = g.joined(separator: ":")
            let name = outer.isEmpty ? own : own + ":" + (outer.count > 1 ? "(\(outerName))" : outerName)
            groups.append((g + outer, name))
            outer = g + outer
            outerName = name
        }
        return groups
    }

    /// lme4's expandDoubleVerts: `(1 + x || g)` is `(1 | g) + (0 + x | g)`.
    func randomTerms(_ lhs: Expression, groups: [(variables: [String], name: String)], uncorrelated: Bool)
        -> [RandomTerm]
    {
        let intercept = !lhs.removesIntercept
        let terms = orderTerms(lhs.terms.filter { !$0.isEmpty })
        var out: [RandomTerm] = []
        for g in groups {
            if uncorrelated {
                if intercept {
                    out.append(RandomTerm(intercept: true, terms: [], group: g.variables, groupName: g.name))
                }
                for t in terms {
                    out.append(RandomTerm(intercept: false, terms: [t], group: g.variables, groupName: g.name))
                }
            } else {
                out.append(RandomTerm(intercept: intercept, terms: terms, group: g.variables, groupName: g.name))
            }
        }
        return out
    }
}
