// Every window screen in the tests' pseudo-language (issue 41): a drawn text without its ⟦marks⟧ is a sentence nobody
// marked for translation; a text outside the window or over another does not fit a language a third longer.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowPseudoLanguageTests {
        /// `en@pseudo` made from the template (`scripts/po.sh pseudo`), in a fresh folder for this run.
        static func pseudoCatalog() throws -> URL {
            let folder = try SoundSafariBinary.temporaryDirectory("pseudo-catalog")
            let make = Process()
            make.executableURL = URL(fileURLWithPath: "/bin/bash")
            make.arguments = ["scripts/po.sh", "pseudo", folder.path]
            make.currentDirectoryURL = SoundSafariBinary.packageRoot
            try make.run()
            make.waitUntilExit()
            #expect(make.terminationStatus == 0, "scripts/po.sh pseudo failed")
            return folder
        }

        /// Runs `arguments` in the pseudo-language at 1280 × 720 and returns what is wrong on its screens.
        static func run(
            _ window: WindowSession, _ arguments: [String], script: [String], timeout: Double = 150,
            allowed: Set<String> = []
        ) async throws -> (output: CommandOutput, problems: [String]) {
            let catalogs = try pseudoCatalog()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            let output = try await window.run(
                arguments + ["--language", "en@pseudo"], script: script, timeout: timeout, windowSize: "1280x720",
                environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path])
            return (output, try PseudoScreens.problems(in: window.screenshots, allowed: allowed))
        }

        /// Menus: the name picker, the main menu with its language row, the diary and its form, the progress
        /// refusal, then a play session of two animals: headphone check, a search, pause, results and summary.
        @Test func theMenusAndAPlaySessionSpeakOnlyMarkedSentencesThatFit() async throws {
            let window = try WindowSession(name: "window-pseudo-play")
            // A participant of this machine, so the name picker lists a name above "Someone else".
            let simulated = try SoundSafariBinary.run([
                "simulate", "--participant", "PS00", "--rounds", "1", "--bot", "ideal", "--logs", window.logs.path,
            ])
            #expect(simulated.status == 0, "\(simulated.stderr)")
            let toDiary = Array(repeating: "key Down", count: 9)
            let (output, problems) = try await Self.run(
                window,
                [
                    "play", "--pick-participant", "--input", "keyboard", "--mode", "two-targets", "--rounds", "1",
                    "--seed", "3",
                ],
                script: [
                    "wait pick-participant", "shot names", "key Down", "key Return", "wait menu", "text PS01",
                    "shot menu",
                ] + toDiary + [
                    "key Return", "wait diary", "shot diary", "key Return", "wait next", "shot diary-add",
                    "key Escape", "wait next", "key Escape", "wait menu", "key Up", "key Return", "wait next",
                    "shot progress-refused", "key Up", "key Up", "key Return", "wait headphone-check", "shot check",
                    "key Left", "key N", "wait next", "shot check-not-heard", "key Return", "wait running",
                    "shot running", "key P", "wait paused", "shot paused", "key Return", "wait running", "key Space",
                    "wait intermediate", "shot intermediate", "key Return", "wait running", "key Space",
                    "wait round-result", "shot result", "key Return", "wait summary", "shot summary", "key Return",
                ], allowed: ["PS00", "PS01"])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }

        /// A patient's first training session: the headphone check, the questionnaire before, the practice, a
        /// search long enough for help, a skipped animal, a photo, the questionnaire after and the end screen.
        @Test func aFirstTrainingSessionSpeaksOnlyMarkedSentencesThatFit() async throws {
            let window = try WindowSession(name: "window-pseudo-train")
            let plan = try WindowTrainTests.tinyPlan(in: window.logs, rounds: 2)
            var text = try String(contentsOf: plan, encoding: .utf8)
            text = text.replacingOccurrences(of: #""replay": true }"#, with: #""replay": true, "help_after_s": 5 }"#)
            try text.write(to: plan, atomically: true, encoding: .utf8)
            func skip(_ count: Int) -> [String] {
                Array(repeating: ["wait next", "key Down", "key Return"], count: count).flatMap { $0 }
            }
            let (output, problems) = try await Self.run(
                window, ["train", "--participant", "PT01", "--plan", plan.path, "--input", "keyboard", "--seed", "4"],
                script: ["wait headphone-check", "key Left", "key Right", "wait ratings-before", "shot ratings"]
                    + ["key Right", "sleep 300", "shot ratings-answered", "key Down", "key Return"] + skip(5)
                    + ["wait practice", "shot practice", "key Return", "wait running", "see Stuck?", "shot help"]
                    + ["key K", "wait round-result", "shot skipped", "key Return", "wait running", "key Space"]
                    + ["wait round-result", "shot result", "key Return", "wait ratings-after"] + skip(7)
                    + ["wait summary", "shot end", "key Escape"],
                allowed: ["PT01"])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }

        /// A supervised study: the participant sheet, a round, the break between conditions, the summary.
        @Test func aStudySpeaksOnlyMarkedSentencesThatFit() async throws {
            let window = try WindowSession(name: "window-pseudo-study")
            var script = [
                "wait participant-sheet", "shot sheet", "key Up", "key Return", "wait headphone-check", "key Left",
                "key Right",
            ]
            for _ in 0..<3 { script += ["wait running", "key Space", "wait round-result", "key Return"] }
            script += ["wait break", "shot break", "key Escape", "wait summary", "shot summary", "key Return"]
            let (output, problems) = try await Self.run(
                window,
                [
                    "study", "--protocol", WindowStudySupervisorTests.thesis.path, "--participant", "PS02", "--input",
                    "keyboard",
                ],
                script: script, timeout: 200, allowed: ["PS02"])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }

        /// Find my sound: a set playing (its picture and "Sound A — in front of you"), then the question and its
        /// four answers; Esc stops.
        @Test func findMySoundSpeaksOnlyMarkedSentencesThatFit() async throws {
            let window = try WindowSession(name: "window-pseudo-find-my-sound")
            let catalogs = try Self.pseudoCatalog()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            let output = try await window.run(
                ["play", "--input", "keyboard", "--seed", "5", "--language", "en@pseudo"],
                script: ["wait menu", "text PF01"] + Array(repeating: "key Down", count: 11)
                    + [
                        "key Return", "wait find-my-sound", "see Sound A", "shot playing", "see Which one sounded",
                        "shot question", "key Escape", "wait menu", "key Escape",
                    ],
                timeout: 120, windowSize: "1280x720",
                environment: [
                    "SOUNDSAFARI_LOCALEDIR": catalogs.path,
                    "XDG_DATA_HOME": window.logs.appendingPathComponent("data").path,
                ])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let problems = try PseudoScreens.problems(in: window.screenshots, allowed: ["PF01"])
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }

        /// The hearing test and its stop question, the pitch match's questions, and the profile screen.
        @Test func theHearingScreensSpeakOnlyMarkedSentencesThatFit() async throws {
            let window = try WindowSession(name: "window-pseudo-hearing-test")
            _ = try WindowHearingTests.writeProfile(window)
            let (test, testProblems) = try await Self.run(
                window, ["hearing-test", "--participant", "H01", "--frequencies", "1000,4000", "--seed", "5"],
                script: [
                    "wait hearing-test", "shot test", "key Escape", "wait hearing-test-stop", "shot stop",
                    "key Return",
                ], allowed: ["H01"])
            #expect(test.status == 0, "stderr: \(test.stderr)")
            #expect(testProblems.isEmpty, "\(testProblems.joined(separator: "\n"))")
            let question = ["wait pitch-compare", "key Return", "wait pitch-octave", "key 1"]
            let pitch = try WindowSession(name: "window-pseudo-pitch-match")
            _ = try WindowHearingTests.writeProfile(pitch)
            let (match, matchProblems) = try await Self.run(
                pitch, ["pitch-match", "--participant", "H01"],
                script: ["wait pitch-probe", "shot probe", "key N", "wait pitch-compare", "shot compare"]
                    + ["key Return", "wait pitch-octave", "shot octave", "key 1", "wait next", "key 1"] + question
                    + question + ["wait next", "key 1", "wait pitch-loudness", "shot loudness", "key Return"]
                    + ["wait profile", "shot profile", "key Return"],
                timeout: 200, allowed: ["H01"])
            #expect(match.status == 0, "stderr: \(match.stderr)")
            #expect(matchProblems.isEmpty, "\(matchProblems.joined(separator: "\n"))")
        }
    }
}

/// The screenshots' texts and where they were drawn (`ScreenshotRecorder`'s `.txt` and `.boxes.tsv`), checked for
/// the pseudo-language's marks, the window's edges and each other.
enum PseudoScreens {
    /// Words that are no language: the program's name and each language's own name (the language row).
    static let names: Set<String> = ["SoundSafari", "English", "Deutsch", "Pseudo"]
    /// Units and the keys' own labels, which no translation changes.
    static let symbols: Set<String> = ["Hz", "kHz", "dB", "dBFS", "HL", "s"]

    /// One sentence per problem: the screenshot, the text, and what is wrong with it.
    /// `marked`: every text must wear the pseudo-language's marks (off for a real language: only the fit is checked).
    static func problems(in folder: URL, allowed: Set<String> = [], marked: Bool = true) throws -> [String] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".boxes.tsv")
        }.sorted()
        #expect(!files.isEmpty, "no screenshots in \(folder.path)")
        var problems: [String] = []
        for file in files {
            let screen = String(file.dropLast(".boxes.tsv".count))
            let rows = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").map {
                    $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                }
            guard let size = rows.first, size.count == 3, let width = Int(size[1]), let height = Int(size[2]) else {
                problems.append("\(screen): no window size in \(file)")
                continue
            }
            let boxes = rows.dropFirst().compactMap(Box.init)
            // A button's label stays inside it (issue 38: large text spilled over the buttons' edges).
            let buttons = rows.filter { $0.first == "button" }.compactMap { Box(Array($0.dropFirst()) + ["", ""]) }
            for button in buttons {
                for box in boxes where button.contains(centreOf: box) && !button.contains(box) {
                    problems.append(
                        "\(screen): “\(box.line)” at \(box.x),\(box.y) \(box.width)×\(box.height) spills over its button at \(button.x),\(button.y) \(button.width)×\(button.height)"
                    )
                }
            }
            for whole in Set(boxes.map(\.whole)) where marked {
                let words = unmarkedWords(whole).filter {
                    !names.contains($0) && !symbols.contains(String($0.filter(\.isLetter))) && !allowed.contains($0)
                }
                if !words.isEmpty {
                    problems.append("\(screen): “\(whole)” is not marked (\(words.joined(separator: " ")))")
                }
            }
            for box in boxes where box.x < 0 || box.y < 0 || box.x + box.width > width || box.y + box.height > height {
                problems.append(
                    "\(screen): “\(box.line)” at \(box.x),\(box.y) \(box.width)×\(box.height) leaves the \(width)×\(height) window"
                )
            }
            for (index, box) in boxes.enumerated() {
                for other in boxes[(index + 1)...] where box.overlaps(other) {
                    problems.append("\(screen): “\(box.line)” and “\(other.line)” overlap")
                }
            }
        }
        return problems
    }

    /// The words of `text` outside its ⟦…⟧ spans (innermost first: a placeholder's value may be a marked sentence).
    static func unmarkedWords(_ text: String) -> [String] {
        var rest = text
        while let range = rest.range(of: #"⟦[^⟦⟧]*⟧"#, options: .regularExpression) {
            rest.replaceSubrange(range, with: " ")
        }
        return rest.split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.contains(where: \.isLetter) }
    }

    struct Box {
        let x: Int, y: Int, width: Int, height: Int
        let line: String, whole: String

        init?(_ fields: [String]) {
            guard fields.count == 6, let x = Int(fields[0]), let y = Int(fields[1]), let width = Int(fields[2]),
                let height = Int(fields[3])
            else { return nil }
            (self.x, self.y, self.width, self.height, line, whole) = (x, y, width, height, fields[4], fields[5])
        }

        /// Whether `other`'s centre lies in this box (a label belongs to the button it is centred in).
        func contains(centreOf other: Box) -> Bool {
            let (cx, cy) = (other.x + other.width / 2, other.y + other.height / 2)
            return cx >= x && cx < x + width && cy >= y && cy < y + height
        }

        /// Whether `other` lies wholly inside this box.
        func contains(_ other: Box) -> Bool {
            other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
        }

        /// More than a pixel of each in common (glyph boxes of neighbouring lines may touch).
        func overlaps(_ other: Box) -> Bool {
            let across = min(x + width, other.x + other.width) - max(x, other.x)
            let down = min(y + height, other.y + other.height) - max(y, other.y)
            return across > 1 && down > 1
        }
    }
}
