// Issue 38: what the patient's screens say about their sessions, at 1280 × 720.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowPatientWordsTests {
        /// Item 10: after plan sessions and one free-play session before them, the album counted the free one too
        /// ("Session 3" for the plan's second). Its numbers are the plan's, as "session 2 of 12" says.
        @Test func theAlbumNumbersSessionsAsThePlanDoes() async throws {
            let window = try WindowSession(name: "window-album-numbers")
            let plan = try WindowTrainingDefectTests.plan(in: window.logs, rounds: 5)
            let free = try SoundSafariBinary.run([
                "simulate", "--participant", "AN01", "--rounds", "1", "--seed", "2", "--logs", window.logs.path,
            ])
            #expect(free.status == 0, "stderr: \(free.stderr)")
            let training = try SoundSafariBinary.run([
                "simulate", "--plan", plan.path, "--bot", "learner", "--participant", "AN01", "--sessions", "2",
                "--seed", "3", "--logs", window.logs.path,
            ])
            #expect(training.status == 0, "stderr: \(training.stderr)")
            // The plan's sessions are the participant's second and third.
            var expected: [String] = []
            // In the order they were played (session_index): sessions simulated within one second may list in
            // either order by their folders' names.
            let played = try window.sessionFolders(participant: "AN01").map { folder in
                (index: try window.sessionJSON(in: folder)["session_index"] as? Int ?? 0, folder: folder)
            }.sorted { $0.index < $1.index }
            #expect(played.map(\.index) == [1, 2, 3])
            for (number, folder) in played.map(\.folder).dropFirst().enumerated() {
                let photos = try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv"))
                guard
                    let best = photos.filter({ $0.training?.hit == true && !$0.skipped })
                        .min(by: { $0.absDeviationDeg < $1.absDeviationDeg })
                else { continue }
                expected.append(String(format: "Session %d: the frog, %.0f° off", number + 1, best.absDeviationDeg))
            }
            try #require(!expected.isEmpty, "the learner bot hit at least once")

            let script =
                ["wait menu", "text AN01"] + Array(repeating: "key Down", count: 10)
                + ["key Return", "wait album", "shot album", "key Return", "wait menu", "key Escape"]
            let output = try await window.run(["play", "--input", "keyboard"], script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let shown = try window.screenText("album").split(separator: "\n").filter { $0.hasPrefix("Session ") }
            #expect(shown.map(String.init) == expected.reversed())
        }
    }
}

extension WindowTests.WindowPatientWordsTests {
    /// Item 2 (the launcher's picker): it shows before anyone is known, so it was always in small text. It uses the
    /// settings this machine used last (the newest display.json), or large text when there are none.
    @Test func theNamePickerShowsInLargeTextOrInTheMachinesLastSetting() async throws {
        let window = try WindowSession(name: "window-picker-text")
        for participant in ["LP01", "LP02"] {
            let simulated = try SoundSafariBinary.run([
                "simulate", "--participant", participant, "--rounds", "1", "--logs", window.logs.path,
            ])
            #expect(simulated.status == 0, "\(simulated.stderr)")
        }
        let arguments = ["play", "--pick-participant", "--input", "keyboard"]
        let large = try await window.run(
            arguments, script: ["wait pick-participant", "wait large-text", "shot names-large", "key Escape"],
            timeout: 60, windowSize: "1280x720")
        #expect(large.status == 0, "no settings yet: large text. stderr: \(large.stderr)")
        // LP02 chose normal text last on this machine.
        try #"{"large_text": false, "high_contrast": true}"#.write(
            to: window.logs.appendingPathComponent("LP02/display.json"), atomically: true, encoding: .utf8)
        let last = try await window.run(
            arguments,
            script: [
                "wait pick-participant", "wait normal-text", "wait high-contrast", "shot names-last", "key Escape",
            ],
            timeout: 60, windowSize: "1280x720")
        #expect(last.status == 0, "the machine's last settings. stderr: \(last.stderr)")
    }
}

extension WindowTests.WindowPatientWordsTests {
    /// Item 13: a training session started from the menu's Train and quit told the terminal to continue with
    /// `play … --resume`, which refuses plan sessions; `train` continues them.
    @Test func aPlanSessionQuitFromTheMenusTrainNamesTrainToContinue() async throws {
        let window = try WindowSession(name: "window-menu-train-quit")
        let plan = try WindowTests.WindowTrainingDefectTests.plan(in: window.logs, rounds: 3)
        let assigned = try SoundSafariBinary.run([
            "plan", "assign", "--participant", "MT01", plan.path, "--logs", window.logs.path,
        ])
        #expect(assigned.status == 0, "\(assigned.stderr)")
        let script =
            [
                "wait menu", "key Down", "key Return", "wait headphone-check", "key Left", "key Right",
                "wait practice", "key Return",
            ] + WindowTests.WindowTrainingDefectTests.round + WindowTests.WindowTrainingDefectTests.quit
            + ["wait summary", "shot quit-end", "key Return", "sleep 500", "key Escape"]
        let output = try await window.run(
            ["play", "--participant", "MT01", "--input", "keyboard", "--seed", "5"], script: script, timeout: 90,
            windowSize: "1280x720")
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(
            output.stdout.contains("continue with: soundsafari train --participant MT01"), "stdout: \(output.stdout)")
        #expect(!output.stdout.contains("--resume"), "stdout: \(output.stdout)")
    }
}

extension WindowTests.WindowPatientWordsTests {
    /// Item 9: the menu's Train on a day without a due session showed the plan's internal name, in the warning colour
    /// ("Plan 'localization-training-10x12': 1 of 10 sessions done…"). It says, in the patient's words and in the
    /// text colour, how many are done and when the next is due.
    @Test func noSessionDueIsSaidInThePatientsWordsNotAsAProblem() async throws {
        let window = try WindowSession(name: "window-nothing-due")
        let plan = try WindowTests.WindowTrainingDefectTests.plan(in: window.logs, rounds: 1)
        let simulated = try SoundSafariBinary.run([
            "simulate", "--plan", plan.path, "--participant", "ND01", "--sessions", "1", "--logs", window.logs.path,
        ])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let output = try await window.run(
            ["play", "--participant", "ND01", "--input", "keyboard"],
            script: [
                "wait menu", "key Down", "key Return", "see training sessions done", "shot not-due", "key Escape",
            ],
            timeout: 60, windowSize: "1280x720")
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let text = try window.screenText("not-due")
        #expect(text.contains("1 of 10 training sessions done. Session 2 is due on"), "\(text)")
        #expect(!text.contains("localization-training-10x12"), "\(text)")
    }
}

extension WindowTests.WindowPatientWordsTests {
    /// Item 2 (the album): in large text six pictures in two rows left each about 60 × 40 px under its two-line
    /// caption. The album shows as many as stay at least 100 px tall (one row of three at 1280 × 720 in large text) and
    /// says how many of how many show.
    @Test func theAlbumsPicturesStayLargeEnoughToSeeInLargeText() async throws {
        let window = try WindowSession(name: "window-album-large")
        let plan = try WindowTests.WindowTrainingDefectTests.plan(in: window.logs, rounds: 5)
        let simulated = try SoundSafariBinary.run([
            "simulate", "--plan", plan.path, "--bot", "learner", "--participant", "AG01", "--sessions", "5",
            "--seed", "3", "--logs", window.logs.path,
        ])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let open = ["wait menu", "text AG01"] + Array(repeating: "key Down", count: 10) + ["key Return", "wait album"]
        let normal = try await window.run(
            ["play", "--input", "keyboard"], script: open + ["shot normal", "key Return", "wait menu", "key Escape"],
            windowSize: "1280x720")
        #expect(normal.status == 0, "stderr: \(normal.stderr)")
        try #"{"large_text": true, "high_contrast": false}"#.write(
            to: window.logs.appendingPathComponent("AG01/display.json"), atomically: true, encoding: .utf8)
        let large = try await window.run(
            ["play", "--participant", "AG01", "--input", "keyboard"],
            // Start → Train → My progress → My diary → My album.
            script: ["wait menu", "wait large-text"] + Array(repeating: "key Down", count: 4)
                + ["key Return", "wait album", "shot large", "key Return", "wait menu", "key Escape"],
            windowSize: "1280x720")
        #expect(large.status == 0, "stderr: \(large.stderr)")
        for shot in ["normal", "large"] {
            let text = try window.screenText(shot)
            let captions = text.split(separator: "\n").filter { $0.hasPrefix("Session ") }
            #expect(!captions.isEmpty, "\(text)")
            if captions.count < 5 {
                #expect(
                    text.contains("5 photos, the best of each session with a hit; the \(captions.count) newest shown."))
            }
            // What is drawn on the window's background, per picture: the pictures (about 380 × 237 px each in normal
            // text, 295 × 185 in large) and the texts; five pictures of about 60 × 40 left under 15,000 a picture.
            let pixels = try PNGPixels(contentsOf: try window.screenshotURL(shot))
            let drawn = 1280 * 720 - pixels.count(pixels.rgb(5, 5), x: 0..<1280, y: 0..<720, tolerance: 2)
            print("album \(shot): \(captions.count) pictures, \(drawn) drawn pixels")
            #expect(
                drawn / max(1, captions.count) > 30_000, "\(shot): \(drawn) drawn pixels, \(captions.count) pictures")
        }
    }
}

extension WindowTests.WindowPatientWordsTests {
    /// Item 2 (the participant sheet): in large text the footer covered "Save and continue" (and long labels ran
    /// under their values). The rows end above the footer, scrolling; a long label takes smaller type beside its value.
    @Test func theParticipantSheetsButtonsStayAboveItsFooterInLargeText() async throws {
        let window = try WindowSession(name: "window-sheet-large")
        let protocolFile = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/thesis-study.json")
        let output = try await window.run(
            ["study", "--protocol", protocolFile.path, "--participant", "SL01"],
            script: ["wait participant-sheet", "key F2", "wait large-text", "shot sheet"]
                + Array(repeating: "key Down", count: 8) + ["shot save-focused", "key Escape"],
            timeout: 60, windowSize: "1280x720")
        #expect(output.status != -1, "stderr: \(output.stderr)")
        let focused = try PNGPixels(contentsOf: try window.screenshotURL("save-focused"))
        #expect(try window.screenText("save-focused").contains("Save and continue"))
        // "Save and continue" has the focus (the focus colour): all of it above the footer's two lines (y ≥ 610).
        let focusColour = (255, 210, 63)
        #expect(focused.count(focusColour, x: 0..<1280, y: 180..<610, tolerance: 2) > 10_000)
        #expect(focused.count(focusColour, x: 0..<1280, y: 610..<720, tolerance: 2) == 0)
    }
}

extension WindowTests.WindowPatientWordsTests {
    /// Item 9's rest: the free game's summary was a data table ("Condition", "Targets", "Deviation" with signs, "Mean
    /// deviation"), and a wrapped path broke the participant's folder with a hyphen ("P0-7"). Large text, so the
    /// folder's path wraps: its lines put together are the path itself, and the table speaks a patient's words.
    @Test(arguments: [
        ("en", ["What you heard", "Animals", "How far off", "Time to find", "On average"]),
        ("de", ["Was Sie hörten", "Tiere", "Wie weit daneben", "Zeit bis gefunden", "Im Schnitt"]),
    ])
    func theFreeGamesSummarySpeaksAPatientsWordsAndItsFolderWrapsWhole(language: String, words: [String]) async throws {
        let window = try WindowSession(name: "window-summary-words-\(language)")
        let catalogs = try LocalizedCommandTests.compiledCatalogs()
        defer { try? FileManager.default.removeItem(at: catalogs) }
        let participant = window.logs.appendingPathComponent("P07")
        try FileManager.default.createDirectory(at: participant, withIntermediateDirectories: true)
        try #"{"large_text": true, "high_contrast": false}"#.write(
            to: participant.appendingPathComponent("display.json"), atomically: true, encoding: .utf8)
        let output = try await window.run(
            [
                "play", "--participant", "P07", "--mode", "one-target", "--rounds", "1", "--input", "keyboard",
                "--seed", "3", "--language", language,
            ],
            script: [
                "wait menu", "key Return", "wait headphone-check", "key Left", "key Right", "wait running",
                "hold Right 300", "key Space", "wait round-result", "key Return", "wait summary", "shot summary",
                "key Escape",
            ],
            windowSize: "1280x720", environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let said = try window.screenText("summary")
        for word in words { #expect(said.contains(word), "“\(word)” in: \(said)") }
        // The longer words fit the table: no column runs into the next (German large text did).
        let problems = try PseudoScreens.problems(in: window.screenshots, marked: false)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        for researcher in ["Condition", "Deviation", "Mean deviation", "Bedingung", "Abweichung", "+", "−"] {
            #expect(!said.contains(researcher), "“\(researcher)” in: \(said)")
        }
        // The session folder's path, wrapped: its lines, put together, are the path (no hyphen put into it).
        let boxes = try String(
            contentsOf: try window.screenshotURL("summary").deletingPathExtension().appendingPathExtension("boxes.tsv"),
            encoding: .utf8
        ).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let folder = try #require(try window.sessionFolders(participant: "P07").first).path
        let lines = boxes.filter { $0.count == 6 && $0[5].contains(folder) }.map { $0[4] }
        #expect(lines.count > 1, "the path wraps in large text: \(lines)")
        #expect(lines.joined(separator: " ").replacingOccurrences(of: " ", with: "").hasSuffix(folder))
        #expect(lines.contains { $0.contains("/P07/") || $0.hasSuffix("/P07") || $0.hasPrefix("P07/") })
    }
}
