// The report's balance line and its mixed ANOVA for participant groups in a within-subjects design.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct ReportBalanceTests {
    @Test func conditionsWithDifferentTrialCountsAreBalancedWhenEveryParticipantHasTheSameCountInEach() {
        let counts = ["one-target": ["P1": 3, "P2": 3, "P3": 3], "two-targets": ["P1": 6, "P2": 6, "P3": 6]]
        #expect(
            DesignBalance.statement(counts: counts, compare: "condition")
                == "balanced across participants (3–6 trials per cell by condition: one-target 3, two-targets 6)")
        #expect(
            DesignBalance.statement(counts: ["a": ["P1": 5, "P2": 5], "b": ["P1": 5, "P2": 5]], compare: "condition")
                == "balanced across participants (5 trials in every participant x condition cell)")
    }

    @Test func aParticipantWithADifferentTrialCountMakesTheDesignUnbalancedAndIsNamed() {
        let counts = ["one-target": ["P1": 3, "P2": 2, "P3": 3], "two-targets": ["P1": 6, "P2": 6, "P3": 6]]
        let s = DesignBalance.statement(counts: counts, compare: "condition")
        #expect(s.hasPrefix("unbalanced across participants: 1 participant x condition cell"))
        #expect(s.contains("P2 in one-target has 2 (others 3)") && !s.contains("two-targets has"))
    }

    @Test func reportRunsTheMixedAnovaForParticipantGroupsAndAgreesWithTheAnovaCommand() throws {
        let cli = CommandLineTests()
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/report"
        let r = try cli.run(["report", Fixtures.path("StudyLogs-sample"), "--out", out, "--group-by", "tinnitus"])
        #expect(r.status == 0, "\(r.err)")
        let md = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(md.contains("Balance: balanced across participants (20 trials in every participant x condition cell)"))
        let anova = try cli.json(
            try cli.run([
                "anova", Fixtures.path("StudyLogs-sample"), "--by", "tinnitus", "--within", "condition",
                "--subject", "participant", "--format", "json",
            ]).out)
        let p = try #require(anova.first { $0["effect"] as? String == "condition" }?["p"] as? Double)
        let row = try #require(
            md.split(separator: "\n").first { $0.hasPrefix("| deviation | Mixed ANOVA: condition (within)") })
        #expect(row.contains("| \(RFormat.pValue(p, digits: 3)) |"), "\(row)")
        #expect(md.contains("Mixed ANOVA: tinnitus (between)") && md.contains("Mixed ANOVA: tinnitus x condition"))
        // One unit for the group table: t² of the two-group t-test equals the F of the mixed ANOVA's group row
        // (before: Welch t on trial-weighted means, t² = 8.42 against F = 6.83), and every table states its unit.
        let tests = try String(contentsOfFile: out + "/tables/tests.csv", encoding: .utf8).split(separator: "\n")
            .map(ReportRScriptTests.fields)
        for measure in ["deviation", "time"] {
            let t = try #require(tests.first { $0[0] == measure && $0[1].hasPrefix("T-Test (Student)") })
            let f = try #require(tests.first { $0[0] == measure && $0[1] == "Mixed ANOVA: tinnitus (between)" })
            let tValue = try #require(Double(t[7]))
            #expect(close(tValue * tValue, Double(f[7])), "\(measure)")
            #expect(close(Double(t[8]) ?? .nan, Double(f[8])), "\(measure) p")
        }
        // Tables 6.1 and 6.2, the groups, the conditions and the trial-level mixed models.
        #expect(md.components(separatedBy: "Unit of analysis:").count - 1 == 5)
    }
}
