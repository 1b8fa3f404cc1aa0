// The album (main menu "My album"): the best photo of each training session, also of one killed and resumed.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowAlbumTests {
        /// Session 1 is killed (SIGKILL) after two photos and resumed, session 2 played; the album shows the closest
        /// hit of each session with a hit, newest first, as trials.csv holds them.
        @Test func theAlbumShowsTheBestPhotoOfEachSessionAlsoOfOneKilledAndResumed() throws {
            let window = try WindowSession(name: "window-album")
            let plan = try WindowTrainingDefectTests.plan(in: window.logs, rounds: 5)
            let arguments = [
                "simulate", "--plan", plan.path, "--bot", "learner", "--participant", "AL01", "--seed", "3",
                "--logs", window.logs.path,
            ]
            // Killed (SIGKILL, as a power cut) once two photos of session 1 are on disk; session 1 then goes on where
            // it was killed, and session 2 is played.
            try SimulateRun.killAfterPhotos(
                2, arguments: arguments, participant: "AL01", logs: window.logs, thenSessions: 2)

            // What the album must show: each session's closest hit, read here from the rows on disk.
            let folders = try window.sessionFolders(participant: "AL01")
            #expect(folders.count == 2, "the killed session was continued, not started again")
            var expected: [String] = []
            for (index, folder) in folders.enumerated() {
                let photos = try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv"))
                #expect(photos.count == 5)
                guard
                    let best = photos.filter({ $0.training?.hit == true && !$0.skipped })
                        .min(by: { $0.absDeviationDeg < $1.absDeviationDeg })
                else { continue }
                expected.append(String(format: "Session %d: the frog, %.0f° off", index + 1, best.absDeviationDeg))
            }
            #expect(!expected.isEmpty, "the learner bot hit at least once")

            let script =
                ["wait menu", "text AL01"] + Array(repeating: "key Down", count: 10)
                + ["key Return", "wait album", "shot album", "key Return", "wait menu", "key Escape"]
            let output = try window.run(["play", "--input", "keyboard"], script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let text = try window.screenText("album")
            let shown = text.split(separator: "\n").filter { $0.hasPrefix("Session ") }.map(String.init)
            #expect(shown == expected.reversed(), "\(text)")
            #expect(text.contains("the best of each session with a hit"))
        }
    }
}
