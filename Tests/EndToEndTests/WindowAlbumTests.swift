// The album (main menu "My album"): the best photo of each training session, also of one killed and resumed.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowAlbumTests {
        /// Session 1 is killed (SIGKILL) after two photos and resumed, session 2 played; the album shows the closest
        /// hit of each session with a hit, newest first, as trials.csv holds them.
        @Test func theAlbumShowsTheBestPhotoOfEachSessionAlsoOfOneKilledAndResumed() async throws {
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
            let output = try await window.run(["play", "--input", "keyboard"], script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let text = try window.screenText("album")
            let shown = text.split(separator: "\n").filter { $0.hasPrefix("Session ") }.map(String.init)
            #expect(shown == expected.reversed(), "\(text)")
            #expect(text.contains("the best of each session with a hit"))
        }
    }
}

extension WindowTests.WindowAlbumTests {
    /// The end of a training session offers "My album" (M, gamepad X and a click on its button, each tried), and the
    /// album goes back to the end screen, which still closes with Enter as its footer says. Session 1 is played by the learner bot and
    /// killed before its last round; the window continues it, so its album holds the bot's hits.
    @Test func theEndOfATrainingSessionOpensTheAlbumAndComesBackToItself() async throws {
        let window = try WindowSession(name: "window-album-end")
        let plan = try WindowTests.WindowTrainingDefectTests.plan(in: window.logs, rounds: 5)
        // Polled on a thread of its own: on Swift's two cooperative threads of a busy run the poll came late and
        // the bot had already played its fifth round.
        let rows = try await WindowSession.offPool { () throws -> [TrialRow] in
            let simulate = Process()
            simulate.executableURL = SoundSafariBinary.url()
            simulate.arguments = [
                "simulate", "--plan", plan.path, "--bot", "learner", "--participant", "AE01", "--seed", "3",
                "--logs", window.logs.path, "--sessions", "1", "--realtime",
            ]
            simulate.standardOutput = FileHandle.nullDevice
            simulate.standardError = FileHandle.nullDevice
            try simulate.run()
            var rows: [TrialRow] = []
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, rows.count < 4, simulate.isRunning {
                Thread.sleep(forTimeInterval: 0.05)
                if let folder = try? window.sessionFolders(participant: "AE01").first {
                    rows = (try? TrialRow.readAll(from: folder.appendingPathComponent("trials.csv"))) ?? []
                }
            }
            kill(simulate.processIdentifier, SIGKILL)
            simulate.waitUntilExit()
            return rows
        }
        try #require(rows.count == 4, "the bot's session was killed before its last round")
        try #require(rows.contains { $0.training?.hit == true && !$0.skipped }, "the learner bot hit at least once")

        let round = WindowTests.WindowTrainingDefectTests.round
        let script =
            ["wait headphone-check", "key Left", "key Right"] + round
            + [
                "wait summary", "see My album", "shot end-with-album", "key M", "wait album", "shot album-from-end",
                "key Return", "wait summary", "click 1070 622", "wait album", "key Escape", "wait summary",
                "pad attach", "wait gamepad", "button X", "wait album", "button A", "wait summary", "shot end-again",
                "key Return",
            ]
        let output = try await window.run(
            ["train", "--participant", "AE01", "--plan", plan.path, "--input", "keyboard", "--seed", "3"],
            script: script, timeout: 90, windowSize: "1280x720")
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let end = try window.screenText("end-with-album")
        #expect(end.contains("M or gamepad X: my album · Enter, Space, click, gamepad A or Esc: close"), "\(end)")
        let album = try window.screenText("album-from-end")
        #expect(album.contains("Session 1: the frog"), "\(album)")
        #expect(album.contains("Back to today's session"))
        #expect(album.hasSuffix("Enter, Space, click, gamepad A or Esc: back\n"), "\(album)")
        #expect(try window.screenText("end-again").contains("Session complete"))
        let json = try window.sessionJSON(in: try #require(try window.sessionFolders(participant: "AE01").first))
        #expect(json["completed"] as? Bool == true)
    }
}
