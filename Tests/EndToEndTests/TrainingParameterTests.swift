// simulate --plan with a round-wide parameter (the SNR example plan) and --reaction-s, end to end.
import Foundation
import GameCore
import StudyKit
import Testing

@Suite struct TrainingParameterTests {
    static let snrPlan = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/training-plan-snr.json")

    /// The ideal bot with a 1 s reaction plays the SNR plan: every photo is logged 1.0 s after its onset (the
    /// flag was once ignored with --plan), each round is played at the background level the staircase gave
    /// it, and the staircase moves once per round.
    @Test func theSNRPlanAdaptsTheBackgroundOncePerRoundAndHonoursReactionTime() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-snr")
        defer { try? FileManager.default.removeItem(at: logs) }
        let output = try SoundSafariBinary.run([
            "simulate", "--plan", Self.snrPlan.path, "--sessions", "1", "--bot", "ideal", "--reaction-s", "1.0",
            "--participant", "S01", "--seed", "4", "--logs", logs.path,
        ])
        #expect(output.status == 0, "simulate failed: \(output.stderr)")
        #expect(output.stdout.contains("Staircase (background_gain_db)"))
        let sessions = try TrainingPlanTests.sessions(in: logs, participant: "S01")
        let rows = try #require(sessions.first?.rows)
        #expect(rows.count == 48)
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
