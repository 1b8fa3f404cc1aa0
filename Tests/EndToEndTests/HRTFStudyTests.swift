// A study that fixes the HRTF set per condition and forbids the choice (issue 43, item 4).
import Foundation
import StudyRecords
import Testing
import TidyFormats

@Suite("HRTF sets in a study")
struct HRTFStudyTests {
    /// Two conditions heard through different sets (the set as a within-subject factor), and no choice allowed.
    static func writeProtocol(_ folder: URL, hrtf: String = "ari-nh2") throws -> URL {
        let file = folder.appendingPathComponent("hrtf-study.json")
        try """
        {
          "name": "hrtf-study", "seed": 9, "hrtf_choice": false,
          "conditions": [
            { "name": "standard", "level": "one-target", "repetitions": 2, "hrtf": "default-48000" },
            { "name": "measured", "level": "one-target", "repetitions": 2, "hrtf": "\(hrtf)" }
          ]
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test(
        "Each condition's rows log its own set; status shows the sets per condition; hrtf choose refuses a participant of the study in one sentence and writes nothing"
    )
    func setPerConditionAndNoChoice() throws {
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-study")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let logs = home.appendingPathComponent("logs")
        let sofa = SoundSafariBinary.packageRoot.appendingPathComponent("HRTF/ari-nh2.sofa")
        let imported = try SoundSafariBinary.run(["hrtf", "import", sofa.path], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let study = try Self.writeProtocol(home)
        let session = try SoundSafariBinary.run(
            ["simulate", "--protocol", study.path, "--participant", "S01", "--bot", "noisy", "--logs", logs.path],
            environment: environment, currentDirectory: SoundSafariBinary.packageRoot)
        #expect(session.status == 0, "\(session.stderr)")
        let folder = try FirstSessionFolder.under(logs)
        let trials = try CSVLogFile<TrialRow>.decode(
            try Data(contentsOf: folder.appendingPathComponent("trials.csv")), file: "trials.csv"
        ).records
        #expect(trials.count == 4)
        for row in trials {
            #expect(row.hrtf == (row.condition == "measured" ? "ari-nh2" : "default-48000"), "\(row.condition)")
            #expect(row.hrtfSHA256.count == 64)
        }
        #expect(Set(trials.map(\.hrtfSHA256)).count == 2)

        let status = try SoundSafariBinary.run(["status", "--logs", logs.path], environment: environment)
        let line = try #require(status.stdout.split(separator: "\n").first { $0.hasPrefix("S01 ") })
        #expect(line.hasSuffix("per condition: default-48000, ari-nh2"), "\(line)")

        let choose = try SoundSafariBinary.run(
            ["hrtf", "choose", "--participant", "S01", "--listener-ears", "ari-nh2", "--logs", logs.path],
            environment: environment, currentDirectory: SoundSafariBinary.packageRoot)
        #expect(choose.status == 1)
        #expect(
            choose.stderr.contains(
                "S01 takes part in the study hrtf-study, which decides which sound each participant hears"),
            "\(choose.stderr)")
        #expect(choose.stderr.split(separator: "\n").count == 1, "\(choose.stderr)")
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("S01/hrtf-choice.csv").path))
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("S01/profile.json").path))
    }

    @Test("A condition's set this machine does not have stops the session before round 1, naming the condition")
    func unknownSetStopsTheSession() throws {
        let home = try SoundSafariBinary.temporaryDirectory("hrtf-study-bad")
        defer { try? FileManager.default.removeItem(at: home) }
        let logs = home.appendingPathComponent("logs")
        let study = try Self.writeProtocol(home, hrtf: "no-such-head")
        let session = try SoundSafariBinary.run(
            ["simulate", "--protocol", study.path, "--participant", "S02", "--logs", logs.path],
            environment: ["XDG_DATA_HOME": home.appendingPathComponent("data").path],
            currentDirectory: SoundSafariBinary.packageRoot)
        #expect(session.status != 0)
        #expect(
            session.stderr.contains(
                "The protocol 'hrtf-study' has the condition 'measured' heard through its own HRTF set"),
            "\(session.stderr)")
        #expect(session.stderr.contains("Unknown HRTF 'no-such-head'"), "\(session.stderr)")
        let sessions = FileManager.default.enumerator(at: logs, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "session.json" }
        #expect(sessions?.isEmpty ?? true, "no session is left behind")
    }
}
