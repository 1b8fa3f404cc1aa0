// `simulate --answer-ratings`: the bot answers the questionnaire before and after, into ratings.csv.
import Foundation
import StudyKit
import StudyRecords
import Testing

@Suite struct SimulateRatingsTests {
    @Test func theBotAnswersBeforeAndAfterEachSessionWithPlausibleValuesAndSomeSkips() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-ratings")
        defer { try? FileManager.default.removeItem(at: logs) }
        for seed in 1...4 {
            let output = try SoundSafariBinary.run([
                "simulate", "--rounds", "2", "--seed", "\(seed)", "--answer-ratings", "--participant", "SIMR",
                "--logs", logs.path,
            ])
            #expect(output.status == 0, "\(output.stderr)")
        }
        let log = RatingsLog(logs: logs, participant: try ParticipantID("SIMR"))
        let rows = try log.storedRows()
        #expect(rows.count == 4 * (6 + 7), "4 sessions × (6 items before, 7 after)")
        #expect(Set(rows.compactMap(\.sessionIndex)) == [1, 2, 3, 4])
        for index in 1...4 {
            let session = rows.filter { $0.sessionIndex == index }
            #expect(session.filter { $0.moment == .before }.map(\.item) == RatingItem.asked(at: .before).map(\.id))
            #expect(session.filter { $0.moment == .after }.map(\.item) == RatingItem.all.map(\.id))
            #expect(Set(session.compactMap(\.sessionID)).count == 1)
        }
        for row in rows {
            if let value = row.value { #expect(RatingItem.named(row.item)!.accepts(value), "\(row)") }
        }
        #expect(rows.contains { $0.skipped }, "the bot skips some questions")
        #expect(rows.filter(\.skipped).count < rows.count / 4)
        let mode = try FileManager.default.attributesOfItem(atPath: log.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Without the switch, no questionnaire and no file.
        let other = try SoundSafariBinary.run([
            "simulate", "--rounds", "1", "--participant", "SIMN", "--logs", logs.path,
        ])
        #expect(other.status == 0)
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("SIMN/ratings.csv").path))
    }

    @Test func aProtocolWithRatingsTrueAsksThemAndAnUnknownValueIsRefused() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("protocol-ratings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rated.json")
        try #"{"name": "rated", "ratings": true, "conditions": [{"level": "one-target", "repetitions": 1}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let output = try SoundSafariBinary.run([
            "simulate", "--protocol", file.path, "--participant", "SIMP", "--seed", "3", "--logs", folder.path,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            try RatingsLog(logs: folder, participant: ParticipantID("SIMP")).storedRows().count == 13,
            "six before (concentration comes after only), seven after")
        try #"{"name": "rated", "ratings": "yes", "conditions": [{"level": "one-target", "repetitions": 1}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let bad = try SoundSafariBinary.run(["simulate", "--protocol", file.path, "--logs", folder.path])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("ratings"), "\(bad.stderr)")
    }
}

@Suite struct SimulateRatingsResumeTests {
    @Test func aKilledRatedSessionResumesWithoutAskingBeforeAgainAndAsksAfterAtTheEnd() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-ratings-kill")
        defer { try? FileManager.default.removeItem(at: logs) }
        let process = Process()
        process.executableURL = SoundSafariBinary.url()
        process.arguments = [
            "simulate", "--mode", "one-target", "--rounds", "6", "--seed", "5", "--realtime", "--answer-ratings",
            "--participant", "SRK", "--logs", logs.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var rows = 0
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, rows < 1, process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
            if let folder = try? SimulateRun.sessionFolder(in: logs, participant: "SRK") {
                rows = (try? TrialRow.readAll(from: folder.appendingPathComponent("trials.csv")).count) ?? 0
            }
        }
        #expect(process.isRunning, "the session should still be running when killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let log = RatingsLog(logs: logs, participant: try ParticipantID("SRK"))
        #expect(try log.storedRows().map(\.moment) == Array(repeating: .before, count: 6))

        // No --answer-ratings: the session asked before, so its resumed run asks after.
        let resumed = try SoundSafariBinary.run([
            "simulate", "--resume", "--participant", "SRK", "--logs", logs.path,
        ])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let stored = try log.storedRows()
        #expect(stored.filter { $0.moment == .before }.count == 6, "before is not asked again")
        #expect(stored.filter { $0.moment == .after }.map(\.item) == RatingItem.all.map(\.id))
        #expect(Set(stored.compactMap(\.sessionID)).count == 1)
    }
}
