// Between x within designs through the factorial engine against R's aov with Error(), the pooled-covariance
// epsilons and anova.mlm (mixed.csv, unbalanced groups 5/4/3).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct MixedAnovaTests {
    let r = Fixtures.mixed

    func fixture() throws -> StudyData {
        try Fixtures.load(
            "mixed.csv", value: "value", by: ["group", "condition"], subject: "participant", keepValues: false,
            participants: "mixed-participants.csv")
    }

    /// Type 2 is aov's sequential table here (the group is constant within subjects), so the factorial engine must
    /// reproduce aov with Error(), the pooled-covariance epsilons, Mauchly, and R's multivariate route.
    @Test func typeTwoMatchesRsAovTablesAndEpsilonsToTenDigits() throws {
        let a = try Analyses.factorialAnova(try fixture(), betweenCount: 1, type: 2)
        #expect(a.design.betweenLevels == [["A", "B", "C"]] && a.betweenCellSizes == [5, 4, 3])
        #expect(a.droppedSubjects == ["P10"])
        #expect(a.effects.map(\.name) == ["group", "condition", "group:condition"])
        let (group, within, interaction) = (a.effects[0], a.effects[1], a.effects[2])
        #expect(
            group.dfEffect == r["mixed.group.df"] && group.dfError == r["mixed.subjects_error.df"]
                && within.dfError == r["mixed.within_error.df"])
        #expect(close(group.ssError, r["mixed.subjects_error.ss"]) && close(within.ssError, r["mixed.within_error.ss"]))
        for (e, key) in [(group, "group"), (within, "condition"), (interaction, "interaction")] {
            #expect(close(e.ss, r["mixed.\(key).ss"]), "\(key) ss")
            #expect(close(e.f, r["mixed.\(key).f"]), "\(key) F")
            #expect(close(e.p, r["mixed.\(key).p"]), "\(key) p")
        }
        for (e, key) in [(within, "condition"), (interaction, "interaction")] {
            #expect(
                close(e.epsilonGG ?? .nan, r["mixed.epsilon_gg"]) && close(e.epsilonHF ?? .nan, r["mixed.epsilon_hf"]))
            #expect(
                close(e.pGG ?? .nan, r["mixed.\(key).p_gg"]) && close(e.pHF ?? .nan, r["mixed.\(key).p_hf"]),
                "\(key) corrected p")
            // R's multivariate route (eigenvalues, QR) carries its own rounding: agreement to 1e-9 there.
            #expect(close(e.f, r["mixed.mlm.\(key).f"], 1e-9) && close(e.pGG ?? .nan, r["mixed.mlm.\(key).p_gg"], 1e-9))
            #expect(
                close(e.mauchlyW ?? .nan, r["mixed.mauchly_w"], 1e-10)
                    && close(e.mauchlyP ?? .nan, r["mixed.mauchly_p"], 1e-9))
        }
        #expect(group.epsilonGG == nil)  // the between-subjects term needs no sphericity correction
    }

    @Test func withTwoWithinLevelsThereIsNoSphericityCorrectionAndTheStrataAddUp() throws {
        let y: [[Double]] = [[1, 2.5], [2, 2.9], [0.5, 2.2], [3, 3.1], [2.2, 4], [3.5, 3.3], [1.9, 2.8]]
        let design = FactorialDesign(
            withinNames: ["w"], withinLevels: [["x", "y"]], betweenNames: ["g"], betweenLevels: [["a", "b"]])
        let a = try FactorialAnova.test(y, groups: [[0], [0], [0], [1], [1], [1], [1]], design: design, type: 2)
        #expect(a.effects.allSatisfy { $0.epsilonGG == nil && $0.mauchlyW == nil })
        // Between + within sums of squares (effects and errors) = total sum of squares of the cell means.
        let all = y.flatMap { $0 }
        let mean = all.reduce(0, +) / Double(all.count)
        let total = all.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let errors = a.effects[0].ssError + a.effects[1].ssError
        #expect(abs(a.effects.reduce(0) { $0 + $1.ss } + errors - total) < 1e-12)
    }

    @Test func aSubjectFoundInTwoGroupsIsRejectedWithOneSentenceNamingIt() throws {
        // In the fixture every participant plays every condition, so condition cannot be the between factor.
        let data = try Fixtures.load(
            "mixed.csv", value: "value", by: ["condition", "group"], subject: "participant", keepValues: false,
            participants: "mixed-participants.csv")
        #expect {
            try Analyses.factorialAnova(data, betweenCount: 1, type: 3)
        } throws: { error in
            let message = (error as? AnalysisError)?.message ?? ""
            return message.contains("participant 'P") && message.contains("'condition'")
                && message.contains("constant within each subject")
        }
    }

    /// `anova --by --within --type 2` is aov's table here (G constant within subjects); JSON has one object per effect.
    @Test func anovaCommandTypeTwoMatchesAovAndPrintsOneJSONObjectPerEffect() throws {
        let cli = CommandLineTests()
        let args = [
            "anova", Fixtures.path("mixed.csv"), "--value", "value", "--by", "group", "--within", "condition",
            "--subject", "participant", "--participants", Fixtures.path("mixed-participants.csv"), "--type", "2",
        ]
        let text = try cli.run(args)
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.contains("Univariate Type II Repeated-Measures ANOVA") && text.out.contains("Mauchly Tests"))
        #expect(text.out.contains("1 subject without a value in every cell left out (P10)"))
        #expect(text.out.contains("12 subjects (group: A 5, B 4, C 3)"))
        let json = try cli.json(try cli.run(args + ["--format", "json"]).out)
        #expect(json.map { $0["effect"] as? String } == ["group", "condition", "group:condition"])
        for (object, key) in zip(json, ["group", "condition", "interaction"]) {
            #expect(close(object["f"] as? Double ?? .nan, r["mixed.\(key).f"]), "\(key) F")
            #expect(close(object["p"] as? Double ?? .nan, r["mixed.\(key).p"]), "\(key) p")
            #expect(object["type"] as? Int == 2)
        }
        for key in [
            "test", "effect", "type", "f", "df_effect", "df_error", "p", "epsilon_gg", "p_gg", "epsilon_hf", "p_hf",
            "mauchly_w", "mauchly_p", "partial_eta_squared", "partial_eta_squared_ci_low",
            "partial_eta_squared_ci_high",
            "generalized_eta_squared",
        ] {
            #expect(json[2][key] != nil, "\(key)")
        }
        #expect(close(json[2]["p_gg"] as? Double ?? .nan, r["mixed.interaction.p_gg"]))
        #expect(json[0]["epsilon_gg"] is NSNull && json[0]["mauchly_w"] is NSNull)
    }
}
