// A recorded animal named in the player's language (issue 42): the stamp's .txt, read where it lies, in the window.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowStampNamesTests {
        /// The owl of `SoundsCommandTests.stamps` (its .txt: "An owl.", `de.utf8=Eine Eule.`) imported into the
        /// run's data folder and a plan of one round that names it: the search, its help and the result say "owl" in
        /// English and "Eule" in German, each sentence built so that no article has to agree with it.
        @Test func aRecordedAnimalIsNamedFromItsStampInEnglishAndGerman() async throws {
            let window = try WindowSession(name: "window-stamp-names")
            let data = window.logs.appendingPathComponent("data")
            let imported = try SoundSafariBinary.run(
                ["sounds", "import", "--stamps", try SoundsCommandTests.stamps(in: window.logs).path],
                environment: ["XDG_DATA_HOME": data.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            let catalogs = try LocalizedCommandTests.compiledCatalogs()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            let plan = try WindowTrainTests.tinyPlan(in: window.logs, rounds: 1)
            var text = try String(contentsOf: plan, encoding: .utf8)
            text = text.replacingOccurrences(of: #""targets": ["frog"]"#, with: #""targets": ["owl"]"#)
            text = text.replacingOccurrences(of: #""replay": true }"#, with: #""replay": true, "help_after_s": 5 }"#)
            try text.write(to: plan, atomically: true, encoding: .utf8)
            func skip(_ count: Int) -> [String] {
                Array(repeating: ["wait next", "key Down", "key Return"], count: count).flatMap { $0 }
            }
            for (language, participant) in [("en", "SN01"), ("de", "SN02")] {
                let run = try await window.run(
                    [
                        "train", "--participant", participant, "--plan", plan.path, "--input", "keyboard", "--seed",
                        "4", "--language", language,
                    ],
                    script: ["wait headphone-check", "key Left", "key Right", "wait ratings-before"] + skip(6)
                        + ["wait practice", "shot practice-\(language)", "key Return", "wait running", "sleep 200"]
                        + ["shot search-\(language)", "see " + (language == "de" ? "Nicht gefunden?" : "Stuck?")]
                        + ["shot help-\(language)", "hold Right 300", "key Space", "wait round-result"]
                        + ["shot result-\(language)", "key Return", "wait ratings-after"] + skip(7)
                        + ["wait summary", "key Escape"],
                    windowSize: "1280x720",
                    environment: ["XDG_DATA_HOME": data.path, "SOUNDSAFARI_LOCALEDIR": catalogs.path])
                #expect(run.status == 0, "stderr: \(run.stderr)")
                let rows = try window.trialLines(
                    in: try #require(try window.sessionFolders(participant: participant).first))
                #expect(rows.count == 1 && rows.allSatisfy { $0.contains(",owl,") }, "\(rows)")
            }
            let said = { (shot: String) in (try? window.screenText(shot)) ?? "" }
            // The practice plays the catalog's practice animal (the synthesised frog), whatever the plan names.
            #expect(said("practice-en").contains("turn until the frog is in the middle"), "\(said("practice-en"))")
            #expect(said("search-en").contains("Listen for the owl"), "\(said("search-en"))")
            #expect(said("help-en").contains("Stuck? The owl is somewhere"), "\(said("help-en"))")
            #expect(said("result-en").lowercased().contains("the owl was"), "\(said("result-en"))")
            #expect(said("practice-de").contains("bis das Tier (Frosch) in der Mitte ist"), "\(said("practice-de"))")
            #expect(said("search-de").contains("Hören Sie auf den Ruf (Eule)"), "\(said("search-de"))")
            #expect(said("help-de").contains("Nicht gefunden? Das Tier (Eule) ist irgendwo"), "\(said("help-de"))")
            #expect(said("result-de").contains("Eule: "), "\(said("result-de"))")
            // No English name and no article guessed for it anywhere in the German run.
            for (name, text) in window.allScreenTexts() where name.hasSuffix("-de") {
                #expect(
                    !text.contains("owl") && !text.contains("Der Eule") && !text.contains("den Eule"),
                    "\(name): \(text)")
            }
        }
    }
}
