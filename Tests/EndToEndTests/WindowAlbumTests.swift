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
            let process = Process()
            process.executableURL = SoundSafariBinary.url()
            process.arguments = arguments + ["--sessions", "1", "--realtime"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            var rows = 0
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, rows < 2, process.isRunning {
                Thread.sleep(forTimeInterval: 0.05)
                if let folder = try? SimulateRun.sessionFolder(in: window.logs, participant: "AL01") {
                    rows = (try? TrialRow.readAll(from: folder.appendingPathComponent("trials.csv")).count) ?? 0
                }
            }
            #expect(process.isRunning, "the session should still be running when killed")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let resumed = try SoundSafariBinary.run(arguments + ["--sessions", "2"])
            #expect(resumed.status == 0, "\(resumed.stderr)")

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
