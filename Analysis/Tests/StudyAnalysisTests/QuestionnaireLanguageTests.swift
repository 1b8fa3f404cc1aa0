// A questionnaire asked in German analyses exactly as the same answers asked in English: the language is recorded,
// never a factor of the analysis.
import Foundation
import Testing

@testable import StudyAnalysis

struct QuestionnaireLanguageTests {
    @Test func answersAskedInGermanAnalyseExactlyLikeTheSameAnswersAskedInEnglish() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "questionnaires-de-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: Fixtures.path("questionnaire-logs")), to: copy)
        var translated = 0
        for participant in try FileManager.default.contentsOfDirectory(atPath: copy.path) {
            let file = copy.appendingPathComponent(participant).appendingPathComponent("questionnaires.csv")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            let german = lines.enumerated().map { index, line -> String in
                var cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                // Column 5 is `language` (docs/LOG-FORMAT.md); the header and the blank last line stay.
                guard index > 0, cells.count > 4, cells[4] == "en" else { return String(line) }
                cells[4] = "de"
                translated += 1
                return cells.joined(separator: ",")
            }
            try german.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(translated > 100, "every answer of the fixture is now asked in German")

        let instruments = [Fixtures.path("mini-tq-reliability-test.json")]
        let english = QuestionnaireAnalysis.run(
            try QuestionnaireData.load(paths: [Fixtures.path("questionnaire-logs")], instrumentFiles: instruments)
        )
        .rendered()
        let inGerman = QuestionnaireAnalysis.run(
            try QuestionnaireData.load(paths: [copy.path], instrumentFiles: instruments)
        ).rendered()
        #expect(inGerman.text == english.text)
        #expect(inGerman.json.rendered() == english.json.rendered())
    }
}
