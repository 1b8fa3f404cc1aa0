// A plan session lasts its minutes (issue 38): its rounds come again while minutes remain, also after a kill.
import Foundation
import GameCore
import StudyKit
import StudyRecords
import Testing

@Suite struct PlanSessionMinutesTests {
    /// Three rounds (two of one animal, one of two): a bot plays them in well under a minute.
    static func plan(in folder: URL, minutes: Int) throws -> URL {
        let url = folder.appendingPathComponent("minutes-plan.json")
        try """
        {"name": "minutes", "sessions_per_week": 3, "minutes_per_session": \(minutes), "total_sessions": 2,
         "ratings": false,
         "session": {"name": "short", "order": "shuffled", "blocked": false, "min_separation_deg": 60,
           "conditions": [
             {"name": "one", "level": "one-target", "targets": ["frog"], "repetitions": 2},
             {"name": "two", "level": "two-targets", "targets": ["frog", "bluejay"], "repetitions": 1}]},
         "adaptive": {"parameter": "hit_tolerance_deg", "start": 45}}
        """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// What every repeating session's logs must show: session.json's rounds are the first pass and its repeats
    /// (numbered on, each naming the round it repeats, with its condition), every row is one of those rounds'
    /// targets, logged once, and the last round played is whole (the session ended at a round's end).
    static func checkPasses(_ record: SessionRecord, rows: [TrialRow]) {
        let rounds = record.resolvedProtocol.rounds
        let firstPass = rounds.filter { $0.repeatsRound == nil }
        #expect(firstPass.map(\.round) == [1, 2, 3])
        #expect(rounds.map(\.round) == Array(1...rounds.count), "numbered on")
        for round in rounds where round.repeatsRound != nil {
            let repeated = firstPass[(round.round - 1) % firstPass.count]
            #expect(round.repeatsRound == repeated.round && round.condition == repeated.condition)
            #expect(round.targetSounds == repeated.targetSounds)
        }
        let keys = rows.map { TrialKey(round: $0.round, targetIndex: $0.targetIndex) }
        #expect(Set(keys).count == keys.count, "no target logged twice")
        #expect(
            keys == RoundPlan.trialKeys(of: rounds).prefix(keys.count).map { $0 }, "in playing order, none left out")
        for row in rows {
            #expect(rounds.first { $0.round == row.round }?.condition == row.condition)
        }
        if let last = rows.last {
            #expect(last.targetIndex == last.targetsInRound, "the session ended at a round's end")
        }
    }

    @Test func aPlanSessionOfTwoMinutesPlaysTwoMinutesNotJustItsRounds() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("plan-minutes")
        defer { try? FileManager.default.removeItem(at: logs) }
        let plan = try Self.plan(in: logs, minutes: 2)
        let written = try SimulateRun.run(
            ["--plan", plan.path, "--bot", "learner", "--participant", "SIM01", "--seed", "3", "--sessions", "1"],
            logs: logs)
        let record = written.record
        #expect(record.endedBy == .time, "\(written.output.stdout)")
        let played = try #require(record.playedSeconds)
        // Ended at the first round end after the minutes: past 120 s by less than one round (a few photos).
        #expect(played >= 120 && played < 150, "played \(played) s")
        let first = try #require(written.rows.first?.onsetAt)
        let last = try #require(written.rows.last?.shotAt)
        #expect(last.timeIntervalSince(first) >= 115, "about two minutes of simulated play")
        #expect(written.rows.map(\.round).max() ?? 0 > 6, "the three rounds were played more than twice")
        Self.checkPasses(record, rows: written.rows)
        // The staircase went on through the repeats: every photo was judged.
        #expect(written.rows.allSatisfy { $0.training != nil })
        let pictures = try FileManager.default.contentsOfDirectory(atPath: written.sessionFolder.path)
            .filter { $0.hasPrefix("round-") && $0.hasSuffix(".png") }
        #expect(pictures.count == written.rows.filter { !$0.skipped }.count)
        #expect(written.output.stdout.contains("its plan's minutes were played"), "\(written.output.stdout)")
    }

    /// Killed (SIGKILL) in the second pass, then continued: every photo before the kill is kept as it was, none
    /// is taken twice, and the minutes already played count (the resumed run plays only what was left).
    @Test func aRepeatingSessionKilledAndResumedCountsTheMinutesAlreadyPlayed() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("plan-minutes-kill")
        defer { try? FileManager.default.removeItem(at: logs) }
        let plan = try Self.plan(in: logs, minutes: 1)
        let arguments = [
            "simulate", "--plan", plan.path, "--bot", "learner", "--participant", "PK01", "--seed", "3",
            "--logs", logs.path,
        ]
        var before: (rows: [TrialRow], record: SessionRecord)?
        let output = try SimulateRun.killAfterPhotos(
            5, arguments: arguments, participant: "PK01", logs: logs, thenSessions: 1
        ) { folder in
            before = (
                try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv")),
                try SessionRecord.read(folder.appendingPathComponent("session.json"))
            )
        }
        let killed = try #require(before)
        #expect(killed.rows.count >= 5 && killed.record.endedAt == nil)
        #expect(
            killed.record.resolvedProtocol.rounds.count > 3,
            "the second pass was in session.json before its first photo")
        let folder = try SimulateRun.sessionFolder(in: logs, participant: "PK01")
        let rows = try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv"))
        let record = try SessionRecord.read(folder.appendingPathComponent("session.json"))
        #expect(record.resumedAt.count == 1, "\(output.stdout)")
        #expect(Array(rows.prefix(killed.rows.count)) == killed.rows, "nothing lost")
        Self.checkPasses(record, rows: rows)
        #expect(record.endedBy == .time)
        let played = try #require(record.playedSeconds)
        let playedBefore = try #require(killed.record.playedSeconds)
        let searchedAfter = rows.dropFirst(killed.rows.count).map(\.timeS).reduce(0, +)
        #expect(played >= 60 && played < 90, "played \(played) s")
        // A resume that forgot the earlier run's time would have played a whole minute more.
        #expect(played >= playedBefore + searchedAfter, "\(playedBefore) s before the kill + \(searchedAfter) s")
    }
}
