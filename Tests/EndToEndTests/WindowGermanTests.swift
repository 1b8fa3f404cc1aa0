// A German patient at the window (issue 41): a whole first training session and the diary at 1280 × 720, every
// screen in German, fitting the window; UPDATE_SCREENSHOTS=1 writes the README's German screenshots.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowGermanTests {
        /// The README's German screenshots (docs/screenshots/de-NAME.png), each with a text its screen must say.
        static let shots: [(name: String, says: String)] = [
            ("check", "Kopfhörer-Prüfung"), ("ratings", "Haben Sie gerade den Tinnitus bewusst wahrgenommen?"),
            ("practice", "Übung — ohne Wertung"), ("help", "Nicht gefunden? Das Tier (Frosch) ist irgendwo"),
            ("result", "Zeit: "), ("end", "Punkte in dieser Sitzung"), ("diary-add", "Ins Tagebuch schreiben"),
            ("diary", "Mein Tagebuch"),
        ]

        /// `train` in German (`--language de`, the catalogs `make build` compiles): the headphone check, the
        /// questionnaire before, the practice, a search long enough for help, a skipped animal, a photo, the
        /// questionnaire after and the end screen; then `play`'s menu, the diary and an event written into it.
        @Test func aFirstTrainingSessionAndTheDiaryAreGermanAndFitTheWindow() async throws {
            let window = try WindowSession(name: "window-german")
            let catalogs = try LocalizedCommandTests.compiledCatalogs()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            let environment = ["SOUNDSAFARI_LOCALEDIR": catalogs.path]
            let plan = try WindowTrainTests.tinyPlan(in: window.logs, rounds: 2)
            var text = try String(contentsOf: plan, encoding: .utf8)
            text = text.replacingOccurrences(of: #""replay": true }"#, with: #""replay": true, "help_after_s": 5 }"#)
            try text.write(to: plan, atomically: true, encoding: .utf8)
            func skip(_ count: Int) -> [String] {
                Array(repeating: ["wait next", "key Down", "key Return"], count: count).flatMap { $0 }
            }
            let trained = try await window.run(
                [
                    "train", "--participant", "DE01", "--plan", plan.path, "--input", "keyboard", "--seed", "4",
                    "--language", "de",
                ],
                script: ["wait headphone-check", "shot readme-de-check", "key Left", "key Right"]
                    + ["wait ratings-before", "key Right", "sleep 300", "shot readme-de-ratings", "key Down"]
                    + ["key Return"] + skip(5)
                    + ["wait practice", "shot readme-de-practice", "key Return", "wait running", "see Nicht gefunden?"]
                    + ["shot readme-de-help", "key K", "wait round-result", "shot skipped", "key Return"]
                    + ["wait running", "hold Right 300", "key Space", "wait round-result", "shot readme-de-result"]
                    + ["key Return", "wait ratings-after"] + skip(7) + ["wait summary", "shot readme-de-end"]
                    + ["key Escape"],
                windowSize: "1280x720", environment: environment)
            #expect(trained.status == 0, "stderr: \(trained.stderr)")
            #expect(trained.stdout.contains("Punkte in dieser Sitzung"), "\(trained.stdout)")

            // The diary from the menu the patient now reads in German (display.json remembers the language):
            // "Mein Tagebuch" is three rows below Start (focused); an event with its name typed, saved.
            let diary = try await window.run(
                ["play", "--participant", "DE01", "--input", "keyboard"],
                script: [
                    "wait menu", "shot menu", "key Down", "key Down", "key Down", "key Return", "wait diary",
                    "key Return", "wait next", "key Down", "key Down",
                ]
                    + ["text Konzert", "shot readme-de-diary-add", "key Down", "key Down", "key Down", "key Return"]
                    + ["wait next", "shot readme-de-diary", "key Escape", "wait menu", "key Escape"],
                windowSize: "1280x720", environment: environment)
            #expect(diary.status == 0, "stderr: \(diary.stderr)")

            let screens = window.screenshotNames()
            for shot in Self.shots {
                let said = try window.screenText("readme-de-" + shot.name)
                #expect(said.contains(shot.says), "readme-de-\(shot.name) on \(screens): \(said)")
            }
            #expect(try window.screenText("menu").contains("Trainieren (mein Plan)"))
            #expect(try window.screenText("readme-de-diary").contains("· Konzert (Arzttermin)"))
            // Nothing English left on the way (the participant ID, units and language names are no language).
            let english = ["Round", "Photo", "Enter or", "Back to", "Question", "Skip", "Next", "Session", "the "]
            for (name, said) in window.allScreenTexts() {
                for word in english { #expect(!said.contains(word), "\(name) says “\(word)”: \(said)") }
            }
            let problems = try PseudoScreens.problems(in: window.screenshots, marked: false)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")

            guard ProcessInfo.processInfo.environment["UPDATE_SCREENSHOTS"] == "1" else { return }
            let folder = SoundSafariBinary.packageRoot.appendingPathComponent("docs/screenshots")
            for shot in Self.shots {
                try WindowReadmeScreenshotTests.shrink(
                    try window.screenshotURL("readme-de-" + shot.name),
                    to: folder.appendingPathComponent("de-" + shot.name + ".png"), scratch: window.logs)
            }
        }

        /// display.json's `language`.
        static func language(in display: URL) throws -> String? {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: display)) as? [String: Any]
            return json?["language"] as? String
        }

        /// The main menu's last row, Sprache / Language (Up from the participant's ID wraps to it): → makes the
        /// menu German at once and remembers it in display.json; the next window opens in German without a flag,
        /// and ← back to English is remembered too.
        @Test func theLanguageRowSwitchesTheMenuAtOnceAndIsRemembered() async throws {
            let window = try WindowSession(name: "window-language-row")
            let catalogs = try LocalizedCommandTests.compiledCatalogs()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            let environment = ["SOUNDSAFARI_LOCALEDIR": catalogs.path]
            let display = window.logs.appendingPathComponent("LR01/display.json")
            let switched = try await window.run(
                ["play", "--input", "keyboard"],
                script: [
                    "wait menu", "text LR01", "shot english", "key Up", "key Right", "see Trainieren (mein Plan)",
                    "shot german", "key Escape",
                ], windowSize: "1280x720", environment: environment)
            #expect(switched.status == 0, "stderr: \(switched.stderr)")
            #expect(try window.screenText("english").contains("Train (my plan)"))
            let german = try window.screenText("german")
            #expect(german.contains("Trainieren (mein Plan)") && german.contains("Sprache / Language"), "\(german)")
            #expect(german.contains("Deutsch"))
            #expect(try Self.language(in: display) == "de")
            let again = try await window.run(
                ["play", "--participant", "LR01", "--input", "keyboard"],
                script: [
                    // From Start down past For my doctor, My messages, Quit and About to the last row.
                    "wait menu", "shot remembered", "key Down", "key Down", "key Down", "key Down", "key Down",
                    "key Down", "key Down",
                    "key Down", "key Down", "key Down", "key Left", "see Train (my plan)", "key Escape",
                ],
                windowSize: "1280x720", environment: environment)
            #expect(again.status == 0, "stderr: \(again.stderr)")
            #expect(try window.screenText("remembered").contains("Trainieren (mein Plan)"))
            #expect(try Self.language(in: display) == "en")
        }
    }
}
