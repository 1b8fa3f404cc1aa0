// Large text at 1280 × 720 (issue 38): every button's label stays inside the button, in English and in German.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowLargeTextButtonsTests {
        /// A first training session in large text: the headphone check answered "both" once (its "Continue anyway")
        /// and passed, the questionnaire's Next and Skip, the practice, two rounds' results and the end screen's
        /// menu. Every text centred in a recorded button lies inside it (`PseudoScreens.problems`).
        @Test(arguments: ["en", "de"]) func everyButtonLabelStaysInsideItsButtonInLargeText(language: String)
            async throws
        {
            let window = try WindowSession(name: "window-large-buttons-\(language)")
            let catalogs = try LocalizedCommandTests.compiledCatalogs()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            let participant = window.logs.appendingPathComponent("LB01")
            try FileManager.default.createDirectory(at: participant, withIntermediateDirectories: true)
            try #"{"large_text": true, "high_contrast": false}"#.write(
                to: participant.appendingPathComponent("display.json"), atomically: true, encoding: .utf8)
            let plan = try WindowTrainTests.tinyPlan(in: window.logs, rounds: 2)
            func skip(_ count: Int) -> [String] {
                Array(repeating: ["wait next", "key Down", "key Return"], count: count).flatMap { $0 }
            }
            let round = ["wait running", "hold Right 300", "key Space", "wait round-result"]
            let trained = try await window.run(
                [
                    "train", "--participant", "LB01", "--plan", plan.path, "--input", "keyboard", "--seed", "4",
                    "--language", language,
                ],
                script: [
                    "wait headphone-check", "shot check", "key B", "key B", "sleep 300", "shot check-failed",
                ]
                    + ["key Left", "key Right", "wait ratings-before", "key Right", "sleep 300", "shot ratings"]
                    + ["key Down", "key Return"] + skip(5) + ["wait practice", "shot practice", "key Return"]
                    + round + ["shot result", "key Return"] + round + ["key Return", "wait ratings-after"]
                    + skip(7) + ["wait summary", "shot end", "key Escape"],
                windowSize: "1280x720", environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path])
            #expect(trained.status == 0, "stderr: \(trained.stderr)")
            let problems = try PseudoScreens.problems(in: window.screenshots, marked: false)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
            // The check's four answers and "Continue anyway", Next and Skip, the result's and the end's buttons.
            for (shot, least) in [("check-failed", 5), ("ratings", 2), ("result", 1), ("end", 1)] {
                let url = try window.screenshotURL(shot).deletingPathExtension().appendingPathExtension("boxes.tsv")
                let buttons = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                    .filter { $0.hasPrefix("button\t") }
                #expect(buttons.count >= least, "\(shot): \(buttons.count) buttons recorded")
            }
        }
    }
}
