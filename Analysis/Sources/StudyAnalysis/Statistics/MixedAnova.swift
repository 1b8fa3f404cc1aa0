// Mixed-design (split-plot) ANOVA: one between-subjects factor x one within-subjects factor, with GG/HF corrections.
import Foundation

/// One row of a mixed ANOVA table. Sphericity fields are set only for the within-subjects terms.
public struct MixedAnovaTerm: Sendable {
    public let name: String
    public let ss: Double, df: Double, f: Double, p: Double
    public let ssError: Double, dfError: Double
    public let epsilonGG: Double?, pGG: Double?, epsilonHF: Double?, pHF: Double?
    public var ms: Double { ss / df }
    public var partialEtaSquared: Double { ss / (ss + ssError) }
}

public struct MixedAnovaResult: Sendable {
    public let groupNames: [String], levelNames: [String]
    public let subjectsPerGroup: [Int]
    /// Subjects left out because they lack a value at some level of the within factor.
    public let droppedSubjects: [String]
    /// Between-subjects stratum: the group term against subjects within groups.
    public let group: MixedAnovaTerm
    /// Within-subjects stratum: the within factor and the interaction against subject x within residuals.
    public let within: MixedAnovaTerm, interaction: MixedAnovaTerm
    public let sphericity: Sphericity
    public var subjects: Int { subjectsPerGroup.reduce(0, +) }
}

public enum MixedAnova {
    /// `y[g][s][j]`: subject s of group g at within level j (the mean of that subject's rows in the cell).
    /// Sums of squares are those of `aov(y ~ g * w + Error(subject / w))`; with unequal group sizes they are sequential
    /// (w, then g:w), which here equals type II because g is constant within subjects. (afex's default type III
    /// weighs groups equally for w and differs when group sizes differ.)
    /// ε from the pooled within-group covariance of the levels (error df N - G), as car::Anova and R's anova.mlm.
    public static func test(
        _ y: [[[Double]]], groupNames: [String], levelNames: [String], dropped: [String] = [],
        between: String, within: String
    ) throws -> MixedAnovaResult {
        let k = levelNames.count
        guard k >= 2 else {
            throw AnalysisError(
                "A mixed ANOVA needs at least two levels of the within-subjects factor '\(within)' (found \(k)).")
        }
        guard y.count >= 2 else {
            throw AnalysisError(
                "A mixed ANOVA needs at least two groups of '\(between)' with complete subjects (found \(y.count)).")
        }
        let sizes = y.map(\.count)
        let n = sizes.reduce(0, +)
        let groupCount = y.count
        guard n - groupCount >= 1 else {
            throw AnalysisError(
                "A mixed ANOVA needs more complete subjects than groups of '\(between)' (found \(n) subjects in \(groupCount) groups)."
            )
        }
        let nn = Double(n)
        let kk = Double(k)
        let gg = Double(groupCount)
        let all = y.flatMap { $0 }
        let grand = CompensatedSum.of(all.flatMap { $0 }) / (nn * kk)
        let levelMeans = (0..<k).map { j in CompensatedSum.of(all.map { $0[j] }) / nn }
        let cellMeans = y.map { subjects in
            (0..<k).map { j in CompensatedSum.of(subjects.map { $0[j] }) / Double(subjects.count) }
        }
        let groupMeans = cellMeans.map { CompensatedSum.of($0) / kk }

        var ssGroup = CompensatedSum()
        var ssSubjects = CompensatedSum()
        var ssInteraction = CompensatedSum()
        var ssError = CompensatedSum()
        for g in 0..<groupCount {
            let dg = groupMeans[g] - grand
            ssGroup.add(kk * Double(sizes[g]) * dg * dg)
            for j in 0..<k {
                let e = cellMeans[g][j] - groupMeans[g] - levelMeans[j] + grand
                ssInteraction.add(Double(sizes[g]) * e * e)
            }
            for subject in y[g] {
                let mean = CompensatedSum.of(subject) / kk
                ssSubjects.add(kk * (mean - groupMeans[g]) * (mean - groupMeans[g]))
                for j in 0..<k {
                    let e = subject[j] - mean - cellMeans[g][j] + groupMeans[g]
                    ssError.add(e * e)
                }
            }
        }
        let ssWithin = nn * CompensatedSum.of(levelMeans.map { ($0 - grand) * ($0 - grand) })

        // Pooled within-group covariance of the levels: residuals of the between-subjects model, df N - G.
        let errorDF = nn - gg
        var covariance = Array(repeating: Array(repeating: 0.0, count: k), count: k)
        for a in 0..<k {
            for b in a..<k {
                var s = CompensatedSum()
                for g in 0..<groupCount {
                    for subject in y[g] { s.add((subject[a] - cellMeans[g][a]) * (subject[b] - cellMeans[g][b])) }
                }
                covariance[a][b] = s.value / errorDF
                covariance[b][a] = covariance[a][b]
            }
        }
        let sph = Sphericity.estimate(covariance: covariance, errorDF: errorDF)

        let dfGroup = gg - 1
        let dfSubjects = nn - gg
        let dfWithin = kk - 1
        let dfInteraction = (gg - 1) * (kk - 1)
        let dfError = (nn - gg) * (kk - 1)
        func term(_ name: String, _ ss: Double, _ df: Double, _ ssE: Double, _ dfE: Double, corrected: Bool)
            -> MixedAnovaTerm
        {
            let f = (ss / df) / (ssE / dfE)
            let p = Distributions.fUpper(f, df1: df, df2: dfE)
            guard corrected else {
                return MixedAnovaTerm(
                    name: name, ss: ss, df: df, f: f, p: p, ssError: ssE, dfError: dfE, epsilonGG: nil, pGG: nil,
                    epsilonHF: nil, pHF: nil)
            }
            let hf = min(1, sph.epsilonHF)
            return MixedAnovaTerm(
                name: name, ss: ss, df: df, f: f, p: p, ssError: ssE, dfError: dfE,
                epsilonGG: sph.epsilonGG,
                pGG: Distributions.fUpper(f, df1: df * sph.epsilonGG, df2: dfE * sph.epsilonGG),
                epsilonHF: sph.epsilonHF, pHF: Distributions.fUpper(f, df1: df * hf, df2: dfE * hf))
        }
        return MixedAnovaResult(
            groupNames: groupNames, levelNames: levelNames, subjectsPerGroup: sizes, droppedSubjects: dropped,
            group: term(between, ssGroup.value, dfGroup, ssSubjects.value, dfSubjects, corrected: false),
            within: term(within, ssWithin, dfWithin, ssError.value, dfError, corrected: true),
            interaction: term(
                "\(between):\(within)", ssInteraction.value, dfInteraction, ssError.value, dfError, corrected: true),
            sphericity: sph)
    }
}
