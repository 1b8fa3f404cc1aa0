// Post-hoc tests for repeated-measures and mixed designs against pairwise.t.test and effectsize::cohens_d (issue 14).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct RepeatedPostHocTests {
    let r = Fixtures.issue14
    let cli = CommandLineTests()
    let args = [
        "posthoc", Fixtures.path("factorial.csv"), "--value", "value", "--within", "B", "--subject", "participant",
        "--format", "json",
    ]

    func expectMatches(_ comparisons: [[String: Any]], prefix: (([String: Any]) -> String)) {
        for c in comparisons {
            let k = prefix(c) + "\(c["a"] as? String ?? "")_\(c["b"] as? String ?? "")"
            for (field, key) in [("t", "t"), ("p", "p"), ("p_adj", "p_adj"), ("cohen_d", "d")] {
                #expect(close(c[field] as? Double ?? .nan, r["\(k).\(key)"]), "\(k).\(key)")
            }
        }
    }

    @Test func pairedTTestsBetweenWithinLevelsMatchPairwiseTTestPaired() throws {
        let j = try cli.json(try cli.run(args).out)
        let comparisons = try #require(j.first?["comparisons"] as? [[String: Any]])
        #expect(comparisons.count == 3 && comparisons.allSatisfy { $0["at"] is NSNull })
        expectMatches(comparisons) { _ in "posthoc.paired." }
    }

    @Test func groupsComparedAtEachWithinLevelMatchPairwiseTTestPerLevel() throws {
        let run = try cli.run(
            args + ["--by", "G", "--participants", Fixtures.path("factorial-participants.csv")])
        let comparisons = try #require(try cli.json(run.out).first?["comparisons"] as? [[String: Any]])
        #expect(comparisons.count == 9)
        expectMatches(comparisons) { "posthoc.at.\($0["at"] as? String ?? "")." }
    }

    @Test func betweenOnlyFlagsWithWithinAreErrors() throws {
        for extra in [["--method", "tukey"], ["--no-pool"]] {
            let run = try cli.run(args + extra)
            #expect(run.status != 0 && run.err.contains(extra[0]), "\(extra)")
        }
        let tukeyAdjust = try cli.run([
            "posthoc", Fixtures.path("PlantGrowth.csv"), "--value", "weight", "--by", "group", "--adjust", "holm",
        ])
        #expect(tukeyAdjust.status != 0 && tukeyAdjust.err.contains("--adjust"))
    }
}
