// The report on a training plan's logs fits the training model (session slope per trainee), equal to lme4.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct TrainingModelTests {
    static let reference = Fixtures.references("training-model-reference.txt")

    @Test func planDataGetSessionIndexTimesConditionWithARandomSessionSlopeAsLme4FitsIt() throws {
        let out = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try StudyReport.write(
            inputs: [Fixtures.path("training-plan-trials.csv")], outputFolder: out, groupBy: nil,
            participantsFile: nil, skipInvalid: false)
        let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(markdown.contains("abs_deviation_deg ~ session_index * condition + (session_index | participant)"))
        #expect(markdown.contains("a random intercept and session_index slope per participant"))
        let table = try String(contentsOfFile: out + "/tables/mixed-models.csv", encoding: .utf8)
        var compared = 0
        for line in table.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let response = cells[0] == "deviation" ? "abs_deviation_deg" : cells[0] == "time" ? "time_s" : ""
            guard !response.isEmpty, let estimate = Double(cells[3]), let se = Double(cells[4]) else { continue }
            let key = "\(response).fixed.\(cells[2])"
            let theirs = try #require(Self.reference[key + ".estimate"], "no R value for \(key)")
            let theirSE = try #require(Self.reference[key + ".se"])
            // lme4's bobyqa at rhoend 1e-12 against our optimum: 6 significant digits.
            #expect(abs(estimate - theirs) <= 1e-6 * max(1, abs(theirs)), "\(key): \(estimate) vs R \(theirs)")
            #expect(abs(se - theirSE) <= 1e-5 * max(1, abs(theirSE)), "\(key) SE: \(se) vs R \(theirSE)")
            compared += 1
        }
        #expect(compared == 12, "six fixed effects for each of deviation and time:\n\(table)")
    }
}
