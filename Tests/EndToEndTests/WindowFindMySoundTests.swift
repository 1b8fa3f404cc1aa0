// The main menu's "Find my sound": the whole choice of an HRTF set by keyboard at 1280 × 720.
import Foundation
import GameCore
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowFindMySoundTests {
        /// The answers the script gives, comparison by comparison: A, B, no difference, in turn; the first pair is
        /// heard again once before its answer.
        static func answer(_ comparison: Int) -> TournamentAnswer {
            [TournamentAnswer.a, .b, .noDifference][(comparison - 1) % 3]
        }

        @Test func theWholeChoiceByKeyboardBecomesTheProfilesSet() throws {
            let window = try WindowSession(name: "window-find-my-sound")
            let seed: UInt64 = 5
            // What the tournament must do with these answers: six candidates (five shipped sets and OpenAL Soft's
            // default), paired by the same seed.
            var expected = try HRTFTournament(candidateCount: 6, seed: seed)
            while expected.current != nil { expected.answer(Self.answer(expected.outcomes.count + 1)) }
            let count = expected.outcomes.count
            let names = ["ari-nh2", "ari-nh898", "fhk-ku100", "ircam-listen-1002", "mit-kemar-large", "default-48000"]
            let winner = try #require(expected.winner.map { names[$0] })

            var script =
                ["wait menu", "text FS01"] + Array(repeating: "key Down", count: 11)
                + [
                    "key Return", "wait find-my-sound", "see Sound A", "shot playing-a", "see Sound B",
                    "shot playing-b",
                ]
            for comparison in 1...count {
                script.append("see Which one sounded")
                if comparison == 1 {
                    script += [
                        "shot question", "key Down", "key Down", "key Down", "key Return", "wait next",
                        "see Which one sounded",
                    ]
                }
                let downs = ["a": 0, "b": 1, "no_difference": 2][Self.answer(comparison).rawValue] ?? 0
                script += Array(repeating: "key Down", count: downs) + ["key Return", "wait next"]
            }
            script += ["see Your sound is", "shot done", "key Return", "wait menu", "key Escape"]
            let output = try window.run(
                ["play", "--input", "keyboard", "--seed", "\(seed)"], script: script, timeout: 420,
                windowSize: "1280x720",
                environment: ["XDG_DATA_HOME": window.logs.appendingPathComponent("data").path])
            #expect(output.status == 0, "stderr: \(output.stderr)")

            let csv = window.logs.appendingPathComponent("FS01/hrtf-choice.csv")
            let rows = try CSVLogFile<HRTFChoiceRow>.decode(try Data(contentsOf: csv), file: csv.path).records
            let comparisons = rows.filter { $0.answer != .winner }
            #expect(comparisons.count == count)
            #expect(comparisons.first?.hearAgain == 1)
            #expect(comparisons.dropFirst().allSatisfy { $0.hearAgain == 0 })
            for row in comparisons {
                #expect(row.answer.rawValue == Self.answer(row.comparison).rawValue)
                #expect(row.responder == "patient")
                #expect((row.answerSeconds ?? -1) >= 0)
            }
            #expect(rows.last?.answer == .winner && rows.last?.set1 == winner)
            let profile = window.logs.appendingPathComponent("FS01/profile.json")
            let versions = try HearingProfile.decodeAll(try Data(contentsOf: profile), path: profile.path)
            #expect(versions.last?.source == "choice")
            #expect(versions.last?.hrtf?.name == winner)
            let done = try window.screenText("done")
            #expect(done.contains("Your sound is \(winner)"), "\(done)")
        }
    }
}
