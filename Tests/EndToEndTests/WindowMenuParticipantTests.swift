// The main menu's three buttons that act for a participant (Start, Train, For my doctor) refuse an ID that is no
// pseudonym with the same sentence, put the cursor back into the ID, and write nothing.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowMenuParticipantTests {
        @Test func startTrainAndForMyDoctorRefuseAnIDThatIsNoPseudonym() async throws {
            let window = try WindowSession(name: "window-menu-participant")
            let home = window.logs.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let erase = Array(repeating: "key Backspace", count: 12)
            // Each refusal must leave the cursor in the ID row: the next button is then reached from the top again.
            let script =
                ["wait menu", "text -P01"] + Array(repeating: "key Down", count: 6)
                + ["key Return", "see must start with a letter", "shot start"]
                + erase + ["text a/b"] + Array(repeating: "key Down", count: 7)
                + ["key Return", "see path separator", "shot train"]
                + erase + ["text max@example.org"] + Array(repeating: "key Down", count: 12)
                + ["key Return", "see e-mail address", "shot doctor", "key Escape"]
            let output = try await window.run(
                ["play", "--input", "keyboard"], script: script, timeout: 180, windowSize: "1280x720",
                environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            for (shot, problem) in [
                ("start", "must start with a letter or digit"), ("train", "path separator"),
                ("doctor", "e-mail address"),
            ] {
                let text = try window.screenText(shot)
                #expect(text.contains(problem), "\(shot): \(text)")
                #expect(text.contains("Type a pseudonym such as P01 (no names)"), "\(shot): \(text)")
            }
            // Nothing started and nothing written for the doctor.
            let folders = try FileManager.default.contentsOfDirectory(
                at: window.logs, includingPropertiesForKeys: [.isDirectoryKey]
            ).filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            #expect(folders.map(\.lastPathComponent) == ["home"], "\(folders)")
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("Documents").path))
        }
    }
}
