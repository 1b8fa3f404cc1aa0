// tracker.csv as the game appends it reads back through StudyRecords' TrackerRow to the same bytes, and a sync sends it.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyKit

@Suite struct TrackerLogTests {
    static let rows = [
        TrackerRow(
            time: Fixtures.start, event: .calibration, input: "opentrack", address: "opentrack", rawYawDeg: 12.5,
            rawPitchDeg: -3, rawRollDeg: 0.25, xCm: 1, yCm: 2, zCm: 30, forwardRawYawDeg: 12.5, yawSign: -1,
            headingDeg: 0, malformedTotal: 0, detail: "sign from --tracker-yaw-sign"),
        TrackerRow(
            time: Fixtures.start.addingTimeInterval(0.01), event: .sample, input: "osc",
            address: "/soundsafari/heading", rawYawDeg: 359.9996, forwardRawYawDeg: 0, yawSign: 1,
            headingDeg: 359.9996, malformedTotal: 3),
    ]

    @Test func whatTheGameAppendsReadsBackToTheSameRowsAndBytes() throws {
        let folder = try TemporaryFolder()
        let log = try TrackerLog(folder: folder.url)
        try log.append(Self.rows)
        let data = try Data(contentsOf: log.url)
        let file = try CSVLogFile<TrackerRow>.decode(data, file: log.url.path)
        #expect(file.header == TrackerRow.columns && file.records.count == 2 && file.cutOff == nil)
        #expect(file.records[0] == Self.rows[0])
        #expect(file.records[1].headingDeg == 360, "written with 3 decimals: 359.9996 is 360.000, still read")
        #expect(file.encoded() == data)
    }

    @Test func aBadCellIsNamedByFileLineAndColumn() throws {
        let header = CSVWriter.headerLine(TrackerRow.columns)
        let bad = "2026-11-21T20:15:00.000Z,sample,opentrack,opentrack,1,,,,,,0,2,1,0,\n"
        #expect {
            try CSVLogFile<TrackerRow>.decode(Data((header + bad).utf8), file: "P1/s/tracker.csv")
        } throws: { error in
            let text = "\(error)"
            return text.contains("P1/s/tracker.csv:2") && text.contains("yaw_sign")
        }
    }

    @Test func aSyncSendsASessionsTrackerReadingsButNotOneCutOffByACrash() throws {
        let folder = try TemporaryFolder()
        let session = folder.url.appendingPathComponent("P01/2026-11-21_201500_P01_s001")
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/sample-session/P07")
        let sampleSession = try #require(
            try FileManager.default.contentsOfDirectory(at: sample, includingPropertiesForKeys: nil).first {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("session.json").path)
            })
        try FileManager.default.copyItem(
            at: sampleSession.appendingPathComponent("session.json"), to: session.appendingPathComponent("session.json")
        )
        let log = try TrackerLog(folder: session)
        try log.append(Self.rows)
        let handle = try FileHandle(forWritingTo: log.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("2026-11-21T20:15:01.000Z,sample,osc".utf8))
        try handle.close()

        let batches = try SyncPlan.batches(logs: folder.url, held: [:]).filter { $0.kind == "tracker" }
        let batch = try #require(batches.first)
        #expect(batches.count == 1 && batch.file == "P01/2026-11-21_201500_P01_s001/tracker.csv")
        #expect(batch.header == CSVWriter.headerLine(TrackerRow.columns) && batch.first == 1)
        #expect(batch.items.count == 2, "the cut-off reading is no record yet")
        let held = HeldFile(
            file: batch.file, kind: "tracker", held: 2, lastSHA256: SHA256.hex(Data(batch.items[1].utf8)))
        #expect(try SyncPlan.batches(logs: folder.url, held: [batch.file: held]).allSatisfy { $0.kind != "tracker" })
    }
}
