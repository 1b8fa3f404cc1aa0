// messages.csv's record on its own: a conversation written and read back byte for byte, and what the game never writes
// refused naming the line and the column.
import Foundation
import Testing
import TidyFormats

@testable import StudyRecords

@Suite struct MessageRowTests {
    static let at = Timestamp.parse("2026-11-28T14:03:00.000Z")!

    static func patient(_ id: String, _ text: String) -> MessageRow {
        MessageRow(participant: "P07", messageID: id, sender: .patient, text: text, writtenAt: at, recordedAt: at)
    }

    @Test func aConversationIsWrittenAndReadBackByteForByte() throws {
        let answer = MessageRow(
            participant: "P07", messageID: MessageRow.answerID(12), sender: .team, role: "supervisor",
            text: "Yes: keep going, 10 minutes a day.", writtenAt: Self.at.addingTimeInterval(3600),
            recordedAt: Self.at.addingTimeInterval(7200))
        let records = [
            Self.patient(
                "M1", "Is it normal that \"the frog\" sounds left, then right?\nSecond paragraph, with a comma."),
            answer,
            // A text a spreadsheet would run as a formula comes back as typed.
            Self.patient("M2", "=1+1 <b>not bold</b>"),
        ]
        let data = CSVLogFile<MessageRow>(records: records).encoded()
        let file = try CSVLogFile<MessageRow>.decode(data, file: "P07/messages.csv")
        #expect(file.records == records)
        #expect(file.encoded() == data)
        // The older untagged ids go on with this machine's tag.
        #expect(Conversation.nextID(after: file.records, machineTag: "1a2b3c4d") == "M3-1a2b3c4d")
        #expect(Conversation.nextID(after: [], machineTag: "1a2b3c4d") == "M1-1a2b3c4d")
        #expect(MessageRow.patientNumber("M12-1a2b3c4d") == 12 && MessageRow.patientNumber("M12") == 12)
        for bad in ["M12-1A2B3C4D", "M12-1a2b3c4", "M12-", "M-1a2b3c4d", "M01", "M1-1a2b3c4d-x", "T3"] {
            #expect(MessageRow.patientNumber(bad) == nil, "\(bad)")
        }
        #expect(MessageRow.machineTag(deviceID: "d-lab") != MessageRow.machineTag(deviceID: "d-home"))
        #expect(Conversation.ordered([records[1], records[0]]).map(\.messageID) == ["M1", "T12"])
    }

    @Test(arguments: [
        ("2,P07,M1,patient,,hello,2026-11-28T14:03:00.000Z,2026-11-28T14:03:00.000Z", "schema_version"),
        ("1,P07,M1,doctor,,hello,2026-11-28T14:03:00.000Z,2026-11-28T14:03:00.000Z", "sender"),
        ("1,P07,T1,patient,,hello,2026-11-28T14:03:00.000Z,2026-11-28T14:03:00.000Z", "message_id"),
        ("1,P07,M1-XYZ,patient,,hello,2026-11-28T14:03:00.000Z,2026-11-28T14:03:00.000Z", "message_id"),
        ("1,P07,M1,patient,supervisor,hello,2026-11-28T14:03:00.000Z,2026-11-28T14:03:00.000Z", "role"),
        ("1,P07,T1,team,Dr Who,hello,2026-11-28T14:03:00.000Z,2026-11-28T14:03:00.000Z", "role"),
        ("1,P07,M1,patient,, ,2026-11-28T14:03:00.000Z,2026-11-28T14:03:00.000Z", "text"),
        ("1,P07,M1,patient,,hello,yesterday,2026-11-28T14:03:00.000Z", "written_at"),
    ])
    func whatTheGameNeverWritesIsRefusedNamingTheLineAndColumn(line: String, column: String) throws {
        let data = Data((MessageRow.columns.joined(separator: ",") + "\n" + line + "\n").utf8)
        let error = #expect(throws: CSVReadError.self) {
            try CSVLogFile<MessageRow>.decode(data, file: "P07/messages.csv")
        }
        let sentence = String(describing: error)
        #expect(sentence.contains("P07/messages.csv:2") && sentence.contains("'\(column)'"), "\(sentence)")
    }

    @Test func aTextOfAtMost2000CharactersIsAMessageAndOneMoreIsNot() throws {
        let most = String(repeating: "é", count: MessageRow.maximumCharacters)
        #expect(MessageRow.textProblem(most) == nil)
        let problem = try #require(MessageRow.textProblem(most + "x", field: "field \"text\""))
        #expect(problem.contains("field \"text\" has 2001 characters"), "\(problem)")
        #expect(MessageRow.textProblem("tab\there") != nil && MessageRow.textProblem("line\nbreak") == nil)
        let data = CSVLogFile<MessageRow>(records: [Self.patient("M1", most + "x")]).encoded()
        #expect(throws: CSVReadError.self) { try CSVLogFile<MessageRow>.decode(data, file: "P07/messages.csv") }
    }
}
