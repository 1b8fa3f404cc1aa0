// messages.csv on disk: the patient's messages numbered and kept owner-only, the team's answers written once, and the
// file synced like the other logs.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyKit

@Suite struct MessageLogTests {
    static func answer(_ id: Int, _ participant: String = "P07", text: String = "Keep going.") -> SyncClient.Answer {
        SyncClient.Answer(
            id: id, participant: participant, role: "supervisor", text: text, writtenAt: "2026-11-28T15:00:00.000Z")
    }

    @Test func thePatientsMessagesAreNumberedOwnerOnlyAndARefusedOneWritesNothing() throws {
        let folder = try TemporaryFolder()
        let log = MessageLog(logs: folder.url, participant: try ParticipantID("P07"))
        let first = try log.send("Is the left ear's sound quieter?", at: Date(), deviceID: "d-home")
        let second = try log.send("Second question,\nwith a line break.", at: Date(), deviceID: "d-home")
        let home = MessageRow.machineTag(deviceID: "d-home")
        #expect([first.messageID, second.messageID] == ["M1-\(home)", "M2-\(home)"])
        let mode = try FileManager.default.attributesOfItem(atPath: log.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let refused = #expect(throws: MessageError.self) {
            try log.send(String(repeating: "a", count: MessageRow.maximumCharacters + 1), at: Date())
        }
        #expect(refused?.description.contains("2001 characters") == true, "\(String(describing: refused))")
        #expect(throws: MessageError.self) { try log.send("  ", at: Date()) }
        #expect(try log.rows().map(\.messageID) == ["M1-\(home)", "M2-\(home)"])
    }

    /// Two machines of one participant (a lab PC and the home computer) write their third message with different ids,
    /// going on from a file of the older untagged ids; the server keeps each machine's apart and the page tells them
    /// apart too.
    @Test func twoMachinesOfOneParticipantNeverWriteTheSameMessageID() throws {
        let lab = try TemporaryFolder()
        let home = try TemporaryFolder()
        let older = MessageRow(
            participant: "P07", messageID: "M2", sender: .patient, text: "Written before the tags", writtenAt: Date(),
            recordedAt: Date())
        for url in [lab.url, home.url] {
            let folder = url.appendingPathComponent("P07")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try CSVLogFile<MessageRow>(records: [older]).encoded().write(
                to: folder.appendingPathComponent("messages.csv"))
        }
        let fromLab = try MessageLog(logs: lab.url, participant: try ParticipantID("P07"))
            .send("From the lab", at: Date(), deviceID: "d-lab")
        let fromHome = try MessageLog(logs: home.url, participant: try ParticipantID("P07"))
            .send("From home", at: Date(), deviceID: "d-home")
        #expect(fromLab.messageID == "M3-\(MessageRow.machineTag(deviceID: "d-lab"))")
        #expect(fromHome.messageID == "M3-\(MessageRow.machineTag(deviceID: "d-home"))")
        #expect(fromLab.messageID != fromHome.messageID)
        // Without a device id given, this machine's own (the test's config folder) tags it.
        let own = try MessageLog(logs: home.url, participant: try ParticipantID("P07")).send("Again", at: Date())
        #expect(own.messageID.hasPrefix("M4-") && own.messageID.utf8.count == "M4-".utf8.count + 8)
    }

    @Test func theTeamsAnswersAreWrittenOnceAndOnlyWhereTheParticipantHasAFolder() throws {
        let folder = try TemporaryFolder()
        let log = MessageLog(logs: folder.url, participant: try ParticipantID("P07"))
        try log.send("Hello", at: Date())
        let received = try TeamAnswers.apply(
            [Self.answer(3), Self.answer(5, "P99")], logs: folder.url, at: Date())
        #expect(received.written.map(\.messageID) == ["T3"] && received.last == 5)
        #expect(!FileManager.default.fileExists(atPath: folder.file("P99").path), "no folder made for another patient")
        let again = try TeamAnswers.apply([Self.answer(3), Self.answer(4)], logs: folder.url, at: Date())
        #expect(again.written.map(\.messageID) == ["T4"])
        let rows = try log.rows()
        #expect(rows.map(\.messageID).dropFirst() == ["T3", "T4"] && rows[0].messageID.hasPrefix("M1-"))
        #expect(rows[1].sender == .team && rows[1].role == "supervisor" && rows[1].text == "Keep going.")
        // An answer the game's rule refuses (the server sent a role it does not know) is one sentence.
        var odd = Self.answer(6)
        odd.role = "Dr Smith"
        #expect(throws: MessageError.self) { try TeamAnswers.apply([odd], logs: folder.url, at: Date()) }
    }

    @Test func messagesCsvIsSyncedAsItsOwnKind() throws {
        let folder = try TemporaryFolder()
        try MessageLog(logs: folder.url, participant: try ParticipantID("P07")).send("Hello, team", at: Date())
        let batch = try #require(try SyncPlan.batches(logs: folder.url, held: [:]).first { $0.kind == "messages" })
        #expect(batch.file == "P07/messages.csv" && batch.first == 1 && batch.items.count == 1)
        #expect(batch.header == CSVWriter.headerLine(MessageRow.columns))
        #expect(try SyncPath(file: batch.file, kind: batch.kind).participant?.value == "P07")
    }
}
