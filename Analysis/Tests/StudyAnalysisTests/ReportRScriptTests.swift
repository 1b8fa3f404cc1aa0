// analysis.R from `report` runs under Rscript and prints the report's numbers (skipped when R is not installed).
import Foundation
import Testing

@testable import StudyAnalysis

/// Rscript on the PATH with afex, circular, lme4 and lmerTest, or nil (then the test is skipped, and says why).
let rscript: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    guard
        let found = path.split(separator: ":").map({ "\($0)/Rscript" }).first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        })
    else { return nil }
    let check = Process()
    check.executableURL = URL(fileURLWithPath: found)
    check.arguments = ["-e", "library(afex); library(circular); library(lme4); library(lmerTest)"]
    check.standardOutput = FileHandle.nullDevice
    check.standardError = FileHandle.nullDevice
    guard (try? check.run()) != nil else { return nil }
    check.waitUntilExit()
    return check.terminationStatus == 0 ? found : nil
}()

@Suite struct ReportRScriptTests {
    /// Fields of one CSV line (quotes as the report writes them).
    static func fields(_ line: Substring) -> [String] {
        var out: [String] = []
        var field = ""
        var quoted = false
        var previous: Character = " "
        for ch in line {
            if ch == "\"" {
                if quoted {
                    quoted = false
                } else {
                    if previous == "\"" { field.append("\"") }
                    quoted = true
                }
            } else if ch == "," && !quoted {
                out.append(field)
                field = ""
            } else {
                field.append(ch)
            }
            previous = ch
        }
        return out + [field]
    }

    @Test(.needsRWithReportPackages)
    func analysisRPrintsTheReportsNumbersForTheWithinSubjectsSample() throws {
        try compareWithR(logs: Fixtures.path("StudyLogs-sample"), tests: 16)
    }

    /// The sample with each participant keeping one condition (P001 cond-02, P002 cond-03, P003 cond-01, ...): the
    /// between-subjects branch of the report and of analysis.R.
    @Test(.needsRWithReportPackages)
    func analysisRPrintsTheReportsNumbersForABetweenSubjectsDesign() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let source = Fixtures.path("StudyLogs-sample")
        let fm = FileManager.default
        let conditions = ["cond-01", "cond-02", "cond-03"]
        for participant in try fm.contentsOfDirectory(atPath: source) where participant.hasPrefix("P") {
            let keep = conditions[(Int(participant.dropFirst()) ?? 0) % 3]
            for session in try fm.contentsOfDirectory(atPath: source + "/" + participant) {
                let text = try String(contentsOfFile: "\(source)/\(participant)/\(session)/trials.csv", encoding: .utf8)
                let lines = text.split(separator: "\n")
                let column = lines[0].split(separator: ",").firstIndex(of: "condition") ?? 0
                let kept = [lines[0]] + lines.dropFirst().filter { $0.split(separator: ",")[column] == keep }
                let folder = "\(scratch)/logs/\(participant)/\(session)"
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try (kept.joined(separator: "\n") + "\n").write(
                    toFile: folder + "/trials.csv", atomically: true, encoding: .utf8)
            }
        }
        try fm.copyItem(atPath: source + "/participants.csv", toPath: scratch + "/logs/participants.csv")
        try compareWithR(logs: scratch + "/logs", tests: 10)
    }

    /// The sample with its stimuli measured (issue 42): the frog as two files (P001–P004 heard one, P005–P008 the
    /// other), the blue jay as one, each with a bandwidth in its own octave and the front-back column as reversals.
    /// analysis.R recomputes tables/stimuli.csv and tables/spectral-bands.csv.
    @Test(.needsRWithReportPackages)
    func analysisRRecomputesTheStimulusAndSpectralBandTables() throws {
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let source = Fixtures.path("StudyLogs-sample")
        let fm = FileManager.default
        for participant in try fm.contentsOfDirectory(atPath: source) where participant.hasPrefix("P") {
            let second = (Int(participant.dropFirst()) ?? 0) > 4
            for session in try fm.contentsOfDirectory(atPath: source + "/" + participant) {
                let text = try String(contentsOfFile: "\(source)/\(participant)/\(session)/trials.csv", encoding: .utf8)
                let lines = text.split(separator: "\n")
                let header = lines[0].split(separator: ",")
                let target = try #require(header.firstIndex(of: "target"))
                let confusion = try #require(header.firstIndex(of: "front_back_confusion"))
                let measured = lines.dropFirst().map { line -> String in
                    let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                    let (hash, width) =
                        fields[target] == "frog"
                        ? (String(repeating: second ? "b" : "a", count: 64), second ? "2.4" : "3.2")
                        : (String(repeating: "c", count: 64), "1.7")
                    return "\(line),\(hash),\(width),\(fields[confusion])"
                }
                let folder = "\(scratch)/logs/\(participant)/\(session)"
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try (["\(lines[0]),stimulus_sha256,stimulus_bandwidth_oct,front_back_reversal"] + measured)
                    .joined(separator: "\n").appending("\n").write(
                        toFile: folder + "/trials.csv", atomically: true, encoding: .utf8)
            }
        }
        try fm.copyItem(atPath: source + "/participants.csv", toPath: scratch + "/logs/participants.csv")
        let printed = try compareWithR(logs: scratch + "/logs", tests: 16)
        // Every number of the two tables, to the 5 significant digits they are written with.
        for (file, tag, expected) in [("stimuli.csv", "STIM", 3 * 11), ("spectral-bands.csv", "BAND", 3 * 8)] {
            let table = try String(contentsOfFile: "\(scratch)/report/tables/\(file)", encoding: .utf8)
                .split(separator: "\n").map(Self.fields)
            let header = table[0]
            var compared = 0
            for rLine in printed.filter({ $0.first.map(String.init) == tag }) {
                // A band is written "2–3"; analysis.R names it by its lower edge.
                guard
                    let row = table.dropFirst().first(where: {
                        $0[0] == String(rLine[1]) || $0[0].hasPrefix(String(rLine[1]) + "–")
                    }),
                    let column = header.firstIndex(of: String(rLine[2])), let theirs = Double(rLine[3])
                else { continue }
                let ours = try #require(Double(row[column]), "\(file) \(row[0]) \(rLine[2]) is '\(row[column])'")
                #expect(
                    abs(ours - theirs) <= 5e-5 * abs(theirs) + 1e-12,
                    "\(tag) \(rLine[1]) \(rLine[2]): \(ours) vs \(theirs)")
                compared += 1
            }
            #expect(compared == expected, "\(file): \(compared) numbers compared")
            #expect(table.count == 4, "\(file): \(table)")
        }
        let stimuli = try String(contentsOfFile: "\(scratch)/report/tables/stimuli.csv", encoding: .utf8)
        #expect(stimuli.contains("frog aaaaaaaa") && stimuli.contains("frog bbbbbbbb"))
    }

    @discardableResult
    func compareWithR(logs: String, tests expected: Int) throws -> [[Substring]] {
        let cli = CommandLineTests()
        let scratch = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/report"
        let r = try cli.run(["report", logs, "--out", out, "--group-by", "tinnitus"])
        #expect(r.status == 0, "\(r.err)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(rscript))
        p.arguments = [out + "/analysis.R"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let lines = printed.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false) }

        // Every test row: same name and order, statistic and p to 1e-8 (R's afex and ours differ in rounding only).
        let rTests = lines.filter { $0.first == "TEST" }
        let csv = try String(contentsOfFile: out + "/tables/tests.csv", encoding: .utf8).split(separator: "\n")
            .dropFirst().map(Self.fields)
        #expect(rTests.count == csv.count && csv.count == expected)
        for (rLine, row) in zip(rTests, csv) {
            #expect(String(rLine[1]) == row[0] && String(rLine[2]) == row[1], "\(rLine) vs \(row)")
            #expect(close(Double(row[7]) ?? .nan, Double(rLine[4]), 1e-8), "\(row[1]) statistic")
            #expect(close(Double(row[8]) ?? .nan, Double(rLine[5]), 1e-8), "\(row[1]) p")
        }
        // The conditions table is printed to 5 significant digits: R's values agree at that precision.
        let conditions = try String(contentsOfFile: out + "/tables/conditions.csv", encoding: .utf8).split(
            separator: "\n"
        ).map(Self.fields)
        let header = conditions[0]
        var compared = 0
        for rLine in lines.filter({ $0.first == "COND" }) {
            guard let row = conditions.first(where: { $0[0] == String(rLine[1]) }),
                let column = header.firstIndex(of: String(rLine[2])), let ours = Double(row[column]),
                let theirs = Double(rLine[3])
            else { continue }
            #expect(abs(ours - theirs) <= 5e-5 * abs(theirs) + 1e-300, "\(rLine[1]) \(rLine[2]): \(ours) vs \(theirs)")
            compared += 1
        }
        #expect(compared == 3 * 13)

        // The trial-level mixed models: lme4 + lmerTest refit tightly agree with tables/mixed-models.csv.
        let mixed = try String(contentsOfFile: out + "/tables/mixed-models.csv", encoding: .utf8)
            .split(separator: "\n").dropFirst().map(Self.fields)
        let rMixed = lines.filter { $0.first == "MIXED" }
        #expect(!mixed.isEmpty && rMixed.count == mixed.count, "\(rMixed.count) R rows for \(mixed.count) of ours")
        for row in mixed {
            guard let rLine = rMixed.first(where: { String($0[1]) == row[0] && String($0[2]) == row[2] }) else {
                Issue.record("analysis.R printed no \(row[0]) \(row[2])")
                continue
            }
            let scale = abs(Double(row[4]) ?? .nan)  // an estimate near 0 is judged against its standard error
            #expect(abs((Double(row[3]) ?? .nan) - (Double(rLine[3]) ?? .nan)) <= 1e-6 * scale, "\(row[2]) estimate")
            // glmer's standard errors come from its own finite-difference Hessian (about 5 digits); a Wald p-value
            // far in the tail moves by z² times the SE's relative error.
            let binomial = row[5].isEmpty
            let tolerances = binomial ? (se: 1e-4, p: 5e-3) : (se: 1e-5, p: 1e-4)
            for (ours, theirs, tolerance, name) in [
                (row[4], rLine[4], tolerances.se, "SE"), (row[7], rLine[5], tolerances.p, "p"),
            ] {
                let (a, b) = (Double(ours) ?? .nan, Double(String(theirs)) ?? .nan)
                #expect(abs(a - b) <= tolerance * abs(b), "\(row[0]) \(row[2]) \(name): \(a) vs \(b)")
            }
        }
        return lines
    }
}
