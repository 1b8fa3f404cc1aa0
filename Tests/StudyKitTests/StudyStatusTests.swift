// `status` read from a logs folder: sessions, unfinished ones with their photos, a running session, a damaged file.
import Foundation
import StudyRecords
import Testing

@testable import StudyKit

@Suite struct StudyStatusTests {
    static let sample = Fixtures.examplesFolder.appendingPathComponent("sample-session")
    static let sampleSession = "20261126T014050Z-18a8"

    /// The sample session's logs, plus P07's second session: stopped by the player after 3 photos.
    static func logs(in folder: borrowing TemporaryFolder) throws -> URL {
        let logs = folder.url.appendingPathComponent("logs")
        try FileManager.default.copyItem(at: sample, to: logs)
        let first = logs.appendingPathComponent("P07/\(sampleSession)")
        let second = logs.appendingPathComponent("P07/20261126T020000Z-0001")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: false)
        var record = try SessionRecord.read(first.appendingPathComponent("session.json"))
        record.sessionID = "20261126T020000Z-0001"
        record.sessionIndex = 2
        record.startedAt = record.startedAt.addingTimeInterval(1200)
        record.endedAt = record.startedAt.addingTimeInterval(60)
        record.completed = false
        record.endedBy = .player
        try record.write(to: second.appendingPathComponent("session.json"))
        let lines = try String(contentsOf: first.appendingPathComponent("trials.csv"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        try (lines.prefix(4).joined(separator: "\n") + "\n").write(
            to: second.appendingPathComponent("trials.csv"), atomically: true, encoding: .utf8)
        return logs
    }

    @Test func anInterruptedSessionIsCountedWithItsPhotosAndTheCommandThatContinuesIt() throws {
        let folder = try TemporaryFolder()
        let logs = try Self.logs(in: folder)
        let status = try StudyStatus.read(logs: logs, logsArgument: "logs", today: Date())
        #expect(status.problems.isEmpty)
        let p07 = try #require(status.participants.first)
        #expect(status.participants.map(\.participant) == ["P07"])
        #expect(p07.programme == "protocol thesis-study")
        #expect(p07.done == 1)
        #expect(p07.interrupted.count == 1)
        #expect(p07.interrupted.first?.photos == 3)
        #expect(p07.interrupted.first?.resumeCommand == "soundsafari simulate --participant P07 --logs logs --resume")
    }

    @Test func aSessionWhoseLockIsHeldIsBeingPlayedNotInterrupted() throws {
        let folder = try TemporaryFolder()
        let logs = try Self.logs(in: folder)
        do {
            let lock = try SessionLock.acquire(logs.appendingPathComponent("P07/20261126T020000Z-0001"))
            let status = try StudyStatus.read(logs: logs, logsArgument: "logs", today: Date())
            #expect(status.participants.first?.interrupted.isEmpty == true)
            #expect(status.participants.first?.running.count == 1)
            withExtendedLifetime(lock) {}
        }
        let after = try StudyStatus.read(logs: logs, logsArgument: "logs", today: Date())
        #expect(after.participants.first?.interrupted.count == 1, "the lock is released once its holder is gone")
    }

    @Test func aDamagedSessionFileIsNamedAndTheRestIsStillCounted() throws {
        let folder = try TemporaryFolder()
        let logs = try Self.logs(in: folder)
        let broken = logs.appendingPathComponent("P07/20261126T030000Z-0002")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: false)
        try Data("{\"schema_version\": 1,".utf8).write(to: broken.appendingPathComponent("session.json"))
        let status = try StudyStatus.read(logs: logs, logsArgument: "logs", today: Date())
        #expect(status.problems.count == 1)
        #expect(status.problems.first?.contains(broken.appendingPathComponent("session.json").path) == true)
        #expect(status.participants.first?.done == 1)
    }

    @Test func aMissingLogsFolderIsOneSentence() throws {
        let folder = try TemporaryFolder()
        #expect(throws: StudyFileError.noLogsFolder(path: folder.url.path + "/nothing")) {
            _ = try StudyStatus.read(
                logs: folder.url.appendingPathComponent("nothing"), logsArgument: "nothing", today: Date())
        }
    }
}
