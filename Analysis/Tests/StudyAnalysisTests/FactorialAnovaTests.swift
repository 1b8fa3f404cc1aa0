// Factorial repeated-measures ANOVA (within A x B, between G and H, types 2 and 3) against afex::aov_ez / car::Anova.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct FactorialAnovaTests {
    let r = Fixtures.issue14

    func anova(_ factors: [String], between: Int, type: Int, withoutP16: Bool = false) throws -> FactorialAnovaResult {
        let data = try Fixtures.load(
            "factorial.csv", value: "value", by: factors, subject: "participant", keepValues: false,
            participants: "factorial-participants.csv", filters: withoutP16 ? ["participant!=P16"] : [])
        return try Analyses.factorialAnova(data, betweenCount: between, type: type)
    }

    /// Every effect's F, df, p, SS, epsilons, Mauchly, partial and generalized η² to 10 digits; the η² CI to 10 digits
    /// of the exact bounds (uniroot in R) and to 6 digits of effectsize's optimiser.
    func expectMatches(_ a: FactorialAnovaResult, _ label: String, effects: [String]) {
        #expect(a.effects.map(\.name) == effects)
        for e in a.effects {
            let k = "\(label).\(e.name.replacingOccurrences(of: ":", with: "_"))"
            for (value, key) in [
                (e.ss, "ss"), (e.ssError, "ss_error"), (e.f, "f"), (e.dfEffect, "df1"), (e.dfError, "df2"), (e.p, "p"),
                (e.partialEtaSquared, "pes"), (e.generalizedEtaSquared, "ges"),
                (e.partialEtaSquaredCI?.low ?? .nan, "pes_ci_low"),
                (e.partialEtaSquaredCI?.high ?? .nan, "pes_ci_high"),
            ] {
                #expect(close(value, r["\(k).\(key)"]), "\(k).\(key): \(value) vs \(r["\(k).\(key)"] ?? .nan)")
            }
            #expect(close(e.partialEtaSquaredCI?.low ?? .nan, r["\(k).effectsize_ci_low"], 1e-6))
            #expect(close(e.partialEtaSquaredCI?.high ?? .nan, r["\(k).effectsize_ci_high"], 1e-6))
            if let gg = e.epsilonGG {
                for (value, key) in [
                    (gg, "epsilon_gg"), (e.pGG ?? .nan, "p_gg"), (e.epsilonHF ?? .nan, "epsilon_hf"),
                    (e.pHF ?? .nan, "p_hf"), (e.mauchlyW ?? .nan, "mauchly_w"), (e.mauchlyP ?? .nan, "mauchly_p"),
                ] {
                    #expect(close(value, r["\(k).\(key)"]), "\(k).\(key): \(value) vs \(r["\(k).\(key)"] ?? .nan)")
                }
            } else {
                #expect(r["\(k).epsilon_gg"] == nil, "\(k) should have sphericity corrections")
            }
        }
    }

    @Test func twoWithinFactorsMatchAfex() throws {
        let a = try anova(["A", "B"], between: 0, type: 3)
        #expect(a.subjects == 15 && a.droppedSubjects == ["P16"])
        expectMatches(a, "fac.w", effects: ["A", "B", "A:B"])
    }

    @Test func unbalancedBetweenGroupTimesTwoWithinFactorsMatchAfexTypes3And2() throws {
        let a3 = try anova(["G", "A", "B"], between: 1, type: 3)
        #expect(a3.betweenCellSizes == [5, 6, 4])
        let effects = ["G", "A", "G:A", "B", "G:B", "A:B", "G:A:B"]
        expectMatches(a3, "fac.gw3", effects: effects)
        expectMatches(try anova(["G", "A", "B"], between: 1, type: 2), "fac.gw2", effects: effects)
    }

    @Test func twoUnbalancedBetweenFactorsTimesOneWithinFactorMatchAfexTypes3And2() throws {
        let effects = ["G", "H", "G:H", "B", "G:B", "H:B", "G:H:B"]
        expectMatches(try anova(["G", "H", "B"], between: 2, type: 3, withoutP16: true), "fac.ghw3", effects: effects)
        expectMatches(try anova(["G", "H", "B"], between: 2, type: 2, withoutP16: true), "fac.ghw2", effects: effects)
    }

    @Test func threeWithinFactorsTimesAnUnbalancedGroupMatchAfex() throws {
        let a = try anova(["G", "A", "B", "trial"], between: 1, type: 3)
        var effects = ["G"]
        for w in ["A", "B", "trial", "A:B", "A:trial", "B:trial", "A:B:trial"] { effects += [w, "G:\(w)"] }
        expectMatches(a, "fac.w3g", effects: effects)
    }

    @Test func fewerSubjectsThanTheCovarianceNeedsIsRefusedWithTheNumberNeeded() throws {
        // 3 subjects, 2 x 3 within cells: the A:B error covariance is 2 x 2 with 2 df, B's too; 4 levels need 4.
        let y: [[Double]] = [[1, 2, 3, 4], [2, 2.5, 3.9, 4.1], [0.5, 1.7, 2.2, 4.4]]
        let design = FactorialDesign(
            withinNames: ["W"], withinLevels: [["w1", "w2", "w3", "w4"]], betweenNames: [], betweenLevels: [])
        #expect {
            try FactorialAnova.test(y, groups: [[], [], []], design: design, type: 3)
        } throws: { error in
            (error as? AnalysisError)?.message.hasPrefix("This design needs at least 4 complete subjects (found 3)")
                ?? false
        }
    }
}
