// German outside the window: train's and simulate's lines, a file error, the reminder notification, the remembered
// language, a missing catalog.
import Foundation
import StudyKit
import StudyRecords
import Testing

@Suite struct LocalizedCommandTests {
    /// po/*.po compiled into a fresh folder, as `make build` compiles them beside the program.
    static func compiledCatalogs() throws -> URL {
        let folder = try SoundSafariBinary.temporaryDirectory("catalogs")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/bin/bash")
        compile.arguments = ["scripts/po.sh", "compile", folder.path]
        compile.currentDirectoryURL = SoundSafariBinary.packageRoot
        try compile.run()
        compile.waitUntilExit()
        #expect(compile.terminationStatus == 0, "scripts/po.sh compile failed")
        return folder
    }

    static let examplePlan = SoundSafariBinary.packageRoot.appendingPathComponent(
        "Examples/training-plan.json")

    /// The example plan cut to `sessions` sessions of one round each, `perWeek` a week.
    static func smallPlan(in folder: URL, sessions: Int, perWeek: Int) throws -> URL {
        let text = try String(contentsOf: examplePlan, encoding: .utf8)
        let url = folder.appendingPathComponent("plan-\(sessions).json")
        try text.replacingOccurrences(of: #""total_sessions": 10"#, with: "\"total_sessions\": \(sessions)")
            .replacingOccurrences(
                of: #""sessions_per_week": 3"#, with: "\"repeat_rounds\": false, \"sessions_per_week\": \(perWeek)"
            )
            .replacingOccurrences(of: #""repetitions": 16"#, with: #""repetitions": 1"#)
            .replacingOccurrences(of: #""repetitions": 8"#, with: #""repetitions": 1"#)
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `participant` plays the first session of such a plan in `logs` (simulated, in English).
    static func playFirstSession(participant: String, logs: URL, sessions: Int, perWeek: Int) throws {
        let plan = try smallPlan(in: logs, sessions: sessions, perWeek: perWeek)
        let played = try SoundSafariBinary.run([
            "simulate", "--plan", plan.path, "--sessions", "1", "--bot", "ideal", "--participant", participant,
            "--logs", logs.path,
        ])
        #expect(played.status == 0, "simulate failed: \(played.stderr)")
    }

    @Test func trainSpeaksGermanWithTheFlagAndRemembersItForTheParticipant() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-de")
        let catalogs = try Self.compiledCatalogs()
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: catalogs)
        }
        try Self.playFirstSession(participant: "D01", logs: logs, sessions: 1, perWeek: 3)
        let environment = ["SOUNDSAFARI_LOCALEDIR": catalogs.path]

        let german = try SoundSafariBinary.run(
            ["train", "--participant", "D01", "--logs", logs.path, "--language", "de"], environment: environment)
        #expect(german.status == 0, "\(german.stderr)")
        #expect(
            german.stdout
                == "Die einzige Sitzung des Plans „localization-training-10x12“ ist erledigt. Bitten Sie Ihre "
                + "Betreuerin oder Ihren Betreuer um einen neuen Plan.\n")
        let remembered = try DisplayPreferences.read(logs: logs, participant: try ParticipantID("D01"))
        #expect(remembered.language == .german)

        // The participant's choice comes before the environment (the tests' LANGUAGE=en).
        let again = try SoundSafariBinary.run(
            ["train", "--participant", "D01", "--logs", logs.path], environment: environment)
        #expect(again.stdout.hasPrefix("Die einzige Sitzung"), "\(again.stdout)")

        let english = try SoundSafariBinary.run(
            ["train", "--participant", "D01", "--logs", logs.path, "--language", "en"], environment: environment)
        #expect(english.stdout.hasPrefix("The 1 session of the plan 'localization-training-10x12' is done"))
        #expect(try DisplayPreferences.read(logs: logs, participant: try ParticipantID("D01")).language == .english)
    }

    @Test func germanPluralsAndDatesComeFromTheCatalogAndTheEnvironmentChoosesWithoutAFlag() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-de-plural")
        let catalogs = try Self.compiledCatalogs()
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: catalogs)
        }
        // One session a week: after the first, the second opens in 7 days, so train names its day and opens no window.
        try Self.playFirstSession(participant: "D02", logs: logs, sessions: 3, perWeek: 1)
        let train = try SoundSafariBinary.run(
            ["train", "--participant", "D02", "--logs", logs.path],
            environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path, "LANGUAGE": "", "LC_ALL": "de_DE.UTF-8"])
        #expect(train.status == 0, "\(train.stderr)")
        let due = Date().addingTimeInterval(7 * 86_400)
        let day = ISO8601DateFormatter.string(from: due, timeZone: .gmt, formatOptions: [.withFullDate])
        let parts = day.split(separator: "-")
        #expect(
            train.stdout
                == "Plan „localization-training-10x12“: 1 von 3 Sitzungen erledigt; Sitzung 2 ist am "
                + "\(parts[2]).\(parts[1]).\(parts[0]) an der Reihe.\n")
        // The environment's choice is not remembered: only a flag is.
        #expect(try DisplayPreferences.read(logs: logs, participant: try ParticipantID("D02")).language == nil)
    }

    /// simulate's lines are the participant's language too (the one train would choose), numbers with a decimal
    /// comma; a file the run cannot write is one German sentence after "Fehler:".
    @Test func simulateSpeaksGermanAndAFileErrorIsOneGermanLine() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("simulate-de")
        let catalogs = try Self.compiledCatalogs()
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: catalogs)
        }
        let environment = ["SOUNDSAFARI_LOCALEDIR": catalogs.path]
        let german = try SoundSafariBinary.run(
            [
                "simulate", "--mode", "one-target", "--rounds", "1", "--bot", "noisy", "--seed", "3",
                "--participant", "D04", "--logs", logs.path, "--language", "de",
            ], environment: environment)
        #expect(german.status == 0, "\(german.stderr)")
        let lines = german.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Ordner der Sitzung: \(logs.path)/D04/") == true, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("In diesem Lauf protokollierte Zeilen: ") && $0.hasSuffix("; Sitzung abgeschlossen.")
            },
            "\(lines)")
        let deviation = try #require(lines.first { $0.hasPrefix("Betrag der Abweichung: Median ") }, "\(lines)")
        #expect(deviation.contains(try Regex(#"Median [0-9]+,[0-9]{2}°, Mittel [0-9]+,[0-9]{2}°"#)), "\(deviation)")

        // The participant's folder is a file: the folder cannot be made, said in the environment's German.
        try Data().write(to: logs.appendingPathComponent("D05"))
        let broken = try SoundSafariBinary.run(
            ["simulate", "--mode", "one-target", "--rounds", "1", "--participant", "D05", "--logs", logs.path],
            environment: environment.merging(["LANGUAGE": "de"]) { _, new in new })
        #expect(broken.status != 0)
        #expect(broken.stderr.hasPrefix("Fehler: "), "\(broken.stderr)")
        #expect(broken.stderr.contains("ist nicht möglich: Ein Teil des Pfads ist eine Datei"), "\(broken.stderr)")
        #expect(!broken.stderr.contains("Error") && !broken.stderr.contains("Cannot"), "\(broken.stderr)")
    }

    /// A refusal made where there are no catalogs (TidyFormats: a file that is a folder) is worded from its facts in
    /// the run's language (StudyKit's ErrorWording), as the patient reads it after "Fehler:"; English keeps its words.
    @Test func aFileThatIsAFolderIsRefusedInTheRunsLanguage() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("folder-de")
        let catalogs = try Self.compiledCatalogs()
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: catalogs)
        }
        try FileManager.default.createDirectory(
            at: logs.appendingPathComponent("participants.csv"), withIntermediateDirectories: true)
        let arguments = [
            "simulate", "--mode", "one-target", "--rounds", "1", "--participant", "D07", "--logs", logs.path,
        ]
        let german = try SoundSafariBinary.run(
            arguments, environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path, "LANGUAGE": "de"])
        #expect(german.status != 0)
        #expect(
            german.stderr
                == "Fehler: \(logs.path)/participants.csv ist ein Ordner, keine gewöhnliche Datei; geben Sie den Pfad der Datei selbst an (nichts wurde daraus gelesen).\n",
            "\(german.stderr)")
        let english = try SoundSafariBinary.run(arguments, environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path])
        #expect(english.stderr.contains("participants.csv is a folder, not a regular file"), "\(english.stderr)")
    }

    @Test func aLanguageWithoutItsCatalogIsOneSentenceFromTheFlagAndEnglishFromTheEnvironment() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("train-no-catalog")
        defer { try? FileManager.default.removeItem(at: logs) }
        try Self.playFirstSession(participant: "D03", logs: logs, sessions: 1, perWeek: 3)
        let empty = logs.appendingPathComponent("no-catalogs").path
        let flag = try SoundSafariBinary.run(
            ["train", "--participant", "D03", "--logs", logs.path, "--language", "de"],
            environment: ["SOUNDSAFARI_LOCALEDIR": empty])
        #expect(flag.status != 0)
        #expect(flag.stdout.isEmpty)
        #expect(flag.stderr.contains("No 'de' catalog (de/LC_MESSAGES/soundsafari.mo) in \(empty)"), "\(flag.stderr)")

        let environment = try SoundSafariBinary.run(
            ["train", "--participant", "D03", "--logs", logs.path],
            environment: ["SOUNDSAFARI_LOCALEDIR": empty, "LANGUAGE": "de"])
        #expect(environment.status == 0)
        #expect(environment.stderr.hasPrefix("LANGUAGE asks for de, but: No 'de' catalog"), "\(environment.stderr)")
        #expect(environment.stdout.hasPrefix("The 1 session of the plan"))

        let french = try SoundSafariBinary.run([
            "train", "--participant", "D03", "--logs", logs.path, "--language", "fr",
        ])
        #expect(french.status != 0)
        #expect(french.stderr.contains("fr"), "\(french.stderr)")
    }

    @Test func aDisplayFileNamingALanguageSoundSafariDoesNotSpeakIsAnErrorNamingIt() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("display-fr")
        defer { try? FileManager.default.removeItem(at: logs) }
        let folder = logs.appendingPathComponent("D04")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"high_contrast": false, "language": "fr", "large_text": false}"#.utf8).write(
            to: folder.appendingPathComponent("display.json"))
        let plan = try Self.smallPlan(in: logs, sessions: 1, perWeek: 3)
        let train = try SoundSafariBinary.run(
            ["train", "--participant", "D04", "--logs", logs.path, "--plan", plan.path])
        #expect(train.status != 0)
        #expect(train.stderr.contains("D04/display.json"), "\(train.stderr)")
        #expect(train.stderr.contains(#""language": "de" or "en""#))
    }

    @Test func theRemindersNotificationSpeaksTheParticipantsRememberedLanguage() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("notify-de")
        let catalogs = try Self.compiledCatalogs()
        defer {
            try? FileManager.default.removeItem(at: logs)
            try? FileManager.default.removeItem(at: catalogs)
        }
        try DisplayPreferences.remember(.german, logs: logs, participant: try ParticipantID("D05"))
        // A notify-send that records what it was asked to show and reports a dismissal (nothing opens).
        let said = logs.appendingPathComponent("notify-send-args.txt")
        let bin = logs.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("notify-send")
        try "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\" >> '\(said.path)'; done\n".write(
            to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let environment = [
            "SOUNDSAFARI_LOCALEDIR": catalogs.path,
            "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
        ]
        for kind in ["training", "prompt"] {
            let output = try SoundSafariBinary.run(
                ["reminders", "notify", "--participant", "D05", "--kind", kind, "--logs", logs.path],
                environment: environment)
            #expect(output.status == 0, "\(output.stderr)")
        }
        let arguments = try String(contentsOf: said, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(arguments.contains("Zeit für Ihr Hörtraining."))
        #expect(arguments.contains("--action=open=Training starten"))
        #expect(arguments.contains("Ein paar kurze Fragen: Wie geht es Ihnen gerade mit Ihrem Tinnitus?"))
        #expect(arguments.contains("--action=open=Antworten"))
        #expect(arguments.filter { $0 == "SoundSafari" }.count == 2, "the title is the app's name in every language")
    }
}
