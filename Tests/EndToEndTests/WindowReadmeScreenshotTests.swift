// The README's window screenshots are taken by the window itself: UPDATE_SCREENSHOTS=1 writes them into docs/.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowReadmeScreenshotTests {
        /// The README's names, each with a text its screen must say.
        static let shots: [(name: String, says: String)] = [
            ("menu", "Background sound"), ("headphone-check", "Continue anyway"), ("round", "find the frog"),
            ("result", "Round 1 complete"), ("questionnaire-manikins", "How is your mood?"),
        ]

        /// Plays what the README shows at 1280 × 720 — the menu with the background on, the headphone check after
        /// "can't hear it", a round turned right, a two-target round's result, and a prompt's SAM question — and
        /// checks each screen says what its caption promises. With `UPDATE_SCREENSHOTS=1` each is shrunk to 800 × 450
        /// (rsvg-convert) into `docs/screenshots/NAME.png`, where `ReadmeScreenshotTests` checks the README's links.
        @Test func theReadmesScreenshotsAreTheWindowsOwn() async throws {
            let window = try WindowSession(name: "window-readme")
            // As WindowPatientTests plays it: Start has the focus; up to "Background sound", on, back to Start.
            let patient = [
                "wait menu", "key Up", "key Up", "key Up", "key Up", "key Right", "shot readme-menu",
                "key Down", "key Down", "key Down", "key Down", "key Return",
                "wait headphone-check", "key Left", "key N", "shot readme-headphone-check", "key Return",
                "wait running", "hold Right 1200", "wait next", "shot readme-round", "key Space",
                "wait round-result", "key Return", "wait summary", "key Return",
            ]
            let played = try await window.run(
                [
                    "play", "--participant", "PT01", "--mode", "one-target", "--rounds", "1", "--input", "keyboard",
                    "--seed", "3",
                ], script: patient, windowSize: "1280x720")
            #expect(played.status == 0, "stderr: \(played.stderr)")
            let twoTargets = [
                "wait headphone-check", "key Left", "key Right", "wait running", "hold Right 900", "key Space",
                "wait intermediate", "key Return", "wait running", "hold Left 1400", "key Space",
                "wait round-result", "shot readme-result", "key Return", "wait summary", "key Return",
            ]
            let result = try await window.run(
                [
                    "play", "--participant", "PT02", "--mode", "two-targets", "--rounds", "1", "--input", "keyboard",
                    "--seed", "4",
                ], script: ["wait menu", "key Return"] + twoTargets, windowSize: "1280x720")
            #expect(result.status == 0, "stderr: \(result.stderr)")
            var prompt = ["wait ratings-prompt"]
            for _ in 0..<3 { prompt += ["key Right", "key Return", "wait next"] }
            prompt += ["key 7", "shot readme-questionnaire-manikins", "key Return"]
            for _ in 0..<3 { prompt += ["wait next", "key Right", "key Return"] }
            let rated = try await window.run(
                ["rate", "--participant", "PT01", "--prompted-at", "2026-11-23T18:07:31Z"], script: prompt,
                windowSize: "1280x720")
            #expect(rated.status == 0, "stderr: \(rated.stderr)")

            let screens = window.screenshotNames()
            for shot in Self.shots {
                // "readme-": the recorder names its own shots after the screen (NN-menu, NN-headphone-check).
                let text = try window.screenText("readme-" + shot.name)
                #expect(text.contains(shot.says), "readme-\(shot.name) on \(screens): \(text)")
            }
            guard ProcessInfo.processInfo.environment["UPDATE_SCREENSHOTS"] == "1" else { return }
            let folder = SoundSafariBinary.packageRoot.appendingPathComponent("docs/screenshots")
            for shot in Self.shots {
                try Self.shrink(
                    try window.screenshotURL("readme-" + shot.name),
                    to: folder.appendingPathComponent(shot.name + ".png"), scratch: window.logs)
            }
        }

        /// The screenshot at 800 × 450 through rsvg-convert (already needed by `export --pdf`): the PNG inside an SVG
        /// of that size, so no image library is added for the docs.
        static func shrink(_ png: URL, to target: URL, scratch: URL) throws {
            let svg = scratch.appendingPathComponent(png.deletingPathExtension().lastPathComponent + ".svg")
            let picture = try Data(contentsOf: png).base64EncodedString()
            try Data(
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 1280 720">\
                <image width="1280" height="720" href="data:image/png;base64,\(picture)"/></svg>
                """.utf8
            ).write(to: svg)
            let convert = Process()
            convert.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
            convert.arguments = ["-w", "800", "-h", "450", "-o", target.path, svg.path]
            try convert.run()
            convert.waitUntilExit()
            #expect(convert.terminationStatus == 0, "rsvg-convert (librsvg2-bin) made no \(target.lastPathComponent)")
        }
    }
}
