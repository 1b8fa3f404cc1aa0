// The report's primary analysis of trial-level outcomes: mixed models on every trial, participants as random effects
// (deviation and time: lmm as lme4::lmer + lmerTest; front-back confusions: glmm as lme4::glmer, binomial).
import Foundation
import TidyFormats

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
    static let specs: [(measure: String, response: String, binomial: Bool)] = [
        ("deviation", "abs_deviation_deg", false), ("time", "time_s", false),
        ("front-back confusion", "front_back_confusion", true),
    ]

    /// A model's formula: each with a random intercept per participant (the trials of one person are not
    /// independent, and the intercept is the part of that dependence every design allows; the `lmm` command fits
    /// random slopes too). A training plan's logs answer the training question: does the deviation fall over
    /// sessions, and differently by condition? Each trainee gets their own intercept and session slope (lme4:
    /// RESPONSE ~ session_index * condition + (session_index | participant)).
    static func formula(_ spec: Int, compare: String, training: Bool) -> String {
        let predictor = rName(compare)
        return training && !specs[spec].binomial
            ? "\(specs[spec].response) ~ session_index * \(predictor) + (session_index | participant)"
            : "\(specs[spec].response) ~ \(predictor) + (1 | participant)"
    }

    /// The models' first pass, made for both kinds of formula in the report's own reading of the trials: whether the
    /// logs are a training plan's (`isTraining`) is known only once they are read. Per formula text: its reader and
    /// design, or what ended them.
    typealias FirstPass = [String: Result<
        (formula: ModelFormula, reader: MixedModelReader, design: MixedModelDesign), Error
    >]

    /// The report's data and its models' first pass from one reading of the trials (it was two: the report's, then
    /// the models' designs).
    static func read(files: [String], compare: String, skipInvalid: Bool, filters: [RowFilter]) throws
        -> (data: ReportData, firstPass: FirstPass)
    {
        // The binomial model's formula is the same for both kinds: one reader of it.
        var texts: [(spec: Int, text: String)] = []
        for training in [false, true] {
            for i in specs.indices {
                let text = formula(i, compare: compare, training: training)
                if !texts.contains(where: { $0.text == text }) { texts.append((i, text)) }
            }
        }
        var firstPass: FirstPass = [:]
        var readers: [(text: String, formula: ModelFormula, reader: MixedModelReader)] = []
        for (i, text) in texts {
            var input = MixedModelInput(paths: files)
            input.filters = filters
            input.showProgress = false
            input.binaryResponse = specs[i].binomial
            // No --skip-invalid for the models, as before the shared reading: a row the file refuses ends them, and
            // their note names it (`SharedReading.skipInvalid` keeps the report's own count).
            do {
                let formula = try ModelFormula(parsing: text)
                readers.append((text, formula, try MixedModelReader(formula: formula, input: input)))
            } catch {
                firstPass[text] = .failure(error)
            }
        }
        guard !readers.isEmpty else {
            return (
                try ReportData.load(files: files, compare: compare, skipInvalid: skipInvalid, filters: filters),
                firstPass
            )
        }
        var pass = ReportData.Pass(files: files, compare: compare, filters: filters)
        let sharing = MixedModelReader.SharedReading(
            columns: pass.columns, optional: pass.optional, skipInvalid: skipInvalid,
            row: { record, domains in
                do {
                    try pass.row(record, domains)
                } catch is CSVReadError where skipInvalid {
                    // Counted as the report's own reading counts it (`CSVReader`'s --skip-invalid).
                    pass.refused(1)
                }
            },
            fileRead: { pass.refused($0) })
        let designs = try MixedModelReader.designs(readers.map(\.reader), sharing: sharing)
        for (k, result) in designs.enumerated() {
            firstPass[readers[k].text] = result.map { (readers[k].formula, readers[k].reader, $0) }
        }
        return (pass.finish(), firstPass)
    }

    /// The report's three models from their first pass: their second reading of the trials, for all three at once.
    static func fit(_ c: ReportContext, _ firstPass: FirstPass) -> [ReportMixedModel] {
        let training = isTraining(c)
        let formulas = specs.indices.map { formula($0, compare: c.compare, training: training) }
        func failed(_ i: Int, _ error: Error) -> ReportMixedModel {
            ReportMixedModel(
                measure: specs[i].measure, response: specs[i].response, formula: formulas[i],
                binomial: specs[i].binomial, fixed: [], randomSD: [], residualSD: nil, singular: false,
                observations: 0, problem: "\(error)")
        }
        var models = [ReportMixedModel?](repeating: nil, count: specs.count)
        var designed: [(model: Int, formula: ModelFormula, reader: MixedModelReader, design: MixedModelDesign)] = []
        for i in specs.indices {
            switch firstPass[formulas[i]]! {
            case .success(let entry): designed.append((i, entry.formula, entry.reader, entry.design))
            case .failure(let error): models[i] = failed(i, error)
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
