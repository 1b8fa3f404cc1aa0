// The logs on a real disk: owner-only permissions, an empty log resumes, full disks and bad folders in one sentence.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LogFilesOnDiskTests {
    let study = StudyProtocol(
        name: "disk", order: .fixed, blocked: false,
        conditions: [.init(name: "one-target", level: .oneTarget, repetitions: 2)])

    func start(_ logs: URL) throws -> SessionRecorder {
        try SessionRecorder.start(
            logs: logs, participant: ParticipantID("P09"),
            resolvedProtocol: study.resolve(participantNumber: 9, sessionSeed: 5),
            environment: Fixtures.environment, startedAt: Fixtures.start)
    }

    func mode(_ url: URL) -> mode_t {
        var status = stat()
        return stat(url.path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    @Test func healthDataIsOwnerOnlyWhateverTheUmask() throws {
        let logs = try TemporaryFolder()
        let previous = umask(0o022)
        defer { umask(previous) }
        let inner = logs.url.appendingPathComponent("StudyLogs")
        try ParticipantRegistry(logs: inner).register(ParticipantRecord(participant: ParticipantID("P09")))
        let recorder = try start(inner)
        try recorder.record(Fixtures.trial(recorder.resolvedProtocol.rounds[0], targetIndex: 1))
        try SessionFileWriter.writeNew([1, 2, 3], to: recorder.folder.url.appendingPathComponent("round-01.png"))
        #expect(mode(inner) == 0o700)
        #expect(mode(inner.appendingPathComponent("participants.csv")) == 0o600)
        #expect(mode(recorder.folder.url.deletingLastPathComponent()) == 0o700)
        #expect(mode(recorder.folder.url) == 0o700)
        for name in ["session.json", "trials.csv", "session.lock", "round-01.png"] {
            #expect(mode(recorder.folder.url.appendingPathComponent(name)) == 0o600, "\(name)")
        }
    }

    @Test func anEmptyTrialsFileIsALogWithNoRowsAndResumes() throws {
        let logs = try TemporaryFolder()
        let folder = try start(logs.url).folder
        #expect(truncate(folder.trialsURL.path, 0) == 0)
        let point = try #require(try ResumePoint.latestIncomplete(logs: logs.url, participant: ParticipantID("P09")))
        #expect(point.rows.isEmpty)
        let resumed = try SessionRecorder.resume(point)
        for key in resumed.remainingKeys {
            try resumed.record(
                Fixtures.trial(resumed.resolvedProtocol.rounds[key.round - 1], targetIndex: key.targetIndex))
        }
        #expect(try TrialRow.readAll(from: folder.trialsURL).count == 2)
        #expect(try SessionRecord.read(folder.sessionJSONURL).completed)
    }

    @Test func aFullDiskIsSaidInOneSentence() throws {
        // /dev/full fails every write with ENOSPC, as a full disk does.
        let file = try AppendOnlyFile.openExisting(URL(fileURLWithPath: "/dev/full"))
        let error = #expect(throws: StudyFileError.self) { try file.append("a row\n") }
        #expect(error?.description.contains("/dev/full: the disk is full") == true, "\(String(describing: error))")
    }

    @Test func aLogsFolderThatIsAFileIsSaidInOneSentence() throws {
        let logs = try TemporaryFolder()
        try Data("not a folder".utf8).write(to: logs.file("StudyLogs"))
        let error = #expect(throws: StudyFileError.self) { try start(logs.file("StudyLogs")) }
        let message = error?.description ?? ""
        #expect(message.contains("is a file, not a folder"), "\(message)")
        #expect(!message.contains("NSCocoaErrorDomain"), "\(message)")
    }

    @Test(arguments: [
        (EROFS, "read-only"), (ENOSPC, "the disk is full"), (EACCES, "no permission"), (ENOTDIR, "not a folder"),
    ])
    func eachLogsFolderProblemHasItsOwnSentence(code: Int32, wording: String) {
        let message = StudyFileError.system(path: "/logs/P01", action: "create the folder", errno: code).description
        #expect(message.contains(wording), "\(message)")
        #expect(message.hasSuffix("."))
    }
}
