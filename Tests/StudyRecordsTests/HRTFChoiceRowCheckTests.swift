// The one check of an hrtf-choice.csv row: what the game writes passes; every row it could not write is named by column.
import Foundation
import Testing
import TidyFormats

@testable import StudyRecords

struct HRTFChoiceRowCheckTests {
    static let at = Date(timeIntervalSince1970: 1_795_000_000.25)

    /// Comparison 2 of a choice: ari-nh2 heard second (order 2-1), so the answer B prefers it.
    static let answered = HRTFChoiceRow(
        participant: "P07", choiceID: Timestamp.format(at), comparison: 2, round: 1, set1: "ari-nh2",
        set2: "default-48000", set1SHA256: String(repeating: "ab", count: 32), set2SHA256: "", order: "2-1",
        directions: "0 180 90 270 circle", answer: .b, preferred: "ari-nh2", hearAgain: 1, answerSeconds: 2.25,
        answeredAt: at, responder: "simulated:ari-nh2")
    static let winner = HRTFChoiceRow(
        participant: "P07", choiceID: Timestamp.format(at), comparison: 10, round: 4, set1: "ari-nh2", set2: "",
        set1SHA256: String(repeating: "ab", count: 32), set2SHA256: "", order: "", directions: "", answer: .winner,
        preferred: "ari-nh2", hearAgain: 0, answerSeconds: nil, answeredAt: at, responder: "patient")

    @Test func rowsTheGameWritesPassEvenReadBackFromTheirCSVLine() throws {
        for row in [Self.answered, Self.winner] {
            #expect(row.problem(inFileOf: "P07") == nil)
            let text =
                CSVWriter.headerLine(HRTFChoiceRow.columns) + CSVWriter.line(row.values(under: HRTFChoiceRow.columns))
            let read = try CSVLogFile<HRTFChoiceRow>.decode(Data(text.utf8), file: "P07/hrtf-choice.csv").records
            #expect(read == [row])
            #expect(read[0].problem(inFileOf: "P07") == nil && read[0].problem(inFileOf: nil) == nil)
        }
        var nothing = Self.answered
        (nothing.answer, nothing.preferred) = (.noDifference, "")
        #expect(nothing.problem(inFileOf: "P07") == nil)
    }

    @Test func eachRowTheGameCouldNotWriteIsNamedByItsColumn() {
        func column(_ change: (inout HRTFChoiceRow) -> Void, of row: HRTFChoiceRow = Self.answered) -> String? {
            var row = row
            change(&row)
            return row.problem(inFileOf: "P07")?.column
        }
        #expect(column { $0.participant = "P08" } == "participant")
        #expect(column { $0.choiceID = "2026-02-30T10:00:00.000Z" } == "choice_id")
        #expect(column { $0.comparison = 0 } == "comparison")
        #expect(column { $0.round = Int(Int32.max) + 1 } == "round")
        #expect(column { $0.hearAgain = -1 } == "hear_again")
        #expect(column { $0.set1 = "" } == "set_1")
        #expect(column { $0.set2 = "ari-nh2" } == "set_2")
        #expect(column { $0.set2 = "a\nb" } == "set_2")
        #expect(column { $0.directions = String(repeating: "0 ", count: 101) } == "directions_deg")
        #expect(column { $0.set1SHA256 = String(repeating: "AB", count: 32) } == "set_1_sha256")
        #expect(column { $0.set2SHA256 = "abc" } == "set_2_sha256")
        #expect(column { $0.responder = "robot" } == "responder")
        #expect(column { $0.responder = "simulated:" } == "responder")
        #expect(column { $0.answerSeconds = -0.5 } == "answer_s")
        #expect(column { $0.answerSeconds = .infinity } == "answer_s")
        // The answer B with the order 2-1 names set_1; A would name set_2.
        #expect(column { $0.preferred = "default-48000" } == "preferred")
        #expect(column { $0.answer = .a } == "preferred")
        #expect(column { $0.answer = .noDifference } == "preferred")
        #expect(column({ $0.set2 = "default-48000" }, of: Self.winner) == "set_2")
        #expect(column({ $0.preferred = "other" }, of: Self.winner) == "preferred")
        #expect(column({ $0.answerSeconds = 1 }, of: Self.winner) == "answer_s")
        let problem = Self.answered.problem(inFileOf: "P09")
        #expect(problem?.reason == #"is "P07", not "P09" of its folder"#)
        var wrong = Self.answered
        wrong.preferred = "default-48000"
        #expect(
            String(describing: HRTFChoiceRowError(column: "preferred", reason: wrong.problem(inFileOf: nil)!.reason))
                == #"The HRTF choice's row was not written: its preferred must be "ari-nh2", the set played as B (order 2-1)."#
        )
    }
}
