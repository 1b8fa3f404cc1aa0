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

        @Test func theWholeChoiceByKeyboardBecomesTheProfilesSet() async throws {
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
            // "Did it help?", focused on the done screen: the check, a session like any other (headphone check,
            // then 12 one-animal rounds, each photographed at once by Space), and its summary in words.
            script += [
                "see Your sound is", "see Did it help?", "shot done", "key Return", "wait headphone-check", "key Left",
                "key Right",
            ]
            for round in 1...12 {
                script +=
                    ["wait running"] + (round == 1 ? ["shot check-round"] : []) + [
                        "key Space", "wait round-result", "key Return",
                    ]
            }
            script += ["wait summary", "see With your sound", "shot check-result", "key Return"]
            let output = try await window.run(
                ["play", "--input", "keyboard", "--seed", "\(seed)"], script: script, timeout: 600,
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

            // The check: the seed is odd, so the standard set's block comes first (BAAB); each row names its set.
            let sessions = try window.sessionFolders(participant: "FS01")
            #expect(sessions.count == 1)
            let session = try #require(sessions.first)
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
            let trials = try CSVLogFile<TrialRow>.decode(
                try Data(contentsOf: session.appendingPathComponent("trials.csv")), file: "trials.csv"
            ).records
            #expect(
                trials.map(\.condition)
                    == ["standard", "your-sound", "your-sound", "standard"].flatMap { Array(repeating: $0, count: 3) })
            #expect(trials.allSatisfy { $0.hrtf == ($0.condition == "your-sound" ? winner : "default-48000") })
            #expect(
                trials.filter { $0.condition == "your-sound" }.allSatisfy { $0.hrtfSHA256 == rows.last?.set1SHA256 })
            let result = try window.screenText("check-result")
            #expect(result.contains("With your sound you were off by"), "\(result)")
        }
    }
}
