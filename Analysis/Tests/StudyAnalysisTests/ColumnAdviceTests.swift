// A misspelt column or value, a participants.csv column without that file, a transformed response: one helpful sentence.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct ColumnAdviceTests {
    static let trials = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/sample-session/P07/20261126T014050Z-18a8/trials.csv").path

    func message(_ options: LoadOptions) -> String {
        do {
            _ = try StudyData.load(paths: [Self.trials], options: options)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func aMisspeltColumnIsAnsweredWithTheNearestName() {
        let text = message(LoadOptions(value: "abs_deviation_deg", factors: ["conditon"], subject: "participant"))
        #expect(text.contains("no column named 'conditon'; did you mean 'condition'?"), "\(text)")
    }

    @Test func aFilterThatLeavesNoRowsListsTheValuesThereAre() throws {
        var options = LoadOptions(value: "abs_deviation_deg", factors: ["condition"])
        options.filters = [try RowFilter(parsing: "condition=two-target")]
        let text = message(options)
        #expect(
            text.contains(
                "condition has 'one-target', 'two-targets', 'two-targets-background' (did you mean condition=two-targets?)"
            ), "\(text)")
    }

    @Test func aParticipantsColumnWithoutParticipantsCSVPointsToTheOption() {
        let text = message(LoadOptions(value: "abs_deviation_deg", factors: ["tinnitus"]))
        #expect(text.contains("'tinnitus'; it is a column of participants.csv: give --participants"), "\(text)")
    }

    @Test func aTransformedResponseIsRefusedByName() {
        #expect(throws: AnalysisError.self) { _ = try ModelFormula(parsing: "log(abs_deviation_deg) ~ condition") }
        do {
            _ = try ModelFormula(parsing: "log(abs_deviation_deg) ~ condition + (1 | participant)")
        } catch {
            #expect("\(error)".contains("the response log(...) is not supported"))
        }
    }
}
