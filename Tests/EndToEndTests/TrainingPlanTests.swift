// Training plans end to end: simulate --plan numbers sessions, carries the staircase, and a killed session resumes.
import Foundation
import GameCore
import StudyKit
import StudyRecords
import Testing

@Suite struct TrainingPlanTests {
    static let examplePlan = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/training-plan.json")

    /// Every session folder of `participant`, oldest first, with its record and rows.
    static func sessions(in logs: URL, participant: String) throws -> [(record: SessionRecord, rows: [TrialRow])] {
        let parent = logs.appendingPathComponent(participant)
        return try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
            .filter { $0.hasPrefix("20") }
            .map { name in
                let folder = parent.appendingPathComponent(name)
                return (
                    try SessionRecord.read(folder.appendingPathComponent("session.json")),
                    try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv"))
                )
            }
    }

    /// The staircase replayed over the logged hits must give every row's difficulty_value: nothing stored
    /// elsewhere can disagree with the log.
    static func expectReplayMatches(_ sessions: [(record: SessionRecord, rows: [TrialRow])], plan: TrainingPlan) {
        var staircase = plan.makeStaircase()
        for session in sessions {
            staircase.startRun()
            for row in session.rows {
                guard let training = row.training else {
                    Issue.record("row without plan columns")
                    return
                }
                #expect(abs(training.difficultyValue - staircase.value) < 0.0005)
                let step = staircase.record(hit: training.hit)
                #expect(step.reversal == training.staircaseReversal)
                #expect(training.hit == (row.absDeviationDeg <= training.difficultyValue))
            }
        }
    }

    @Test func simulatedPlanSessionsAreNumberedAndCarryTheStaircaseFromOneToTheNext() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-simulate")
        defer { try? FileManager.default.removeItem(at: logs) }
        // The example plan with 3-minute sessions: three sessions of its 12 minutes took 100 s of CPU, a third of
        // the suite's simulations; 3 minutes still play its 48 targets and go on until the minutes end.
        let planFile = try SoundSafariBinary.example("training-plan.json", minutes: 3, in: logs)
        let output = try SoundSafariBinary.run([
            "simulate", "--plan", planFile.path, "--sessions", "3", "--bot", "learner", "--participant", "L01",
            "--seed", "5", "--logs", logs.path,
        ])
        #expect(output.status == 0, "simulate failed: \(output.stderr)")
        let sessions = try Self.sessions(in: logs, participant: "L01")
        #expect(sessions.map { $0.record.sessionIndex } == [1, 2, 3])
        #expect(sessions.map { $0.record.plan?.session } == [1, 2, 3])
        // Each session lasts its minutes (issue 38): its 48 targets, then its rounds again until the minutes end.
        #expect(
            sessions.allSatisfy {
                $0.record.endedBy == .time && $0.rows.count > 48 && ($0.record.playedSeconds ?? 0) >= 180
            })
        #expect(
            sessions.allSatisfy { session in session.rows.allSatisfy { $0.sessionIndex == session.record.sessionIndex }
            })
        #expect(sessions.flatMap(\.rows).allSatisfy { $0.training?.plan == "localization-training-10x12" })
        let plan = try TrainingPlanFile.load(planFile)
        Self.expectReplayMatches(sessions, plan: plan)
        // Each session's run reached its 8 reversals, and the next session started where it stopped.
        for session in sessions {
            #expect(session.rows.filter { $0.training?.staircaseReversal == true }.count == 8)
        }
        #expect(sessions[1].rows[0].training?.difficultyValue != plan.adaptive.start)
        #expect(FileManager.default.fileExists(atPath: logs.appendingPathComponent("L01/progress.png").path))
        // Health data: the participant's folder, plan and chart are owner-only like every log (LOG-FORMAT).
        for (name, mode) in [("L01", 0o700), ("L01/progress.png", 0o600), ("L01/plan-001.json", 0o600)] {
            let attributes = try FileManager.default.attributesOfItem(atPath: logs.appendingPathComponent(name).path)
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == mode, "\(name)")
        }
        #expect(FileManager.default.fileExists(atPath: logs.appendingPathComponent("L01/plan-001.json").path))

        let analysis = try SoundSafariBinary.run(
            ["progress", logs.path, "--by", "participant"], executable: "soundsafari-analyze")
        #expect(analysis.status == 0, "progress failed: \(analysis.stderr)")
        let third = analysis.stdout.split(separator: "\n").map { $0.split(separator: " ") }.first {
            $0.first == "L01" && $0.dropFirst().first == "3"
        }
        #expect(third?.dropFirst(2).first.map(String.init) == "\(sessions[2].rows.count)", "\(analysis.stdout)")
        #expect(analysis.stdout.contains("L01 exponential") || analysis.stdout.contains("no curve fitted"))

        let report = logs.appendingPathComponent("report")
        let written = try SoundSafariBinary.run(
            ["report", logs.path, "--out", report.path], executable: "soundsafari-analyze")
        #expect(written.status == 0, "report failed: \(written.stderr)")
        let figure = report.appendingPathComponent("figures/learning-curve-session-index.svg")
        #expect(FileManager.default.fileExists(atPath: figure.path), "repeated sessions get the learning-curve figure")
    }

    @Test func aKilledPlanSessionResumesWithTheSameSessionIndexAndStaircase() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-kill")
        defer { try? FileManager.default.removeItem(at: logs) }
        var plan = try String(contentsOf: Self.examplePlan, encoding: .utf8)
        plan = plan.replacingOccurrences(of: #""repetitions": 16"#, with: #""repetitions": 6"#)
        plan = plan.replacingOccurrences(of: #""repetitions": 8"#, with: #""repetitions": 1"#)
        // Its sessions end with their rounds (not the example's 12 minutes), so session 2 is `completed`.
        plan = plan.replacingOccurrences(
            of: #""sessions_per_week": 3,"#, with: #""sessions_per_week": 3, "repeat_rounds": false,"#)
        let planFile = logs.appendingPathComponent("plan.json")
        try plan.write(to: planFile, atomically: true, encoding: .utf8)
        let first = try SoundSafariBinary.run([
            "simulate", "--plan", planFile.path, "--bot", "learner", "--participant", "K01", "--logs", logs.path,
        ])
        #expect(first.status == 0, "simulate failed: \(first.stderr)")

        let process = Process()
        process.executableURL = SoundSafariBinary.url()
        process.arguments = [
            "simulate", "--plan", planFile.path, "--bot", "learner", "--participant", "K01", "--realtime",
            "--logs", logs.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait (real clock, up to 60 s) until session 2 has two rows on disk, then kill without warning.
        var rowsBeforeKill = 0
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, rowsBeforeKill < 2, process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
            let sessions = (try? Self.sessions(in: logs, participant: "K01")) ?? []
            rowsBeforeKill = sessions.count == 2 ? sessions[1].rows.count : 0
        }
        #expect(process.isRunning, "the session should still be running when killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let killed = try Self.sessions(in: logs, participant: "K01")
        #expect(killed.count == 2)
        #expect(killed[1].record.completed == false)
        let kept = killed[1].rows

        // Outside its plan (no staircase, no minutes) the session is not continued, and nothing is written.
        let outside = try SoundSafariBinary.run([
            "simulate", "--resume", "--bot", "ideal", "--participant", "K01", "--logs", logs.path,
        ])
        #expect(outside.status != 0)
        #expect(outside.stderr.contains("session 2 of the training plan"), "\(outside.stderr)")
        #expect(outside.stderr.contains("soundsafari train --participant K01"), "\(outside.stderr)")
        let window = try SoundSafariBinary.run(["play", "--resume", "--participant", "K01", "--logs", logs.path])
        #expect(window.status != 0 && window.stderr.contains("training plan"), "before any window: \(window.stderr)")
        let untouched = try Self.sessions(in: logs, participant: "K01")
        #expect(untouched[1].rows == kept && untouched[1].record.resumedAt.isEmpty)

        let resumed = try SoundSafariBinary.run([
            "simulate", "--plan", planFile.path, "--bot", "learner", "--participant", "K01", "--logs", logs.path,
        ])
        #expect(resumed.status == 0, "resume failed: \(resumed.stderr)")
        let sessions = try Self.sessions(in: logs, participant: "K01")
        #expect(sessions.count == 2, "the killed session was continued, not replaced")
        #expect(sessions.map { $0.record.sessionIndex } == [1, 2])
        #expect(sessions[1].record.completed)
        #expect(sessions[1].record.resumedAt.count == 1)
        #expect(sessions[1].rows.count == 10, "6 one-target rounds and two rounds of two targets")
        #expect(Array(sessions[1].rows.prefix(kept.count)) == kept, "kept rows untouched")
        #expect(sessions[1].rows.allSatisfy { $0.sessionIndex == 2 })
        Self.expectReplayMatches(sessions, plan: try TrainingPlanFile.load(planFile))
    }

    @Test func badPlansAndFinishedPlansSaySoInOneSentence() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-bad")
        defer { try? FileManager.default.removeItem(at: logs) }
        let bad = logs.appendingPathComponent("bad-plan.json")
        let text = try String(contentsOf: Self.examplePlan, encoding: .utf8)
        try text.replacingOccurrences(of: #""hit_tolerance_deg""#, with: #""loudness""#).write(
            to: bad, atomically: true, encoding: .utf8)
        let assign = try SoundSafariBinary.run([
            "plan", "assign", "--participant", "B01", bad.path, "--logs", logs.path,
        ])
        #expect(assign.status != 0)
        #expect(assign.stderr.contains("bad-plan.json"))
        #expect(assign.stderr.contains("field 'adaptive.parameter'"))

        let tiny = logs.appendingPathComponent("tiny-plan.json")
        try text.replacingOccurrences(
            of: #""total_sessions": 10"#, with: #""total_sessions": 1, "repeat_rounds": false"#
        )
        .replacingOccurrences(of: #""repetitions": 16"#, with: #""repetitions": 1"#)
        .replacingOccurrences(of: #""repetitions": 8"#, with: #""repetitions": 1"#)
        .write(to: tiny, atomically: true, encoding: .utf8)
        let done = try SoundSafariBinary.run([
            "simulate", "--plan", tiny.path, "--sessions", "2", "--bot", "ideal", "--participant", "B02", "--logs",
            logs.path,
        ])
        #expect(done.status == 0, "simulate failed: \(done.stderr)")
        #expect(done.stdout.contains("The 1 session of the plan 'localization-training-10x12' is done"))
        let train = try SoundSafariBinary.run(["train", "--participant", "B02", "--logs", logs.path])
        #expect(train.status == 0)
        #expect(train.stdout.contains("is done; ask your supervisor for a new plan"))
        let none = try SoundSafariBinary.run(["train", "--participant", "B03", "--logs", logs.path])
        #expect(none.status != 0)
        #expect(none.stderr.contains("has no training plan"))
    }
}
