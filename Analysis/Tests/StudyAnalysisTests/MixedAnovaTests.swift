// Mixed ANOVA (between x within) against R's aov with Error(), the pooled-covariance epsilons and anova.mlm.
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

    @Test func mixedAnovaMatchesRsAovTablesAndEpsilonsToTenDigits() throws {
        let a = try Analyses.mixedAnova(try fixture())
        #expect(a.groupNames == ["A", "B", "C"] && a.subjectsPerGroup == [5, 4, 3] && a.droppedSubjects == ["P10"])
        #expect(
            a.group.df == r["mixed.group.df"] && a.group.dfError == r["mixed.subjects_error.df"]
                && a.within.dfError == r["mixed.within_error.df"])
        #expect(
            close(a.group.ssError, r["mixed.subjects_error.ss"]) && close(a.within.ssError, r["mixed.within_error.ss"]))
        for (term, key) in [(a.group, "group"), (a.within, "condition"), (a.interaction, "interaction")] {
            #expect(close(term.ss, r["mixed.\(key).ss"]), "\(key) ss")
            #expect(close(term.f, r["mixed.\(key).f"]), "\(key) F")
            #expect(close(term.p, r["mixed.\(key).p"]), "\(key) p")
        }
        #expect(
            close(a.sphericity.epsilonGG, r["mixed.epsilon_gg"]) && close(a.sphericity.epsilonHF, r["mixed.epsilon_hf"])
        )
        for (term, key) in [(a.within, "condition"), (a.interaction, "interaction")] {
            #expect(
                close(term.pGG!, r["mixed.\(key).p_gg"]) && close(term.pHF!, r["mixed.\(key).p_hf"]),
                "\(key) corrected p")
            // R's multivariate route (eigenvalues, QR) carries its own rounding: agreement to 1e-9 there.
            #expect(close(term.f, r["mixed.mlm.\(key).f"], 1e-9) && close(term.pGG!, r["mixed.mlm.\(key).p_gg"], 1e-9))
            #expect(close(term.pHF!, r["mixed.mlm.\(key).p_hf"], 1e-9))
        }
        #expect(abs(a.sphericity.epsilonGG - r["mixed.mlm.epsilon_gg_4dp"]!) < 5e-5)
        #expect(
            close(a.sphericity.mauchlyW, r["mixed.mauchly_w"], 1e-10)
                && close(a.sphericity.mauchlyP, r["mixed.mauchly_p"], 1e-9))
        #expect(a.group.epsilonGG == nil)  // the between-subjects term needs no sphericity correction
    }

    @Test func withTwoWithinLevelsTheCorrectionsChangeNothing() throws {
        let y: [[[Double]]] = [[[1, 2.5], [2, 2.9], [0.5, 2.2]], [[3, 3.1], [2.2, 4], [3.5, 3.3], [1.9, 2.8]]]
        let a = try MixedAnova.test(y, groupNames: ["a", "b"], levelNames: ["x", "y"], between: "g", within: "w")
        #expect(abs(a.sphericity.epsilonGG - 1) < 1e-12 && a.sphericity.mauchlyW.isNaN)
        #expect(abs(a.within.pGG! - a.within.p) < 1e-12 && abs(a.interaction.pHF! - a.interaction.p) < 1e-12)
        // Strata add up: between + within sums of squares = total sum of squares of the cell means.
        let all = y.flatMap { $0 }.flatMap { $0 }
        let mean = all.reduce(0, +) / Double(all.count)
        let total = all.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        #expect(abs(a.group.ss + a.group.ssError + a.within.ss + a.interaction.ss + a.within.ssError - total) < 1e-12)
    }

    @Test func aSubjectFoundInTwoGroupsIsRejectedWithOneSentenceNamingIt() throws {
        // In the fixture every participant plays every condition, so condition cannot be the between factor.
        let data = try Fixtures.load(
            "mixed.csv", value: "value", by: ["condition", "group"], subject: "participant", keepValues: false,
            participants: "mixed-participants.csv")
        #expect {
            try Analyses.mixedAnova(data)
        } throws: { error in
            let message = (error as? AnalysisError)?.message ?? ""
            return message.contains("Subject 'P") && message.contains("'condition'")
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
