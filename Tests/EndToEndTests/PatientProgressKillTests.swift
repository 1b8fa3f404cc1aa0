// Points, sessions kept on time and the album are read from the logs: a killed and resumed plan session loses none.
import Foundation
import StudyKit
import StudyRecords
import Testing

@Suite struct PatientProgressKillTests {
    @Test func pointsStreakAndAlbumCountEveryPhotoOfASessionKilledAndResumed() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("progress-kill")
        defer { try? FileManager.default.removeItem(at: logs) }
        let plan = try WindowTests.WindowTrainingDefectTests.plan(in: logs, rounds: 5)
        let arguments = [
            "simulate", "--plan", plan.path, "--bot", "learner", "--participant", "PK01", "--seed", "3",
            "--logs", logs.path,
        ]
        // Killed (SIGKILL, as a power cut) once two photos of session 1 are on disk; session 1 then goes on where
        // it was killed, and session 2 is played.
        let resumed = try SimulateRun.killAfterPhotos(
            2, arguments: arguments, participant: "PK01", logs: logs, thenSessions: 2)
        let folders = try FileManager.default.contentsOfDirectory(
            at: logs.appendingPathComponent("PK01"), includingPropertiesForKeys: nil
        ).filter(\.hasDirectoryPath).sorted { $0.lastPathComponent < $1.lastPathComponent }
        #expect(folders.count == 2, "the killed session was continued, not started again")
        var total = 0
        var sessionsWithAHit = 0
        for folder in folders {
            let lines = try String(contentsOf: folder.appendingPathComponent("trials.csv"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
            let hits = try WindowTests.WindowTrainingDefectTests.hits(Array(lines.dropFirst()), header: lines[0])
            #expect(hits.count == 5)
            total += WindowTests.WindowTrainingDefectTests.points(hits: hits)
            if hits.contains(true) { sessionsWithAHit += 1 }
        }
        let reports = resumed.stdout.split(separator: "\n").filter { $0.hasPrefix("Points: ") }
        #expect(reports.count == 2, "\(resumed.stdout)")
        // Session 1 was started on its day; session 2 (played at once, calendar ignored) two days early.
        #expect(reports.first?.contains("1 session in a row on time") == true, "\(reports)")
        #expect(
            reports.last?.contains(
                "\(total) in all; 0 sessions in a row on time (this one early: simulate ignores the plan's calendar); "
                    + "album: \(sessionsWithAHit) photo\(sessionsWithAHit == 1 ? "" : "s")") == true, "\(reports)")
    }
}
