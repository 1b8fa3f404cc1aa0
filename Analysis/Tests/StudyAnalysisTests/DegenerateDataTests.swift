// Data on which a test cannot be computed say why (issue 14, defects 4, 7, 8), rather than print NA or garbage.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct DegenerateDataTests {
    @Test func leveneOnAllDeviationsZeroSaysWhyFIsNotComputed() throws {
        let r = try Levene.test([[1, 1, 1], [2, 2, 2], [5, 5, 5]], useMedian: true)
        #expect(r.f.isNaN && r.reason?.contains("all absolute deviations are zero") == true)
        let text = ResultRendering.levene(r).text
        #expect(text.contains("F cannot be computed") && !text.contains("F = NA"))
    }

    @Test func welchLeftOutForAConstantGroupIsNamedWithTheReason() throws {
        let cli = CommandLineTests()
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/constant.csv"
        try "group,value\na,1\na,2\na,3\nb,4\nb,4\nb,4\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try cli.run(["anova", file, "--value", "value", "--by", "group"])
        #expect(run.status == 0)
        #expect(run.out.contains("Welch's test (oneway.test) left out: group 'b' has zero variance"))
        let json = try cli.json(
            try cli.run(["anova", file, "--value", "value", "--by", "group", "--format", "json"]).out)
        #expect(json[1]["test"] as? String == "anova-welch" && json[1]["skipped"] as? Bool == true)
    }

    @Test func tooFewSubjectsForTheSphericityEstimatesIsRefusedWithTheNumberNeeded() throws {
        let cli = CommandLineTests()
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/few.csv"
        try
            "s,w,value\ns1,a,1\ns1,b,2\ns1,c,4\ns1,d,3\ns2,a,2\ns2,b,2.5\ns2,c,3\ns2,d,5\ns3,a,0\ns3,b,1\ns3,c,1.5\ns3,d,4\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try cli.run(["anova", file, "--value", "value", "--within", "w", "--subject", "s"])
        #expect(run.status != 0 && run.out.isEmpty)
        #expect(run.err.contains("needs at least 4 complete subjects (found 3)"), "\(run.err)")
    }
}

@Suite struct OmegaSquaredConventionTests {
    /// effectsize::omega_squared reports max(0, estimate); text and JSON say so and keep the estimate.
    @Test func aNegativeOmegaSquaredEstimateIsReportedAsZeroLikeEffectsize() throws {
        let r = Fixtures.issue14
        let cli = CommandLineTests()
        let args = ["anova", Fixtures.path("omega-negative.csv"), "--value", "y", "--by", "g"]
        let text = try cli.run(args).out
        #expect(text.contains("omega squared = 0 (the estimate") && text.contains("as effectsize::omega_squared"))
        let j = try cli.json(try cli.run(args + ["--format", "json"]).out)
        #expect(j[0]["omega_squared"] as? Double == r["omega.effectsize"])
        #expect(close(j[0]["omega_squared_estimate"] as? Double ?? .nan, r["omega.estimate"]))
    }
}

@Suite struct NoncentralLimitTests {
    /// F x df1 beyond 1e6: r-mathlib's pnbeta stops converging (and prints on stdout), so no interval, and the text
    /// says why.
    @Test func anEnormousFGetsNoEtaSquaredIntervalAndTheTextSaysWhy() throws {
        let y: [[Double]] = [
            [1, 1001.1, 2002.01], [2, 1002.2, 2003.04], [3, 1003.3, 2004.09], [4, 1004.4, 2005.16],
            [5, 1005.5, 2006.25],
        ]
        let design = FactorialDesign(
            withinNames: ["w"], withinLevels: [["a", "b", "c"]], betweenNames: [], betweenLevels: [])
        let r = try FactorialAnova.test(y, groups: y.map { _ in [] }, design: design, type: 3)
        #expect(r.effects[0].f * r.effects[0].dfEffect >= 1e6 && r.effects[0].partialEtaSquaredCI == nil)
        #expect(
            ResultRendering.factorial(r, value: "y", subject: "s").text.contains("NA 95% CI: F x num Df is 1e6 or more")
        )
    }
}
