// One value per participant for between-subjects tests, the pseudo-replication warning, and flags that do not apply
// to a design (issue 14, defects 5, 6, 9, 11).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct UnitOfAnalysisTests {
    let r = Fixtures.issue14
    let cli = CommandLineTests()
    var mixed: [String] {
        [Fixtures.path("mixed.csv"), "--value", "value", "--participants", Fixtures.path("mixed-participants.csv")]
    }

    @Test func trialRowsOfRepeatedParticipantsWarnAndShowTheCommandThatAggregates() throws {
        let run = try cli.run(["anova"] + mixed + ["--by", "group"])
        #expect(run.status == 0)
        #expect(run.err.contains("pseudo-replication") && run.err.contains("--by group --subject participant"))
        let fixed = try cli.run(["anova"] + mixed + ["--by", "group", "--subject", "participant", "--format", "json"])
        #expect(!fixed.err.contains("pseudo-replication"))
        let j = try cli.json(fixed.out)
        #expect(
            close(j[0]["f"] as? Double ?? .nan, r["unit.anova.f"])
                && close(j[0]["p"] as? Double ?? .nan, r["unit.anova.p"]))
        #expect(j[0]["df_within"] as? Double == r["unit.anova.df_within"])
        let t = try cli.json(
            try cli.run(
                ["ttest"] + mixed + [
                    "--by", "group", "--levels", "A,B", "--subject", "participant", "--format", "json",
                ]
            )
            .out)
        #expect(
            close(t[0]["t"] as? Double ?? .nan, r["unit.ttest.t"])
                && close(t[0]["p"] as? Double ?? .nan, r["unit.ttest.p"]))
        let warned = try cli.run(["ttest"] + mixed + ["--by", "group", "--levels", "A,B"])
        #expect(warned.err.contains("pseudo-replication"))
        // condition is within-subjects (every participant has rows in each): the suggestion is the repeated measures.
        let within = try cli.run(["anova"] + mixed + ["--by", "condition"])
        #expect(within.err.contains("--within condition") && within.err.contains("--subject participant"))
        let paired = try cli.run(["ttest"] + mixed + ["--by", "condition", "--levels", "c1,c2"])
        #expect(paired.err.contains("--by condition --paired") && paired.err.contains("--subject participant"))
    }

    @Test func flagsThatDoNotApplyAreErrorsNamingTheFlag() throws {
        let plant = [Fixtures.path("PlantGrowth.csv"), "--value", "weight"]
        let sleep = [Fixtures.path("sleep.csv"), "--value", "extra"]
        for (args, flag) in [
            (["anova"] + plant + ["--by", "group", "--type", "3"], "--type"),
            (
                ["anova"] + mixed + ["--by", "group", "--within", "condition", "--subject", "participant", "--checks"],
                "--checks"
            ),
            (
                ["ttest"] + sleep + ["--by", "group", "--paired", "--subject", "ID", "--equal-variance"],
                "--equal-variance"
            ),
            (["ttest"] + sleep + ["--levels", "1,2"], "--levels"),
            (
                ["anova"] + mixed + ["--within", "condition", "--within", "condition", "--subject", "participant"],
                "named twice"
            ),
        ] {
            let run = try cli.run(args)
            #expect(run.status != 0 && run.err.contains(flag), "\(args): \(run.err)")
        }
    }

    @Test func twoWithinFactorsAreBothAnalysedAndChecksAddFriedman() throws {
        let fac = [Fixtures.path("factorial.csv"), "--value", "value", "--subject", "participant"]
        let j = try cli.json(try cli.run(["anova"] + fac + ["--within", "A", "--within", "B", "--format", "json"]).out)
        #expect(j.map { $0["effect"] as? String } == ["A", "B", "A:B"])
        let checked = try cli.run(["anova"] + fac + ["--within", "B", "--checks"])
        #expect(
            checked.status == 0 && checked.out.contains("Friedman rank sum test") && checked.out.contains("Mauchly"))
    }
}
