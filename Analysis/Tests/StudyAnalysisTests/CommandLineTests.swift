// The soundsafari-analyze executable as a user runs it: exit codes, R-like text, JSON keys, errors, the report.
import Foundation
import Testing

@Suite struct CommandLineTests {
    struct Run {
        let status: Int32
        let out: String
        let err: String
    }

    /// The executable sits next to the test bundle in the build folder.
    static let executable: String = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("soundsafari-analyze").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: Bundle.main.bundlePath).deletingLastPathComponent().appendingPathComponent(
            "soundsafari-analyze"
        ).path
    }()

    func run(_ arguments: [String]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.executable)
        p.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(
            status: p.terminationStatus, out: String(decoding: o, as: UTF8.self),
            err: String(decoding: e, as: UTF8.self))
    }

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func anovaPrintsAnRStyleTableAndJSONWithTheDocumentedKeys() throws {
        let plant = Fixtures.path("PlantGrowth.csv")
        let text = try run(["anova", plant, "--value", "weight", "--by", "group"])
        #expect(text.status == 0)
        #expect(
            text.out.contains("Df Sum Sq Mean Sq F value Pr(>F)") && text.out.contains("Residuals 27 10.492  0.3886"))
        let j = try json(try run(["anova", plant, "--value", "weight", "--by", "group", "--format", "json"]).out)
        for key in [
            "f", "p", "df_between", "df_within", "ss_between", "ss_within", "ms_between", "ms_within", "eta_squared",
            "groups",
        ] {
            #expect(j[0][key] != nil, "missing \(key)")
        }
        #expect(abs((j[0]["f"] as! Double) - Fixtures.r["plant.f"]!) < 1e-12)
        for key in ["f", "df_between", "df_within", "p"] { #expect(j[1][key] != nil, "welch missing \(key)") }
    }

    @Test func repeatedMeasuresAndTTestAndTukeyJSONCarryTheirKeys() throws {
        let rm = try json(
            try run([
                "anova", Fixtures.path("repeated.csv"), "--value", "value", "--within", "level", "--subject", "subject",
                "--format", "json",
            ]).out)
        for key in ["f", "df_effect", "df_error", "p", "epsilon_gg", "p_gg", "epsilon_hf", "p_hf"] {
            #expect(rm[0][key] != nil, "rm missing \(key)")
        }
        let t = try json(
            try run(["ttest", Fixtures.path("sleep.csv"), "--value", "extra", "--by", "group", "--format", "json"]).out)
        for key in ["kind", "t", "df", "p", "mean_difference", "ci_low", "ci_high", "cohen_d"] {
            #expect(t[0][key] != nil, "ttest missing \(key)")
        }
        #expect(t[0]["kind"] as? String == "welch")
        let tk = try json(
            try run([
                "posthoc", Fixtures.path("PlantGrowth.csv"), "--value", "weight", "--by", "group", "--format", "json",
            ]).out)
        let comparisons = try #require(tk[0]["comparisons"] as? [[String: Any]])
        #expect(comparisons.count == 3)
        for key in ["a", "b", "diff", "ci_low", "ci_high", "p_adj"] {
            #expect(comparisons[0][key] != nil, "tukey missing \(key)")
        }
    }

    @Test func describeShowsTheDigitsThatCarryTheSpreadOnConstantLeadingDigits() throws {
        let r = try run(["describe", Fixtures.path("leading-digits.csv"), "--value", "value", "--by", "group"])
        #expect(r.status == 0)
        #expect(r.out.contains("1000000000000.25") && r.out.contains("0.182813"))
    }

    @Test func tTestTextNamesTheGroupsAndJSONListsTheLevelsInOrder() throws {
        let args = [
            "ttest", Fixtures.path("PlantGrowth.csv"), "--value", "weight", "--by", "group", "--levels", "trt2,ctrl",
        ]
        let text = try run(args)
        #expect(
            text.out.contains("Welch Two Sample t-test") && text.out.contains("mean in group trt2 mean in group ctrl"))
        let j = try json(try run(args + ["--format", "json"]).out)
        #expect(j[0]["levels"] as? [String] == ["trt2", "ctrl"])
        #expect(((j[0]["mean_difference"] as? Double) ?? 0) > 0)
    }

    @Test func badInputExitsNonZeroWithOneSentenceNamingTheProblem() throws {
        let missing = try run(["anova", Fixtures.path("PlantGrowth.csv"), "--value", "height", "--by", "group"])
        #expect(missing.status != 0)
        #expect(missing.err.contains("no column named 'height'"))
        #expect(!missing.err.contains("Fatal error"))
        let noBy = try run(["anova", Fixtures.path("PlantGrowth.csv"), "--value", "weight"])
        #expect(noBy.status != 0 && noBy.err.contains("--by"))
        let nothing = try run(["describe", "/no/such/folder"])
        #expect(nothing.status != 0 && nothing.err.contains("no such file or folder"))
    }

    @Test func reportWritesHTMLMarkdownTablesAndFiguresAndDetectsTheDesign() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/report"
        let r = try run(["report", Fixtures.path("StudyLogs-sample"), "--out", out, "--group-by", "tinnitus"])
        #expect(r.status == 0, "\(r.err)")
        let md = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(md.contains("Design detected: within-subjects"))
        #expect(md.contains("Table 1: p-values for angle deviation") && md.contains("Table 2: p-values for time"))
        #expect(md.contains("Participant groups by tinnitus"))
        #expect(md.contains("mean age 30.5 years") && md.contains("questionnaire, gender"))
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.contains("<svg") && html.contains("Figure 1:"))
        for file in [
            "tables/conditions.csv", "tables/tests.csv", "tables/participants.csv", "figures/figure-6-1-conditions.svg",
            "figures/learning-curve-rounds.svg", "figures/polar-aims-targets.svg",
        ] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)")
        }
        let bad = try run([
            "report", Fixtures.path("StudyLogs-sample"), "--out", out + "-bad", "--group-by", "shoe_size",
        ])
        #expect(bad.status != 0 && bad.err.contains("shoe_size"))
    }
}
