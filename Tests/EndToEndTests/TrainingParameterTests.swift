// simulate --plan with a round-wide parameter (the SNR example plan) and --reaction-s, end to end.
import Foundation
import GameCore
import StudyKit
import StudyRecords
import Testing

@Suite struct TrainingParameterTests {
    static let snrPlan = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/training-plan-snr.json")

    /// The ideal bot with a 1 s reaction plays the SNR plan: every photo is logged 1.0 s after its onset (the
    /// flag was once ignored with --plan), each round is played at the background level the staircase gave
    /// it, and the staircase moves once per round.
    @Test func theSNRPlanAdaptsTheBackgroundOncePerRoundAndHonoursReactionTime() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-snr")
        defer { try? FileManager.default.removeItem(at: logs) }
        let plan = try SoundSafariBinary.example("training-plan-snr.json", minutes: 3, in: logs)
        let output = try SoundSafariBinary.run([
            "simulate", "--plan", plan.path, "--sessions", "1", "--bot", "ideal", "--reaction-s", "1.0",
            "--participant", "S01", "--seed", "4", "--logs", logs.path,
        ])
        #expect(output.status == 0, "simulate failed: \(output.stderr)")
        #expect(output.stdout.contains("Staircase (background_gain_db)"))
        let sessions = try TrainingPlanTests.sessions(in: logs, participant: "S01")
        let rows = try #require(sessions.first?.rows)
        // Its 48 targets took the bot about 1.5 s each: the rounds came again until the 3 minutes were played.
        #expect(rows.count > 48 && sessions.first?.record.endedBy == .time, "\(rows.count) photos")
        for row in rows { #expect(abs(row.timeS - 1.0) <= 0.001, "round \(row.round): time_s \(row.timeS)") }
        #expect(rows.allSatisfy { $0.training?.difficultyParameter == "background_gain_db" })
        // One value per round; the ideal bot hits every round, so the background rises 6 dB every two rounds.
        var staircase = try TrainingPlanFile.load(Self.snrPlan).makeStaircase()
        for row in rows {
            let training = try #require(row.training)
            #expect(abs(training.difficultyValue - staircase.value) < 0.0005, "round \(row.round)")
            #expect(training.hit)
            if row.targetIndex == row.targetsInRound { staircase.record(hit: true) }
        }
        #expect(rows.last?.training?.difficultyValue == 12, "the ideal listener ends at the loudest background")
    }
}

@Suite struct TrainingTimeLimitTests {
    /// The example plan with 1 minute per session: a bot taking 5 s per photo (plus 0.4 s on each result
    /// screen, on the virtual clock) plays until the round in which a minute is reached, and the session
    /// counts as done: the next one is a new session, not a resume.
    @Test func aPlanSessionEndsAfterTheRoundThatReachesItsMinutesAndCountsAsDone() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-minutes")
        defer { try? FileManager.default.removeItem(at: logs) }
        let text = try String(contentsOf: TrainingPlanTests.examplePlan, encoding: .utf8)
            .replacingOccurrences(of: #""minutes_per_session": 12"#, with: #""minutes_per_session": 1"#)
        let planFile = logs.appendingPathComponent("short.json")
        try Data(text.utf8).write(to: planFile)
        let output = try SoundSafariBinary.run([
            "simulate", "--plan", planFile.path, "--sessions", "2", "--bot", "ideal", "--reaction-s", "5",
            "--participant", "M01", "--seed", "2", "--logs", logs.path,
        ])
        #expect(output.status == 0, "simulate failed: \(output.stderr)")
        let sessions = try TrainingPlanTests.sessions(in: logs, participant: "M01")
        #expect(sessions.count == 2, "the time-ended session is done; the second run started session 2")
        #expect(sessions.map { $0.record.plan?.session } == [1, 2])
        for session in sessions {
            #expect(!session.record.completed && session.record.endedBy == .time)
            let played = try #require(session.record.playedSeconds)
            // About 5.5 s per photo (5 s after the audible onset, the sound's leading silence, 0.4 s on the
            // result): a minute is reached by the 11th or 12th photo, and a round has at most 2 more.
            #expect(played >= 60 && played < 60 + 2 * 6, "played_s \(played)")
            let last = try #require(session.rows.last)
            #expect(last.targetIndex == last.targetsInRound, "ended after a whole round")
            #expect(session.rows.count >= 11 && session.rows.count <= 13, "\(session.rows.count) photos")
        }
    }
}
