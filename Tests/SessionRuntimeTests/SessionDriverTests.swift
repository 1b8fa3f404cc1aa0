// The session driver without a window: a bot's session writes rows through StudyKit and pictures through the writer it is given.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import Testing

@testable import SessionRuntime

/// Records which pictures the driver asked for instead of drawing them (drawing is GameUI's job).
private final class RecordingPictures: ResultPictureWriter {
    var written: [(round: Int, targetIndex: Int?, url: URL)] = []

    func write(_ result: RoundResult, to url: URL) throws {
        written.append((result.round, result.latestPhoto?.targetIndex, url))
        try Data("picture".utf8).write(to: url)
    }
}

@Suite("Session driver (SessionRuntime)")
struct SessionDriverTests {
    @Test("an ideal bot's two-target session asks the writer for one picture per photo, after its row is logged")
    func picturesFollowRows() throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        let pictures = RecordingPictures()
        let request = SessionRequest(
            source: .mode(.twoTargets, rounds: 2), participant: "RT01", logs: logs, seed: 7, input: .bot("ideal"))
        let outcome = try Simulation(request: request, bot: .ideal, pictures: pictures).run()

        #expect(outcome.completed)
        #expect(outcome.trials.count == 4)
        #expect(pictures.written.map(\.round) == [1, 1, 2, 2])
        #expect(pictures.written.map(\.targetIndex) == [1, 2, 1, 2])
        #expect(
            pictures.written.map(\.url.lastPathComponent) == [
                "round-01-target-1.png", "round-01-target-2.png", "round-02-target-1.png", "round-02-target-2.png",
            ])
        let rows = try TrialRow.readAll(from: outcome.folder.appendingPathComponent("trials.csv"))
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.absDeviationDeg == 0 })
    }

    @Test("a resume with nothing to resume fails before any file is written")
    func nothingToResume() throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        let request = SessionRequest(
            source: .mode(.oneTarget, rounds: 1), participant: "RT02", logs: logs, resume: true, input: .bot("ideal"))
        #expect(throws: NothingToResumeError.self) {
            try Simulation(request: request, bot: .ideal, pictures: RecordingPictures()).run()
        }
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("RT02").path))
    }
}
