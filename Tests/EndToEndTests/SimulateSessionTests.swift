// `soundsafari simulate` as a user runs it: rows, pictures and session files of bot-played sessions.
import Foundation
import GameCore
import StudyKit
import StudyRecords
import Testing

/// Helpers shared by the simulate tests: run the binary into a fresh logs folder and read back what it wrote.
enum SimulateRun {
    struct Written {
        let sessionFolder: URL
        let rows: [TrialRow]
        let record: SessionRecord
        let output: CommandOutput
    }

    /// Runs `simulate` with `arguments` plus `--logs logs`, and reads the single session folder written.
    static func run(_ arguments: [String], logs: URL) throws -> Written {
        let output = try SoundSafariBinary.run(["simulate"] + arguments + ["--logs", logs.path])
        #expect(output.status == 0, "simulate failed: \(output.stderr)")
        let folder = try sessionFolder(in: logs)
        return Written(
            sessionFolder: folder, rows: try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv")),
            record: try SessionRecord.read(folder.appendingPathComponent("session.json")), output: output)
    }

    /// Starts `simulate ARGUMENTS --sessions 1 --realtime` and kills it with SIGKILL (as a power cut) once
    /// `photos` rows of its session are on disk, then plays on with `--sessions sessions` (which continues the
    /// killed session first), whose output is returned; `beforeResume` reads the killed session's folder first.
    /// `arguments` must name `--participant` and `--logs`.
    @discardableResult
    static func killAfterPhotos(
        _ photos: Int, arguments: [String], participant: String, logs: URL, thenSessions sessions: Int,
        beforeResume: (URL) throws -> Void = { _ in }
    ) throws -> CommandOutput {
        let process = Process()
        process.executableURL = SoundSafariBinary.url()
        process.arguments = arguments + ["--sessions", "1", "--realtime"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var rows = 0
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, rows < photos, process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
            if let folder = try? sessionFolder(in: logs, participant: participant) {
                rows = (try? TrialRow.readAll(from: folder.appendingPathComponent("trials.csv")).count) ?? 0
            }
        }
        #expect(process.isRunning, "the session should still be running when killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try beforeResume(try sessionFolder(in: logs, participant: participant))
        let resumed = try SoundSafariBinary.run(arguments + ["--sessions", String(sessions)])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        return resumed
    }

    /// The one session folder under `logs/<participant>/`.
    static func sessionFolder(in logs: URL, participant: String = "SIM01") throws -> URL {
        let parent = logs.appendingPathComponent(participant)
        // Session folders only: the participant's folder also holds ratings.csv when ratings are asked.
        let names = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter {
            SessionID(folderName: $0) != nil
        }.sorted()
        // A plain error, not #require: callers poll with `try?` while the folder is still being made.
        guard let name = names.last else { throw NoSessionFolder(parent: parent.path) }
        return parent.appendingPathComponent(name)
    }

    struct NoSessionFolder: Error, CustomStringConvertible {
        let parent: String
        var description: String { "no session folder in \(parent)" }
    }

    static func isPNG(_ url: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: url.path) else { return false }
        return data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}

@Suite struct SimulateSessionTests {
    @Test func anIdealBotPlaysThreeTwoTargetRoundsIntoSixExactRowsWithSeparatedTargets() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-ideal")
        defer { try? FileManager.default.removeItem(at: logs) }
        let written = try SimulateRun.run(
            ["--mode", "two-targets", "--rounds", "3", "--bot", "ideal", "--seed", "1"], logs: logs)
        #expect(written.rows.count == 6)
        for row in written.rows {
            #expect(row.absDeviationDeg <= 0.5)
            #expect(row.input == "bot-ideal" && row.condition == "two-targets" && row.targetsInRound == 2)
            #expect(row.timeS > 0)
        }
        for round in 1...3 {
            let pair = written.rows.filter { $0.round == round }
            #expect(pair.map(\.targetIndex) == [1, 2])
            let separation = Bearing(degrees: pair[0].targetBearingDeg).separation(
                from: Bearing(degrees: pair[1].targetBearingDeg))
            #expect(separation >= 60, "round \(round): targets \(separation)° apart")
        }
        #expect(written.record.completed)
        #expect(written.record.endedAt != nil)
        // Exactly the files a real session writes.
        let files = try FileManager.default.contentsOfDirectory(atPath: written.sessionFolder.path).sorted()
        let pictures = (1...3).flatMap { round in (1...2).map { "round-0\(round)-target-\($0).png" } }
        #expect(files == (pictures + ["session.json", "session.lock", "trials.csv"]).sorted())
        for picture in pictures { #expect(SimulateRun.isPNG(written.sessionFolder.appendingPathComponent(picture))) }
        let participants = try String(contentsOf: logs.appendingPathComponent("participants.csv"), encoding: .utf8)
        #expect(participants.contains("\nSIM01,"))
    }

    @Test func theSameSeedGivesTheSameRowsApartFromTimestampsAndSessionIDs() throws {
        let arguments = ["--mode", "two-targets-background", "--rounds", "2", "--bot", "noisy", "--seed", "7"]
        let logsA = try SoundSafariBinary.temporaryDirectory("simulate-seed-a")
        defer { try? FileManager.default.removeItem(at: logsA) }
        let logsB = try SoundSafariBinary.temporaryDirectory("simulate-seed-b")
        defer { try? FileManager.default.removeItem(at: logsB) }
        let first = try SimulateRun.run(arguments, logs: logsA)
        let second = try SimulateRun.run(arguments, logs: logsB)
        func comparable(_ rows: [TrialRow]) -> [TrialRow] {
            rows.map { row in
                var row = row
                row.sessionID = ""
                row.onsetAt = Date(timeIntervalSince1970: 0)
                row.shotAt = Date(timeIntervalSince1970: 0)
                return row
            }
        }
        #expect(first.rows.count == 4)
        #expect(comparable(first.rows) == comparable(second.rows))
        #expect(first.rows.contains { $0.absDeviationDeg > 0.5 }, "the noisy bot scatters its aim")
        #expect(first.rows.allSatisfy { $0.background })
    }

    @Test func theListenerBotFindsTwentyTargetsByEarAloneWithoutFrontBackConfusions() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-listener")
        defer { try? FileManager.default.removeItem(at: logs) }
        let written = try SimulateRun.run(
            ["--mode", "one-target", "--rounds", "20", "--bot", "listener", "--seed", "5"], logs: logs)
        #expect(written.rows.count == 20)
        let deviations = written.rows.map(\.absDeviationDeg).sorted()
        let median = (deviations[9] + deviations[10]) / 2
        #expect(median <= 5, "median abs deviation \(median)°: \(deviations)")
        #expect(written.rows.allSatisfy { !$0.frontBackConfusion })
        // The bearings cover the circle, so front and back were both tested.
        #expect(written.rows.contains { abs(Bearing(degrees: $0.targetBearingDeg).relative(to: .forward)) > 90 })
    }

    @Test func theListenerBotAlsoFindsTwoTargetsThroughTheBackgroundSound() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-listener-background")
        defer { try? FileManager.default.removeItem(at: logs) }
        let written = try SimulateRun.run(
            ["--mode", "two-targets-background", "--rounds", "4", "--bot", "listener", "--seed", "8"],
            logs: logs)
        #expect(written.rows.count == 8)
        #expect(written.rows.allSatisfy { $0.background && !$0.frontBackConfusion })
        let deviations = written.rows.map(\.absDeviationDeg).sorted()
        #expect((deviations[3] + deviations[4]) / 2 <= 5, "abs deviations \(deviations)")
    }

    @Test func badArgumentsAreOneSentenceAndANonZeroExit() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-bad")
        defer { try? FileManager.default.removeItem(at: logs) }
        let mode = try SoundSafariBinary.run(["simulate", "--mode", "three-targets", "--logs", logs.path])
        #expect(mode.status != 0)
        #expect(mode.stderr.contains("Unknown mode 'three-targets'"))
        let nothing = try SoundSafariBinary.run(["simulate", "--resume", "--participant", "P99", "--logs", logs.path])
        #expect(nothing.status != 0)
        #expect(nothing.stderr.contains("P99"))
        let missing = logs.appendingPathComponent("no-such-protocol.json").path
        let file = try SoundSafariBinary.run(["simulate", "--protocol", missing, "--logs", logs.path])
        #expect(file.status != 0)
        #expect(file.stderr.contains("no-such-protocol.json"))
        #expect(!mode.stderr.contains("Fatal error") && !file.stderr.contains("Fatal error"))

        // A protocol naming a sound the catalog lacks fails before any session file is made,
        // so no half-made session is left for --resume to trip over.
        let owl = logs.appendingPathComponent("owl.json")
        try Data(
            #"{"name": "owls", "conditions": [{"level": "one-target", "repetitions": 2, "targets": ["owl"]}]}"#.utf8
        ).write(to: owl)
        let sound = try SoundSafariBinary.run(["simulate", "--protocol", owl.path, "--logs", logs.path])
        #expect(sound.status != 0)
        #expect(sound.stderr.contains("'owl'"))
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("SIM01").path))
    }
}
