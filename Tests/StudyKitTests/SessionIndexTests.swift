// session_index numbers a participant's sessions 1, 2, … in start order; a resumed session keeps its number.
import Foundation
import GameCore
import StudyRecords
import Synchronization
import Testing

@testable import StudyKit

struct SessionIndexTests {
    let study = StudyProtocol(name: "index", conditions: [.init(name: "one-target", level: .oneTarget, repetitions: 2)])

    func start(_ logs: URL, _ participant: String, minute: Double) throws -> SessionRecorder {
        try SessionRecorder.start(
            logs: logs, participant: ParticipantID(participant),
            resolvedProtocol: study.resolve(participantNumber: 1, sessionSeed: 1),
            environment: Fixtures.environment, startedAt: Fixtures.start.addingTimeInterval(minute * 60))
    }

    @Test func sessionsAreNumberedPerParticipantInStartOrder() throws {
        let logs = try TemporaryFolder()
        let first = try start(logs.url, "P01", minute: 0)
        let other = try start(logs.url, "P02", minute: 1)
        let second = try start(logs.url, "P01", minute: 2)
        #expect(first.sessionIndex == 1)
        #expect(other.sessionIndex == 1)
        #expect(second.sessionIndex == 2)
        #expect(try SessionRecord.read(second.folder.sessionJSONURL).sessionIndex == 2)
        let plan = second.resolvedProtocol.rounds[0]
        try second.record(Fixtures.trial(plan, targetIndex: 1))
        #expect(try TrialRow.readAll(from: second.folder.trialsURL).map(\.sessionIndex) == [2])
    }

    @Test func aResumedSessionKeepsItsIndexAndTheNextSessionFollowsIt() throws {
        let logs = try TemporaryFolder()
        // The first run ends (its recorder and session lock are released) before the resume.
        let folder = try {
            let first = try start(logs.url, "P01", minute: 0)
            try first.record(Fixtures.trial(first.resolvedProtocol.rounds[0], targetIndex: 1))
            return first.folder
        }()
        let point = try #require(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P01")))
        let resumed = try SessionRecorder.resume(point, at: Fixtures.start.addingTimeInterval(300))
        #expect(resumed.sessionIndex == 1)
        try resumed.record(Fixtures.trial(resumed.resolvedProtocol.rounds[1], targetIndex: 1))
        #expect(try TrialRow.readAll(from: folder.trialsURL).map(\.sessionIndex) == [1, 1])
        #expect(try start(logs.url, "P01", minute: 10).sessionIndex == 2)
    }

    @Test func aSessionLoggedBeforeTheKeyExistedCountsByItsPlaceInStartOrder() throws {
        let logs = try TemporaryFolder()
        let old = try start(logs.url, "P01", minute: 0)
        var record = try SessionRecord.read(old.folder.sessionJSONURL)
        record.sessionIndex = nil
        try record.write(to: old.folder.sessionJSONURL)
        let json = try String(contentsOf: old.folder.sessionJSONURL, encoding: .utf8)
        #expect(!json.contains("session_index"))
        #expect(SessionIndex.of(old.folder) == 1)
        #expect(try start(logs.url, "P01", minute: 5).sessionIndex == 2)
    }

    @Test func sessionsOfOneParticipantStartedAtOnceGetDistinctIndices() throws {
        // Threads stand in for processes: each start opens the participant's start lock itself, and flock(2)
        // locks belong to the open file, so two threads exclude each other as two processes would.
        let logs = try TemporaryFolder()
        let starts = 12
        let indices = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: starts) { _ in
            do {
                let recorder = try start(logs.url, "P01", minute: 0)
                indices.withLock { $0.append(recorder.sessionIndex) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(indices.withLock { $0 }.sorted() == Array(1...starts))
        let stored = try SessionFolder.existing(logs: logs.url, participant: ParticipantID("P01")).map {
            try SessionRecord.read($0.sessionJSONURL).sessionIndex
        }
        #expect(stored.compactMap { $0 }.sorted() == Array(1...starts))
    }

    @Test func aFolderWithoutSessionFileIsNotASession() throws {
        let logs = try TemporaryFolder()
        let crashed = try start(logs.url, "P01", minute: 0)
        try FileManager.default.removeItem(at: crashed.folder.sessionJSONURL)
        #expect(try start(logs.url, "P01", minute: 1).sessionIndex == 1)
    }
}
