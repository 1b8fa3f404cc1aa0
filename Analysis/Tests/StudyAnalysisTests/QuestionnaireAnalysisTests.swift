// `questionnaires` against R (Fixtures/questionnaires-reference.txt, written by scripts/r-questionnaires-reference.R from the same logs).
import Foundation
import Testing

@testable import StudyAnalysis

struct QuestionnaireAnalysisTests {
    static let reference = Fixtures.references("questionnaires-reference.txt")

    static func result() throws -> QuestionnaireResult {
        QuestionnaireAnalysis.run(
            try QuestionnaireData.load(
                paths: [Fixtures.path("questionnaire-logs")],
                instrumentFiles: [Fixtures.path("mini-tq-reliability-test.json")]))
    }

    func close(_ ours: Double?, _ key: String, tolerance: Double = 1e-9) {
        Fixtures.expectClose(ours, key, in: Self.reference, tolerance: tolerance)
    }

    @Test func baselineVersusFollowUpReliableChangeAndTheAssociationWithLearningMatchR() throws {
        let result = try Self.result()
        #expect(result.data.scores.count == 15, "7 participants with both, Q08 with a baseline only")
        let miniTQ = try #require(result.comparisons.first { $0.instrument == "mini-tq" })
        #expect(miniTQ.participants.map(\.participant) == ["Q01", "Q02", "Q03", "Q04", "Q05", "Q06", "Q07"])
        for participant in miniTQ.participants {
            let key = "participant.\(participant.participant)"
            close(participant.change, key + ".change")
            close(participant.rci, key + ".rci")
            close(participant.learningSlope, key + ".slope")
        }
        let t = try #require(miniTQ.pairedT)
        close(t.t, "paired.t")
        close(t.df, "paired.df")
        close(t.p, "paired.p")
        close(t.meanDifference, "paired.mean_change")
        close(t.ciLow, "paired.ci_low")
        close(t.ciHigh, "paired.ci_high")
        close(t.cohenD, "paired.dz")
        close(t.cohenDCI?.low, "paired.dz_ci_low", tolerance: 1e-6)
        close(t.cohenDCI?.high, "paired.dz_ci_high", tolerance: 1e-6)
        let w = try #require(miniTQ.wilcoxon)
        #expect(!w.exact, "tied changes (−4 twice): the normal approximation, as R")
        close(w.statistic, "wilcoxon.v")
        close(w.p, "wilcoxon.p")
        close(miniTQ.association.r, "association.r")
        close(miniTQ.association.t, "association.t")
        close(miniTQ.association.df, "association.df")
        close(miniTQ.association.p, "association.p")
        #expect(miniTQ.participants.map(\.reliableChange).filter { $0 == "improved" }.count == 3)
    }

    @Test func withoutTheInstrumentsReliabilityThereIsNoReliableChangeIndexAndTheReportSaysWhy() throws {
        let result = QuestionnaireAnalysis.run(
            try QuestionnaireData.load(paths: [Fixtures.path("questionnaire-logs")]))
        let miniTQ = try #require(result.comparisons.first)
        #expect(miniTQ.participants.allSatisfy { $0.rci == nil })
        #expect(miniTQ.pairedT != nil)
        #expect(
            result.rendered().text.contains(
                "no reliable change index: give the instrument's file with --instrument-file"))
    }

    @Test func aFolderWithoutQuestionnairesIsOneSentenceSayingHowPatientsAnswerThem() throws {
        #expect {
            _ = try QuestionnaireData.load(paths: [Fixtures.path("ratings-logs")])
        } throws: { error in
            "\(error)".contains("no questionnaires.csv found") && "\(error)".contains("questionnaire take")
        }
    }

    /// The reference file is what the script writes today (skipped without R).
    @Test(.needsRscript)
    func theRScriptStillWritesTheReferenceValues() throws {
        let analysis = URL(fileURLWithPath: Fixtures.folder).deletingLastPathComponent()
        let before = try String(contentsOfFile: Fixtures.path("questionnaires-reference.txt"), encoding: .utf8)
        let written = FileManager.default.temporaryDirectory.appendingPathComponent("q-reference-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: written) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Rscript")
        process.arguments = ["scripts/r-questionnaires-reference.R", written.path]
        process.currentDirectoryURL = analysis
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let after = try String(contentsOf: written, encoding: .utf8)
        // Name by name, to 1e-12 relative: R's least squares may round the last digit or two differently when
        // its input is subset another way (the skipped column), which is not a change of result.
        let values = { (text: String) -> [(String, Double?)] in
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? Double(parts[1]) : nil)
            }
        }
        let (old, new) = (values(before), values(after))
        #expect(old.map(\.0) == new.map(\.0))
        for ((name, expected), (_, actual)) in zip(old, new) {
            let (e, a) = (try #require(expected), try #require(actual))
            #expect(abs(a - e) <= 1e-12 * max(1, abs(e)), "\(name): R wrote \(a), the reference holds \(e)")
        }
    }
}
