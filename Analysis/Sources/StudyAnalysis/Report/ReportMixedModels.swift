// The report's primary analysis of trial-level outcomes: mixed models on every trial, participants as random effects
// (deviation and time: lmm as lme4::lmer + lmerTest; front-back confusions: glmm as lme4::glmer, binomial).
import Foundation

/// One fitted (or not fittable) model of the report.
struct ReportMixedModel {
    let measure: String
    let response: String
    let formula: String
    let binomial: Bool
    /// Fixed effects: term, estimate, SE, df (lmm; Satterthwaite), t or z, p.
    let fixed: [FixedEffect]
    let randomSD: [(group: String, term: String, sd: Double)]
    let residualSD: Double?
    let singular: Bool
    let observations: Int
    /// Why the model could not be fitted (one level, one participant, no confusions at all...), else nil.
    let problem: String?
}

enum ReportMixedModels {
    /// The three models, each with a random intercept per participant: the trials of one person are not
    /// independent, and the intercept is the part of that dependence every design allows (the `lmm` command fits
    /// random slopes too).
    static func fit(_ c: ReportContext, files: [String], filters: [RowFilter] = []) -> [ReportMixedModel] {
        let predictor = rName(c.compare)
        let specs: [(measure: String, response: String, binomial: Bool)] = [
            ("deviation", "abs_deviation_deg", false), ("time", "time_s", false),
            ("front-back confusion", "front_back_confusion", true),
        ]
        // A training plan's logs answer the training question: does the deviation fall over sessions, and differently
        // by condition? Each trainee gets their own intercept and session slope (lme4:
        // RESPONSE ~ session_index * condition + (session_index | participant)).
        let training = isTraining(c)
        let formulas = specs.map { spec in
            training && !spec.binomial
                ? "\(spec.response) ~ session_index * \(predictor) + (session_index | participant)"
                : "\(spec.response) ~ \(predictor) + (1 | participant)"
        }
        func failed(_ i: Int, _ error: Error) -> ReportMixedModel {
            ReportMixedModel(
                measure: specs[i].measure, response: specs[i].response, formula: formulas[i],
                binomial: specs[i].binomial, fixed: [], randomSD: [], residualSD: nil, singular: false,
                observations: 0, problem: "\(error)")
        }
        var models = [ReportMixedModel?](repeating: nil, count: specs.count)
        var readers: [(model: Int, formula: ModelFormula, reader: MixedModelReader)] = []
        for (i, spec) in specs.enumerated() {
            var input = MixedModelInput(paths: files)
            input.filters = filters
            input.showProgress = false
            input.binaryResponse = spec.binomial
            do {
                let formula = try ModelFormula(parsing: formulas[i])
                readers.append((i, formula, try MixedModelReader(formula: formula, input: input)))
            } catch {
                models[i] = failed(i, error)
            }
        }
        // The three models read the trials together: one reading for their designs, one for their rows (it was
        // two readings each, six of the same file).
        var designed: [(model: Int, formula: ModelFormula, reader: MixedModelReader, design: MixedModelDesign)] = []
        for (k, result) in MixedModelReader.designs(readers.map(\.reader)).enumerated() {
            switch result {
            case .success(let design):
                designed.append((readers[k].model, readers[k].formula, readers[k].reader, design))
            case .failure(let error): models[readers[k].model] = failed(readers[k].model, error)
            }
        }
        var crossProducts = designed.map { specs[$0.model].binomial ? nil : CrossProducts(design: $0.design) }
        var patterns = designed.map { specs[$0.model].binomial ? BinomialPatterns(design: $0.design) : nil }
        var observations = designed.map { _ in 0 }
        let bodies: [(inout ModelRow) throws -> Void] = designed.indices.map { k in
            { row in
                if crossProducts[k] != nil { crossProducts[k]!.add(row) } else { patterns[k]!.add(row) }
                observations[k] += 1
            }
        }
        let errors = MixedModelReader.stream(designed.map(\.reader), designed.map(\.design), bodies)
        for (k, entry) in designed.enumerated() {
            let i = entry.model
            do {
                if let error = errors[k] { throw error }
                if let patterns = patterns[k] {
                    let r = try GeneralizedLinearMixedModel.fit(
                        text: formulas[i], formula: entry.formula, design: entry.design, data: patterns,
                        observations: observations[k], reader: entry.reader)
                    models[i] = ReportMixedModel(
                        measure: specs[i].measure, response: specs[i].response, formula: formulas[i], binomial: true,
                        fixed: r.fixed, randomSD: r.random.map { ($0.group, $0.term, $0.sd) }, residualSD: nil,
                        singular: r.singular, observations: r.observations, problem: nil)
                } else if let stats = crossProducts[k] {
                    let r = try LinearMixedModel.fit(
                        design: entry.design, stats: stats, reml: true, formulaText: formulas[i],
                        rowsWithMissing: entry.reader.rowsWithMissing,
                        skipped: (entry.reader.skippedRows, entry.reader.firstSkipped))
                    models[i] = ReportMixedModel(
                        measure: specs[i].measure, response: specs[i].response, formula: formulas[i], binomial: false,
                        fixed: r.fixed, randomSD: r.random.map { ($0.group, $0.term, $0.sd) },
                        residualSD: r.residualVariance.squareRoot(), singular: r.singular,
                        observations: r.observations, problem: nil)
                }
            } catch {
                models[i] = failed(i, error)
            }
        }
        return models.map { $0! }
    }

    /// The report's rows all come from a training plan's sessions (the `plan` column), and not from one session only
    /// (when the rows name their sessions).
    static func isTraining(_ c: ReportContext) -> Bool {
        !c.data.plans.isEmpty && c.data.plans.count == c.data.protocols.filter({ !$0.key.isEmpty }).count
            && (c.data.sessions.isEmpty || Set(c.data.sessions.keys.map(\.b)).count >= 2)
    }

    /// A column name as an R formula needs it (backticks around names that are not syntactic).
    static func rName(_ column: String) -> String {
        let syntactic =
            column.first.map { $0.isLetter || $0 == "." } == true
            && column.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
        return syntactic ? column : "`" + column.replacingOccurrences(of: "`", with: "\\`") + "`"
    }

    static let header = ["Measure", "Term", "Estimate", "Std. Error", "df", "t / z", "p-value"]

    /// The fixed effects of every fitted model as table rows (what tables/mixed-models.csv holds, too).
    static func rows(_ models: [ReportMixedModel]) -> [[String]] {
        models.flatMap { m in
            m.fixed.map { f in
                [
                    m.measure, f.term, StudyReport.num(f.estimate), StudyReport.num(f.se),
                    m.binomial ? "" : StudyReport.num(f.df),
                    (m.binomial ? "z = " : "t = ") + StudyReport.num(f.statistic),
                    RFormat.pValue(f.p, digits: 3),
                ]
            }
        }
    }

    /// The exact values, for tables/mixed-models.csv (and the comparison with analysis.R).
    static let csvHeader = ["measure", "formula", "term", "estimate", "se", "df", "statistic", "p"]

    static func csvRows(_ models: [ReportMixedModel]) -> [[String]] {
        models.flatMap { m in
            m.fixed.map { f in
                [
                    m.measure, m.formula, f.term, "\(f.estimate)", "\(f.se)", m.binomial ? "" : "\(f.df)",
                    "\(f.statistic)", "\(f.p)",
                ]
            }
        }
    }

    /// One sentence per model: its formula and random effects, or why it was not fitted.
    static func notes(_ models: [ReportMixedModel]) -> [String] {
        models.map { m in
            if let problem = m.problem { return "\(m.measure): `\(m.formula)` not fitted — \(problem)" }
            let random = m.randomSD.map { "SD(\($0.group) \($0.term)) = \(StudyReport.num($0.sd))" }
            let residual = m.residualSD.map { ["residual SD = \(StudyReport.num($0))"] } ?? []
            let kind = m.binomial ? "binomial GLMM, Laplace, Wald z" : "LMM, REML, Satterthwaite t"
            return "\(m.measure): `\(m.formula)` (\(kind); \(m.observations) trials); "
                + (random + residual).joined(separator: ", ")
                + (m.singular ? "; singular fit: a variance is at its bound, so the random effects are overfitted" : "")
        }
    }
}
