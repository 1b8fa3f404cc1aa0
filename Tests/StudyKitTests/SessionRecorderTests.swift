// Session folders, session.json and the recorder the GameSession logs through; resume of an interrupted session.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

struct SessionRecorderTests {
    let thesis = StudyProtocol(
        name: "thesis", seed: 11,
        conditions: [
            .init(name: "one-target", level: .oneTarget, repetitions: 1),
            .init(name: "two-targets", level: .twoTargets, repetitions: 2),
        ])

    func start(_ logs: URL, participant: String = "P07", at date: Date = Fixtures.start) throws -> SessionRecorder {
        try SessionRecorder.start(
            logs: logs, participant: ParticipantID(participant),
            resolvedProtocol: thesis.resolve(participantNumber: 7, sessionSeed: 1),
            environment: Fixtures.environment, startedAt: date)
    }

    /// Plays the given keys of the plan through the recorder, as the GameSession would.
    func play(_ recorder: SessionRecorder, _ keys: [TrialKey]) throws {
        for key in keys {
            let plan = recorder.resolvedProtocol.rounds[key.round - 1]
            try recorder.record(
                Fixtures.trial(plan, targetIndex: key.targetIndex, at: Double(key.round * 10 + key.targetIndex)))
        }
    }

    @Test func startingMakesTheFolderTheLogHeaderAndAnIncompleteSessionFile() throws {
        let logs = try TemporaryFolder()
        let recorder = try start(logs.url)
        #expect(
            recorder.folder.url.path == logs.url.path + "/P07/20261118T110640Z-"
                + recorder.folder.sessionID.value.suffix(4))
        #expect(try TrialRow.readAll(from: recorder.folder.trialsURL).isEmpty)
        let record = try SessionRecord.read(recorder.folder.sessionJSONURL)
        #expect(record.completed == false)
        #expect(record.endedAt == nil)
        #expect(record.resolvedProtocol == recorder.resolvedProtocol)
        #expect(record.environment == Fixtures.environment)
        #expect(record == recorder.record)
    }

    @Test func sessionJSONHasEveryFieldLogFormatAsksFor() throws {
        let logs = try TemporaryFolder()
        let recorder = try start(logs.url)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: recorder.folder.sessionJSONURL)) as? [String: Any])
        for key in [
            "schema_version", "session_id", "participant", "app_version", "started_at", "ended_at", "protocol",
            "input", "hrtf", "audio_device", "sample_rate", "os", "completed",
        ] {
            #expect(json.keys.contains(key), "session.json lacks \(key)")
        }
        let resolved = try #require(json["protocol"] as? [String: Any])
        for key in ["conditions", "rounds", "order", "seed", "min_separation_deg"] {
            #expect(resolved.keys.contains(key), "protocol lacks \(key)")
        }
        #expect(json["started_at"] as? String == "2026-11-18T11:06:40.250Z")
    }

    @Test func aSecondSessionGetsItsOwnFolderEvenInTheSameSecond() throws {
        let logs = try TemporaryFolder()
        let first = try start(logs.url)
        let second = try start(logs.url)
        #expect(first.folder.url != second.folder.url)
        #expect(SessionFolder.existing(logs: logs.url, participant: try ParticipantID("P07")).count == 2)
    }

    @Test func everyPhotoBecomesARowOnDiskAtOnce() throws {
        let logs = try TemporaryFolder()
        let recorder = try start(logs.url)
        try play(recorder, [TrialKey(round: 1, targetIndex: 1)])
        let rows = try TrialRow.readAll(from: recorder.folder.trialsURL)
        #expect(rows.count == 1)
        #expect(rows[0].sessionID == recorder.folder.sessionID.value)
        #expect(rows[0].participant == "P07")
        #expect(rows[0].input == "bot-ideal")
        #expect(rows[0].deviationDeg == 3)
        #expect(rows[0].timeS == 1.5)
        #expect(try SessionRecord.read(recorder.folder.sessionJSONURL).completed == false)
    }

    @Test func theSessionIsCompletedWhenTheLastTargetIsLogged() throws {
        let logs = try TemporaryFolder()
        let recorder = try start(logs.url)
        let keys = recorder.resolvedProtocol.allTrialKeys
        #expect(keys.count == 5)
        try play(recorder, Array(keys.dropLast()))
        #expect(try SessionRecord.read(recorder.folder.sessionJSONURL).completed == false)
        try play(recorder, [keys.last!])
        let record = try SessionRecord.read(recorder.folder.sessionJSONURL)
        #expect(record.completed)
        #expect(record.endedAt != nil)
        #expect(try TrialRow.readAll(from: recorder.folder.trialsURL).count == 5)
    }

    @Test func quittingEarlyRecordsTheEndButNotCompletion() throws {
        let logs = try TemporaryFolder()
        let recorder = try start(logs.url)
        try play(recorder, [TrialKey(round: 1, targetIndex: 1)])
        try recorder.finish(at: Fixtures.start.addingTimeInterval(60))
        let record = try SessionRecord.read(recorder.folder.sessionJSONURL)
        #expect(record.completed == false)
        #expect(record.endedAt == Fixtures.start.addingTimeInterval(60))
    }

    @Test func aTargetCannotBeLoggedTwice() throws {
        let logs = try TemporaryFolder()
        let recorder = try start(logs.url)
        try play(recorder, [TrialKey(round: 1, targetIndex: 1)])
        #expect(throws: StudyFileError.self) { try play(recorder, [TrialKey(round: 1, targetIndex: 1)]) }
        #expect(try TrialRow.readAll(from: recorder.folder.trialsURL).count == 1)
    }
}

struct ResumeTests {
    let study = StudyProtocol(
        name: "resume", order: .shuffled, blocked: false,
        conditions: [
            .init(name: "one-target", level: .oneTarget, repetitions: 2),
            .init(name: "two-targets", level: .twoTargets, repetitions: 2),
        ])

    func interruptedSession(_ logs: URL, logged: Int) throws -> SessionRecorder {
        let recorder = try SessionRecorder.start(
            logs: logs, participant: ParticipantID("P03"),
            resolvedProtocol: study.resolve(participantNumber: 3, sessionSeed: 12345),
            environment: Fixtures.environment, startedAt: Fixtures.start)
        for key in recorder.resolvedProtocol.allTrialKeys.prefix(logged) {
            try recorder.record(
                Fixtures.trial(recorder.resolvedProtocol.rounds[key.round - 1], targetIndex: key.targetIndex))
        }
        return recorder
    }

    @Test func resumeFindsTheInterruptedSessionAndTheFirstTargetNotLogged() throws {
        let logs = try TemporaryFolder()
        let recorder = try interruptedSession(logs.url, logged: 3)
        let point = try #require(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P03")))
        #expect(point.folder == recorder.folder)
        let keys = recorder.resolvedProtocol.allTrialKeys
        #expect(point.loggedKeys == Set(keys.prefix(3)))
        #expect(point.nextKey == keys[3])
        #expect(point.remainingKeys == Array(keys.dropFirst(3)))
        #expect(point.isLogged(round: keys[0].round, targetIndex: keys[0].targetIndex))
    }

    @Test func theResumedSessionReproducesTheSameRoundsSeedAndBearings() throws {
        let logs = try TemporaryFolder()
        let recorder = try interruptedSession(logs.url, logged: 2)
        let point = try #require(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P03")))
        let stored = point.record.resolvedProtocol
        #expect(stored == recorder.resolvedProtocol)
        #expect(
            try TargetPlacer.place(rounds: stored.rounds, rule: stored.placementRule, seed: stored.seed)
                == TargetPlacer.place(
                    rounds: recorder.resolvedProtocol.rounds, rule: recorder.resolvedProtocol.placementRule,
                    seed: recorder.resolvedProtocol.seed))
    }

    @Test func resumingAppendsToTheSameLogAndCompletesTheSession() throws {
        let logs = try TemporaryFolder()
        _ = try interruptedSession(logs.url, logged: 3)
        let point = try #require(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P03")))
        let resumed = try SessionRecorder.resume(point, at: Fixtures.start.addingTimeInterval(600))
        for key in resumed.remainingKeys {
            try resumed.record(
                Fixtures.trial(resumed.resolvedProtocol.rounds[key.round - 1], targetIndex: key.targetIndex))
        }
        let record = try SessionRecord.read(point.folder.sessionJSONURL)
        #expect(record.completed)
        #expect(record.resumedAt == [Fixtures.start.addingTimeInterval(600)])
        let rows = try TrialRow.readAll(from: point.folder.trialsURL)
        #expect(
            rows.map { TrialKey(round: $0.round, targetIndex: $0.targetIndex) } == resumed.resolvedProtocol.allTrialKeys
        )
        #expect(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P03")) == nil)
    }

    @Test func aSessionInterruptedBeforeItsLogExistedResumesFromTheStart() throws {
        let logs = try TemporaryFolder()
        // Only the folder is kept: the interrupted run's recorder (and its session lock) is gone.
        let folder = try interruptedSession(logs.url, logged: 0).folder
        try FileManager.default.removeItem(at: folder.trialsURL)
        let point = try #require(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P03")))
        #expect(point.nextKey == TrialKey(round: 1, targetIndex: 1))
        let resumed = try SessionRecorder.resume(point)
        #expect(resumed.remainingKeys.count == 6)
        #expect(try TrialRow.readAll(from: folder.trialsURL).isEmpty)
    }

    @Test func aCompletedSessionIsNotResumed() throws {
        let logs = try TemporaryFolder()
        _ = try interruptedSession(logs.url, logged: 6)
        #expect(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P03")) == nil)
    }

    @Test func anotherParticipantsSessionIsNeverResumed() throws {
        let logs = try TemporaryFolder()
        _ = try interruptedSession(logs.url, logged: 1)
        #expect(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P04")) == nil)
    }

    @Test func aDamagedSessionFileIsReportedByName() throws {
        let logs = try TemporaryFolder()
        let recorder = try interruptedSession(logs.url, logged: 1)
        try Data("{\"schema_version\": 1}".utf8).write(to: recorder.folder.sessionJSONURL)
        let error = #expect(throws: StudyFileError.self) {
            try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P03"))
        }
        #expect(error?.description.contains(recorder.folder.sessionJSONURL.path) == true)
        #expect(error?.description.contains("session_id") == true)
    }
}
