// What a sync sends: a log the server fully holds is skipped without decoding, anything else is decoded and sent.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyKit

@Suite struct SyncPlanTests {
    /// A logs folder with three registered participants, and what the server would hold of its participants.csv.
    func registered(_ folder: borrowing TemporaryFolder) throws -> [SyncBatch] {
        let registry = ParticipantRegistry(logs: folder.url)
        for id in ["P01", "P02", "P03"] {
            try registry.register(ParticipantRecord(participant: try ParticipantID(id), registeredAt: Fixtures.start))
        }
        return try SyncPlan.batches(logs: folder.url, held: [:])
    }

    func held(_ batch: SyncBatch, items: Int) -> HeldFile {
        HeldFile(
            file: batch.file, kind: batch.kind, held: items,
            lastSHA256: SHA256.hex(Data(batch.items[items - 1].utf8)))
    }

    @Test func aLogTheServerHoldsWholeIsNotSentAgain() throws {
        let folder = try TemporaryFolder()
        let batch = try #require(try registered(folder).first)
        #expect(batch.file == "participants.csv" && batch.items.count == 3)
        let data = try Data(contentsOf: folder.file("participants.csv"))
        #expect(SyncPlan.isFullyHeld(data, held(batch, items: 3)))
        #expect(try SyncPlan.batches(logs: folder.url, held: [batch.file: held(batch, items: 3)]).isEmpty)
    }

    @Test func aLogWithRecordsTheServerLacksSendsThemFromWhereItStopped() throws {
        let folder = try TemporaryFolder()
        let batch = try #require(try registered(folder).first)
        let data = try Data(contentsOf: folder.file("participants.csv"))
        #expect(!SyncPlan.isFullyHeld(data, held(batch, items: 2)))
        let rest = try SyncPlan.batches(logs: folder.url, held: [batch.file: held(batch, items: 2)])
        #expect(rest.map(\.first) == [3] && rest.first?.items == [batch.items[2]])
    }

    @Test func aLastRecordOtherThanTheOneHeldIsNeverSkipped() throws {
        let folder = try TemporaryFolder()
        let batch = try #require(try registered(folder).first)
        var differing = held(batch, items: 3)
        differing.lastSHA256 = SHA256.hex(Data(batch.items[1].utf8))
        let data = try Data(contentsOf: folder.file("participants.csv"))
        #expect(!SyncPlan.isFullyHeld(data, differing))
    }

    @Test func aCutOffLastLineOrAQuotedLineBreakIsLeftToTheCodec() throws {
        let header = "a,b\n"
        let record = "1,2\n"
        let whole = HeldFile(file: "f", kind: "participants", held: 1, lastSHA256: SHA256.hex(Data(record.utf8)))
        #expect(SyncPlan.isFullyHeld(Data((header + record).utf8), whole))
        #expect(!SyncPlan.isFullyHeld(Data((header + record + "3,").utf8), whole))
        let quoted = "\"x\ny\",2\n"
        let one = HeldFile(file: "f", kind: "participants", held: 1, lastSHA256: SHA256.hex(Data(quoted.utf8)))
        #expect(!SyncPlan.isFullyHeld(Data((header + quoted).utf8), one), "two line breaks, one record")
    }

    @Test func resultPicturesGoOnlyWhenAskedForEachOnceAsPNGInBase64() throws {
        let folder = try TemporaryFolder()
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/sample-session/P07")
        try FileManager.default.copyItem(at: sample, to: folder.url.appendingPathComponent("P07"))
        #expect(try SyncPlan.batches(logs: folder.url, held: [:]).allSatisfy { $0.kind != "picture" })
        let pictures = try SyncPlan.batches(logs: folder.url, held: [:], pictures: true).filter {
            $0.kind == "picture"
        }
        #expect(
            pictures.map { ($0.file as NSString).lastPathComponent } == [
                "round-01.png", "round-04-target-1.png", "round-04-target-2.png",
            ])
        let first = try #require(pictures.first)
        #expect(first.first == 1 && first.header == nil && first.items.count == 1)
        let png = try Data(contentsOf: folder.url.appendingPathComponent(first.file))
        #expect(Data(base64Encoded: first.items[0]) == png)
        let decoded = try ResultPictureItem.decode(first.items[0], file: first.file)
        #expect(decoded.width > 100 && decoded.height > 100)
        // Held once: never sent again, whatever its bytes are now.
        let held = HeldFile(file: first.file, kind: "picture", held: 1, lastSHA256: "")
        let again = try SyncPlan.batches(logs: folder.url, held: [first.file: held], pictures: true)
        #expect(again.filter { $0.kind == "picture" }.count == 2)
        // A file named like a picture that is not one is one sentence naming it, before anything is sent.
        try Data("not a png".utf8).write(to: folder.url.appendingPathComponent(first.file))
        #expect {
            try SyncPlan.batches(logs: folder.url, held: [:], pictures: true)
        } throws: { "\($0)".contains(first.file) && "\($0)".contains("not a PNG") }
        #expect(!ResultPictureItem.isPictureName("progress.png") && !ResultPictureItem.isPictureName("round-1.png"))
    }

    @Test func aChoiceOfAnHRTFSetGoesAsItsRecords() throws {
        let folder = try TemporaryFolder()
        let participant = try ParticipantID("P07")
        let log = RecordLog<HRTFChoiceRow>(logs: folder.url, participant: participant, name: LogFileNames.hrtfChoice)
        let row = HRTFChoiceRow(
            participant: "P07", choiceID: Timestamp.format(Fixtures.start), comparison: 1, round: 1, set1: "ari-nh2",
            set2: "default-48000", set1SHA256: "", set2SHA256: "", order: "1-2", directions: "0 180 90 270 circle",
            answer: .a, preferred: "ari-nh2", hearAgain: 0, answerSeconds: 1.5, answeredAt: Fixtures.start,
            responder: "patient")
        try log.append { _ in [row] }
        let batch = try #require(try SyncPlan.batches(logs: folder.url, held: [:]).first)
        #expect(batch.file == "P07/hrtf-choice.csv" && batch.kind == "hrtf-choice" && batch.first == 1)
        #expect(batch.header == CSVWriter.headerLine(HRTFChoiceRow.columns))
        #expect(batch.items == [CSVWriter.line(row.values(under: HRTFChoiceRow.columns))])
        #expect(try SyncPlan.batches(logs: folder.url, held: [batch.file: held(batch, items: 1)]).isEmpty)
    }

    @Test func theFoldersOfParticipantsDeletedOnTheServerAreLeftOut() throws {
        let folder = try TemporaryFolder()
        _ = try registered(folder)
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/sample-session/P07")
        try FileManager.default.copyItem(at: sample, to: folder.url.appendingPathComponent("P07"))
        let all = try SyncPlan.batches(logs: folder.url, held: [:])
        #expect(all.contains { $0.file.hasPrefix("P07/") })
        let kept = try SyncPlan.batches(logs: folder.url, held: [:], deleted: ["P07"])
        #expect(kept.map(\.file) == ["participants.csv"], "participants.csv keeps every row: the server redacts")
        #expect(SyncPlan.deletedFolders(logs: folder.url, deleted: ["P07", "P99"]) == ["P07"])
    }
}
