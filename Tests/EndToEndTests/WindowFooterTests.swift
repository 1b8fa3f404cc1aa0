// Every screen with one way on answers each input its footer names (issue 25: "continue" that did nothing).
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowFooterTests {
        static let resultFooter = "Enter, Space, click or gamepad A: continue"
        /// The continue button of a result screen at 1280×720 (centred, 98 px above the bottom).
        static let button = "click 640 622"

        /// Each round's result is left with another of the inputs its footer names, the end screen with Esc; then
        /// the menu's progress screen with each of its inputs in turn.
        @Test func resultEndAndProgressScreensAnswerEveryInputTheirFootersName() async throws {
            let window = try WindowSession(name: "window-footer")
            let plan = try WindowTrainingDefectTests.plan(in: window.logs, rounds: 4)
            var script = [
                "wait headphone-check", "key Left", "key Right", "pad attach", "wait gamepad", "wait practice",
                "shot practice", "button A",
            ]
            for (index, input) in ["key Return", "key Space", Self.button, "button A"].enumerated() {
                script += [
                    "wait running", "key Space", "wait round-result", "shot result-\(index + 1)", input,
                ]
            }
            script += ["wait summary", "shot end", "key Escape"]
            let trained = try await window.run(
                ["train", "--participant", "FT01", "--plan", plan.path, "--input", "keyboard", "--seed", "2"],
                script: script, timeout: 120, windowSize: "1280x720")
            #expect(trained.status == 0, "stderr: \(trained.stderr)")
            for index in 1...4 {
                #expect(try window.screenText("result-\(index)").hasSuffix(Self.resultFooter + "\n"))
            }
            #expect(
                try window.screenText("practice").hasSuffix("Enter, Space, click or gamepad A: start the training\n"))
            #expect(try window.screenText("end").hasSuffix("Enter, Space, click, gamepad A or Esc: close\n"))

            // The menu's "My progress" (8 rows below the participant's ID), left with each named input.
            let openProgress =
                ["key Down", "key Down", "key Down", "key Down", "key Down", "key Down", "key Down"]
                + ["key Down", "key Return", "wait progress"]
            var menu = ["wait menu", "text FT01", "pad attach", "wait gamepad"] + openProgress + ["shot progress"]
            for input in ["key Return", "key Space", Self.button, "button A", "key Escape"] {
                menu += [input, "wait menu", "key Return", "wait progress"]
            }
            menu += ["key Escape", "wait menu", "key Escape"]
            let progress = try await window.run(
                ["play", "--input", "keyboard"], script: menu, timeout: 120, windowSize: "1280x720")
            #expect(progress.status == 0, "stderr: \(progress.stderr)")
            #expect(
                try window.screenText("progress").hasSuffix("Enter, Space, click, gamepad A or Esc: back to the menu\n")
            )
        }
    }
}
