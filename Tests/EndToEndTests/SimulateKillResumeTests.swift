// Nothing lost: a realtime simulated session killed with SIGKILL keeps its rows, and --resume completes it.
import Foundation
import GameCore
import StudyKit
import StudyRecords
import Testing

@Suite struct SimulateKillResumeTests {
    @Test func aRealtimeSessionKilledMidwayKeepsEveryCompletedRowAndResumeCompletesIt() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-kill")
        defer { try? FileManager.default.removeItem(at: logs) }
        let process = Process()
        process.executableURL = SoundSafariBinary.url()
        process.arguments = [
            "simulate", "--mode", "one-target", "--rounds", "5", "--bot", "ideal", "--seed", "11",
            "--realtime", "--logs", logs.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()

        // Wait (on the real clock, up to 60 s) until two rows are on disk, then kill without warning.
        var trials: URL?
        var rowsBeforeKill = 0
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, rowsBeforeKill < 2, process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
            if trials == nil, let folder = try? SimulateRun.sessionFolder(in: logs) {
                trials = folder.appendingPathComponent("trials.csv")
            }
            if let trials { rowsBeforeKill = (try? TrialRow.readAll(from: trials).count) ?? 0 }
        }
        #expect(process.isRunning, "the session should still be running when killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let file = try #require(trials)
        let kept = try TrialRow.readAll(from: file)
        #expect(kept.count >= 2 && kept.count < 5)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "every kept row is complete")
        let folder = file.deletingLastPathComponent()
        #expect(try SessionRecord.read(folder.appendingPathComponent("session.json")).completed == false)

        let resumed = try SoundSafariBinary.run(["simulate", "--resume", "--bot", "ideal", "--logs", logs.path])
        #expect(resumed.status == 0, "resume failed: \(resumed.stderr)")
        let rows = try TrialRow.readAll(from: file)
        #expect(rows.map(\.round) == [1, 2, 3, 4, 5])
        #expect(Array(rows.prefix(kept.count)) == kept, "kept rows untouched")
        #expect(rows.allSatisfy { $0.absDeviationDeg <= 0.5 })
        let record = try SessionRecord.read(folder.appendingPathComponent("session.json"))
        #expect(record.completed)
        #expect(record.resumedAt.count == 1)
        #expect(Set(rows.map(\.sessionID)).count == 1, "resume continues the same session folder")

        // The resumed rounds have the bearings an uninterrupted session with that seed has.
        let referenceLogs = try SoundSafariBinary.temporaryDirectory("simulate-kill-reference")
        defer { try? FileManager.default.removeItem(at: referenceLogs) }
        let reference = try SimulateRun.run(
            ["--mode", "one-target", "--rounds", "5", "--bot", "ideal", "--seed", "11"], logs: referenceLogs)
        #expect(reference.rows.map(\.targetBearingDeg) == rows.map(\.targetBearingDeg))
    }
}
