// A gamepad alone drives the menus and a round; unplugging it mid-round pauses with a message and keeps the data.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowGamepadTests {
        @Test func aGamepadAloneStartsAndPlaysAndUnpluggingItPausesTheRoundWithAMessage() async throws {
            let window = try WindowSession(name: "window-gamepad")
            // A virtual controller (SDL's virtual joystick, seen as a game controller) is plugged in at the menu.
            let script = [
                "wait menu", "pad attach", "wait gamepad",
                "button UP", "button UP", "button LEFT",  // Input: mouse → gamepad
                "button DOWN", "button DOWN", "shot menu-gamepad", "button A",  // Start
                "wait headphone-check", "button LEFT", "button RIGHT",
                "wait running", "button A", "wait intermediate", "button A",
                "wait running", "pad detach", "wait paused",
                // The keyboard takes over after the message.
                "key Return", "wait running", "key Space", "wait round-result", "key Return",
                "wait summary", "key Return",
            ]
            let output = try await window.run(
                ["play", "--participant", "G01", "--mode", "two-targets", "--rounds", "1"],
                script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            guard let session = try window.sessionFolders(participant: "G01").first else {
                Issue.record("no session")
                return
            }
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 2)
            #expect(rows.first?.contains(",gamepad-stick,") == true, "a pad without gyro is logged as stick: \(rows)")
            #expect(
                rows.last?.contains(",keyboard,") == true,
                "the photo after the unplug was taken with the keyboard: \(rows)")
            #expect(window.screensShown().contains("paused"))
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
        }
    }
}
