// Several writers at once: participants.csv stays one header and one row each; a session has one writer.
import Foundation
import GameCore
import StudyRecords
import Synchronization
import Testing

@testable import StudyKit

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ConcurrentRegistrationTests {
    /// Each participant registered from its own thread; every registry opens the file on its own, as
    /// separate processes do, so the file lock is the only thing keeping them apart.
    @Test func participantsRegisteringAtOnceOnAFreshFolderGiveOneHeaderAndOneRowEach() throws {
        for attempt in 0..<40 {
            let folder = try TemporaryFolder()
            let ids = (1...8).map { "R\(attempt)x\($0)" }
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: ids.count) { index in
                do {
                    try ParticipantRegistry(logs: folder.url).register(
                        ParticipantRecord(participant: try ParticipantID(ids[index]), registeredAt: Fixtures.start))
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty)
            let text = try String(contentsOf: folder.file("participants.csv"), encoding: .utf8)
            let headers = text.split(separator: "\n").filter { $0.hasPrefix("participant,") }
            #expect(headers.count == 1, "attempt \(attempt): \(headers.count) header lines")
            #expect(Set(try ParticipantRegistry(logs: folder.url).all().map(\.participant.value)) == Set(ids))
        }
    }

    @Test func aRepeatedHeaderLineLeftByAnOlderVersionNoLongerBlocksRegistration() throws {
        let folder = try TemporaryFolder()
        let header = ParticipantRecord.columns.joined(separator: ",")
        try Data(
            "\(header)\nP01,,,,,,,,2026-11-18T11:06:40.250Z\n\(header)\nP02,,,,,,,,2026-11-18T11:06:40.250Z\n".utf8
        ).write(to: folder.file("participants.csv"))
        let registry = ParticipantRegistry(logs: folder.url)
        #expect(try registry.all().map(\.participant.value) == ["P01", "P02"])
        #expect(try registry.register(ParticipantRecord(participant: ParticipantID("P03"))) == .registered)
        #expect(try registry.registrationNumber(of: ParticipantID("P03")) == 3)
    }

    @Test func aDamagedLineIsNamedWithHowToRepairIt() throws {
        let folder = try TemporaryFolder()
        let header = ParticipantRecord.columns.joined(separator: ",")
        try Data("\(header)\nP01,abc,,,,,,,2026-11-18T11:06:40.250Z\n".utf8).write(to: folder.file("participants.csv"))
        let error = #expect(throws: ParticipantFileDamagedError.self) {
            try ParticipantRegistry(logs: folder.url).register(ParticipantRecord(participant: ParticipantID("P02")))
        }
        let message = error?.description ?? ""
        #expect(message.contains("participants.csv line 2"), "\(message)")
        #expect(message.contains("fix or delete that line"), "\(message)")
    }
}

@Suite struct SessionLockTests {
    let study = StudyProtocol(
        name: "lock", order: .fixed, blocked: false,
        conditions: [.init(name: "one-target", level: .oneTarget, repetitions: 3)])

    func start(_ logs: URL) throws -> SessionRecorder {
        try SessionRecorder.start(
            logs: logs, participant: ParticipantID("P05"),
            resolvedProtocol: study.resolve(participantNumber: 5, sessionSeed: 3),
            environment: Fixtures.environment, startedAt: Fixtures.start)
    }

    @Test func aSessionStillBeingWrittenIsNotResumedAndTheRefusalNamesTheWritersProcess() throws {
        let logs = try TemporaryFolder()
        let running = try start(logs.url)
        try running.record(Fixtures.trial(running.resolvedProtocol.rounds[0], targetIndex: 1))
        let point = try #require(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P05")))
        let error = #expect(throws: StudyFileError.self) { try SessionRecorder.resume(point) }
        #expect(error == .sessionInUse(path: running.folder.url.path, pid: getpid()))
        #expect(error?.description.contains("in use by process \(getpid())") == true)
        #expect(try SessionRecord.read(running.folder.sessionJSONURL).resumedAt.isEmpty, "nothing written")
    }

    @Test func twoResumesOfOneSessionCannotBothWrite() throws {
        let logs = try TemporaryFolder()
        let folder = try start(logs.url).folder  // the first run ended: its lock is released
        let point = try ResumePoint.load(folder)
        let first = try SessionRecorder.resume(point)
        #expect(throws: StudyFileError.sessionInUse(path: folder.url.path, pid: getpid())) {
            try SessionRecorder.resume(point)
        }
        for key in first.remainingKeys {
            try first.record(Fixtures.trial(first.resolvedProtocol.rounds[key.round - 1], targetIndex: key.targetIndex))
        }
        #expect(try TrialRow.readAll(from: folder.trialsURL).count == 3)
    }

    @Test func aSessionCompletedWhileWaitingIsNotResumedAgain() throws {
        let logs = try TemporaryFolder()
        let recorder = try start(logs.url)
        let point = try #require(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P05")))
        for key in recorder.remainingKeys {
            try recorder.record(
                Fixtures.trial(recorder.resolvedProtocol.rounds[key.round - 1], targetIndex: key.targetIndex))
        }
        let folder = recorder.folder
        _ = consume recorder
        #expect(throws: StudyFileError.alreadyCompleted(path: folder.url.path)) { try SessionRecorder.resume(point) }
    }
}
