// The launcher's window begins with the participants of this machine as buttons: a patient picks their name.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowNamePickerTests {
        /// Three participants on the machine; the name is picked with the keys, with the gamepad alone and with a click,
        /// and the main menu then holds it, focused on "Train (my plan)" (NP02's large text, remembered in their
        /// display.json, scrolls the menu: the ID shows once the focus is back up on it).
        @Test func theLaunchersWindowLetsThePatientPickTheirNameByKeysGamepadOrClick() async throws {
            let window = try WindowSession(name: "window-name-picker")
            for participant in ["NP01", "NP02", "NP03"] {
                let simulated = try SoundSafariBinary.run([
                    "simulate", "--participant", participant, "--rounds", "1", "--bot", "ideal",
                    "--logs", window.logs.path,
                ])
                #expect(simulated.status == 0, "\(simulated.stderr)")
            }
            try #"{"large_text": true, "high_contrast": false}"#.write(
                to: window.logs.appendingPathComponent("NP02/display.json"), atomically: true, encoding: .utf8)
            let arguments = ["play", "--pick-participant", "--input", "keyboard"]
            let keys = try await window.run(
                arguments,
                script: [
                    "wait pick-participant", "shot names", "key Down", "key Return", "wait menu", "shot menu-large",
                ] + Array(repeating: "key Up", count: 7) + ["shot keys", "key Escape"],
                windowSize: "1280x720")
            #expect(keys.status == 0, "stderr: \(keys.stderr)")
            let names = try window.screenText("names")
            for participant in ["NP01", "NP02", "NP03", "Someone else: type an ID"] {
                #expect(names.contains(participant + "\n"), "\(names)")
            }
            #expect(try window.screenText("keys").contains("NP02"))
            #expect(try window.screenText("menu-large").contains("Train (my plan)"))

            let pad = try await window.run(
                arguments,
                script: [
                    "wait pick-participant", "pad attach", "wait gamepad", "button DOWN", "button DOWN", "button A",
                    "wait menu", "shot pad", "key Escape",
                ], windowSize: "1280x720")
            #expect(pad.status == 0, "stderr: \(pad.stderr)")
            #expect(try window.screenText("pad").contains("NP03"))

            // The first name's row, as the 1280 × 720 picker draws it below the title and its subtitle, in large text:
            // NP02's display.json (large) is the newest on this machine, and the picker uses its settings (issue 38).
            let click = try await window.run(
                arguments,
                script: [
                    "wait pick-participant", "wait large-text", "click 640 210", "wait menu", "shot click",
                    "key Escape",
                ],
                windowSize: "1280x720")
            #expect(click.status == 0, "stderr: \(click.stderr)")
            #expect(try window.screenText("click").contains("NP01"))
        }
    }
}
