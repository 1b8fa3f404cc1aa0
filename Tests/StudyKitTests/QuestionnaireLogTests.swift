// questionnaires.csv: each answer fsync'ed owner-only, an interrupted administration continued, a finished one scored and locked.
import Foundation
import StudyRecords
import Testing

@testable import StudyKit

struct QuestionnaireLogTests {
    /// Three scored items (b reverse-keyed, one missing item prorated), a subscale, and a text shown only after b = 3.
    static let scale = try! InstrumentFile.parse(
        Data(
            """
            {"id": "demo", "version": 2, "language": "en", "title": "Demo",
             "reference": {"citation": "none", "licence": "none"},
             "items": [
              {"id": "a", "kind": "single_choice", "text": "A?", "options": [
                {"value": 0, "label": "no"}, {"value": 1, "label": "a bit"}, {"value": 3, "label": "very"}]},
              {"id": "b", "kind": "single_choice", "text": "B?", "options": [
                {"value": 0, "label": "no"}, {"value": 3, "label": "very"}]},
              {"id": "note", "kind": "text", "text": "Why?", "show_if": {"item": "b", "any_of": [3]}},
              {"id": "c", "kind": "slider", "text": "C?", "min": 0, "max": 3},
              {"id": "when", "kind": "date", "text": "Since when?"},
              {"id": "what", "kind": "multiple_choice", "text": "What?", "options": [
                {"value": 1, "label": "x"}, {"value": 2, "label": "y"}]}
             ],
             "scoring": {"items": ["a", "b", "c"], "reverse": ["b"], "total": "sum", "prorate_max_missing": 1,
               "subscales": [{"id": "ab", "items": ["a", "b"]}],
               "bands": [{"min": 0, "label": "low"}, {"min": 4, "label": "high"}]}}
            """.utf8), file: "demo.json")

    static func sitting(_ logs: URL, moment: QuestionnaireMoment = .onRequest) throws -> QuestionnaireSitting {
        try QuestionnaireSitting(
            log: QuestionnaireLog(logs: logs, participant: try ParticipantID("P01")), instrument: scale,
            moment: moment)
    }

    static let day = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func answersAreStoredOneRowEachOwnerOnlyAndTheLastAnswerWritesTheScore() throws {
        let logs = try TemporaryFolder()
        let sitting = try Self.sitting(logs.url)
        #expect(sitting.nextItem?.id == "a")
        try sitting.answer(try #require(sitting.nextItem), .number(3), at: Self.day)
        try sitting.answer(try #require(sitting.nextItem), .number(0), at: Self.day)
        #expect(sitting.nextItem?.id == "c", "b = 0 does not show the note")
        try sitting.answer(try #require(sitting.nextItem), nil, at: Self.day)
        try sitting.answer(try #require(sitting.nextItem), .day("2024-03-01"), at: Self.day)
        try sitting.answer(try #require(sitting.nextItem), .choices([2, 1]), at: Self.day)
        #expect(sitting.nextItem == nil && sitting.isFinished)
        let log = sitting.log
        let mode = try FileManager.default.attributesOfItem(atPath: log.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "health data: readable by its owner only")
        let lines = try String(contentsOf: log.url, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines[0] == QuestionnaireRow.columns.joined(separator: ","))
        #expect(lines[1].hasPrefix("P01,A1,demo,2,en,on_request,,answer,a,3.000,FALSE,,,,"))
        #expect(lines[3].hasPrefix("P01,A1,demo,2,en,on_request,,answer,c,,TRUE,,,,"), "a skip is empty, never 0")
        #expect(lines[5].contains(",answer,what,1.000;2.000,FALSE,"))
        // a 3 + b reversed (3 − 0) = 6 of two answered items, c missing: prorated 6 × 3 / 2 = 9, band high.
        #expect(lines[6].hasPrefix("P01,A1,demo,2,en,on_request,,subscale,ab,6.000,,,0,FALSE,"))
        #expect(lines[7].hasPrefix("P01,A1,demo,2,en,on_request,,finished,total,9.000,,high,1,TRUE,"))
        #expect(lines.count == 8)
    }

    @Test func anInterruptedAdministrationContinuesAtItsFirstUnansweredItemUnderTheSameID() throws {
        let logs = try TemporaryFolder()
        let first = try Self.sitting(logs.url)
        try first.answer(try #require(first.nextItem), .number(1), at: Self.day)
        try first.answer(try #require(first.nextItem), .number(3), at: Self.day)
        // The window is killed here; the next one reads the file again.
        let again = try Self.sitting(logs.url)
        #expect(again.administration?.id == "A1")
        #expect(again.nextItem?.id == "note", "b = 3 shows the note next")
        try again.answer(try #require(again.nextItem), .text("-loud=1"), at: Self.day)
        #expect(again.nextItem?.id == "c")
        let rows = try again.log.rows()
        #expect(rows.map(\.administration) == ["A1", "A1", "A1"])
        #expect(rows[2].value == "-loud=1", "text comes back as typed, behind its formula guard in the file")
        #expect(try String(contentsOf: again.log.url, encoding: .utf8).contains(",'-loud=1,"))
        // Another moment is another administration.
        let baseline = try Self.sitting(logs.url, moment: .baseline)
        #expect(baseline.administration == nil && baseline.nextItem?.id == "a")
    }

    @Test func aFinishedAdministrationIsLockedAndTakingItAgainBeginsANewID() throws {
        let logs = try TemporaryFolder()
        let sitting = try Self.sitting(logs.url)
        for answer: QuestionnaireAnswer? in [.number(0), .number(0), .number(1), nil, nil] {
            try sitting.answer(try #require(sitting.nextItem), answer, at: Self.day)
        }
        #expect(sitting.isFinished)
        #expect(throws: QuestionnaireError.self) {
            try sitting.answer(Self.scale.items[0], .number(1), at: Self.day)
        }
        let next = try Self.sitting(logs.url)
        #expect(next.administration == nil && next.nextItem?.id == "a")
        try next.answer(try #require(next.nextItem), .number(1), at: Self.day)
        #expect(next.administration?.id == "A2")
        let finished = Administration.all(try next.log.rows()).filter(\.isFinished)
        #expect(finished.map(\.id) == ["A1"])
        #expect(finished[0].finished?.value == "4.000" && finished[0].finished?.band == "high")
    }

    @Test func anAnswerOutsideTheItemIsRefusedInOneSentenceAndNothingIsWritten() throws {
        let logs = try TemporaryFolder()
        let sitting = try Self.sitting(logs.url)
        #expect(throws: QuestionnaireError("The answer was not saved: 2.000 is not an answer of 'a'.")) {
            try sitting.answer(Self.scale.items[0], .number(2), at: Self.day)
        }
        #expect(!FileManager.default.fileExists(atPath: sitting.log.url.path))
    }

    @Test func aCrashBeforeTheFinishedRowIsFinishedWhenTheQuestionnaireOpensAgain() throws {
        let logs = try TemporaryFolder()
        let sitting = try Self.sitting(logs.url)
        for answer: QuestionnaireAnswer? in [.number(1), .number(0), .number(2), nil, nil] {
            try sitting.answer(try #require(sitting.nextItem), answer, at: Self.day)
        }
        // Keep only the answers and the subscale row, and half of the finished row: a crash while writing it.
        let text = try String(contentsOf: sitting.log.url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        let cut = String(lines.removeLast().prefix(40))
        try Data((lines.joined(separator: "\n") + "\n" + cut).utf8).write(to: sitting.log.url)
        let again = try Self.sitting(logs.url)
        #expect(again.nextItem == nil && !again.isFinished)
        try again.finishIfNothingLeft(at: Self.day)
        #expect(again.isFinished)
        let rows = try again.log.rows()
        #expect(rows.filter { $0.record == .subscale }.count == 1, "the subscale row written before is not repeated")
        #expect(rows.last?.record == .finished && rows.last?.value == "6.000")
        let aside = try FileManager.default.contentsOfDirectory(atPath: logs.url.appendingPathComponent("P01").path)
        #expect(aside.contains { $0.hasPrefix("questionnaires.csv.cut-off-") })
    }

    @Test func aLicensedScaleWithoutItsWordingCannotBeTaken() throws {
        let logs = try TemporaryFolder()
        let miniTQ = try InstrumentLibrary.read(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Questionnaires/mini-tq.json"))
        #expect(throws: QuestionnaireError.self) {
            _ = try QuestionnaireSitting(
                log: QuestionnaireLog(logs: logs.url, participant: try ParticipantID("P01")), instrument: miniTQ,
                moment: .baseline)
        }
    }
}
