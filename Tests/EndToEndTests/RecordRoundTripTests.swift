// Every log file the game writes reads into StudyRecords' records and writes back to the same bytes; device_id and
// app_version are the machine's and the build's; the analyzer refuses to pool one participant's clashing sessions.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@Suite(.serialized) struct RecordRoundTripTests {
    /// Reads `url` through its record type and writes it back; the bytes must be the file's.
    static func roundTrip(_ url: URL) throws {
        let data = try Data(contentsOf: url)
        let name = url.lastPathComponent
        let again: Data
        switch name {
        case "trials.csv": again = try CSVLogFile<TrialRow>.decode(data, file: url.path).encoded()
        case "ratings.csv": again = try CSVLogFile<RatingRow>.decode(data, file: url.path).encoded()
        case "participants.csv": again = try CSVLogFile<ParticipantRecord>.decode(data, file: url.path).encoded()
        case "questionnaires.csv": again = try CSVLogFile<QuestionnaireRow>.decode(data, file: url.path).encoded()
        case "diary.csv": again = try CSVLogFile<DiaryRow>.decode(data, file: url.path).encoded()
        case "tracker.csv": again = try CSVLogFile<TrackerRow>.decode(data, file: url.path).encoded()
        case "session.json": again = try SessionRecord.decode(data, file: url.path).encoded()
        case "profile.json":
            again = HearingProfile.encoded(versions: try HearingProfile.decodeAll(data, path: url.path))
        case _ where name.hasPrefix("plan-") && name.hasSuffix(".json"):
            again = try AssignedPlan.decode(data, url: url).encoded()
        default: return
        }
        #expect(again == data, "\(url.path) changed in a read and write through its record")
    }

    static func logFiles(under folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter {
            ["csv", "json"].contains($0.pathExtension)
        }.sorted { $0.path < $1.path }
    }

    @Test func theSampleSessionRoundTripsByteForByteThoughItPredatesDeviceID() throws {
        let files = Self.logFiles(
            under: SoundSafariBinary.packageRoot.appendingPathComponent("Examples/sample-session"))
        #expect(files.count == 3)
        for file in files { try Self.roundTrip(file) }
    }

    @Test func questionnairesAndTheDiaryRoundTripByteForByte() throws {
        let files = Self.logFiles(
            under: SoundSafariBinary.packageRoot.appendingPathComponent("Analysis/Fixtures/questionnaire-logs")
        ).filter { $0.lastPathComponent == "questionnaires.csv" }
        #expect(files.count == 8)
        for file in files { try Self.roundTrip(file) }
        let logs = try SoundSafariBinary.temporaryDirectory("roundtrip-diary")
        defer { try? FileManager.default.removeItem(at: logs) }
        for arguments in [
            ["add", "--kind", "event", "--name", "=cmd, \"quoted\"", "--date", "2026-11-02", "--type", "appointment"],
            // A note starting with "-" (the formula guard's case) is given as --note=…: a lone "-x" would be a flag.
            ["add", "--kind", "therapy", "--name", "Noiser", "--date", "2026-10-01", "--type", "sport", "--note=-x"],
            ["remove", "E1"],
        ] {
            let output = try SoundSafariBinary.run(
                ["diary"] + arguments.prefix(1) + ["--participant", "RD1", "--logs", logs.path] + arguments.dropFirst())
            #expect(output.status == 0, "\(output.stderr)")
        }
        try Self.roundTrip(logs.appendingPathComponent("RD1/diary.csv"))
    }

    @Test func aSimulatedPlanWithRatingsRoundTripsAndRecordsTheMachineAndTheBuild() throws {
        let root = try SoundSafariBinary.temporaryDirectory("roundtrip")
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("config")
        let logs = root.appendingPathComponent("logs")
        for flags in [["--max-volume-db", "-10"], ["--gain-rule", "half-gain", "--max-gain-db", "15"]] {
            let profile = try SoundSafariBinary.run(
                ["profile", "set-output", "--participant", "R01", "--logs", logs.path] + flags,
                environment: ["XDG_CONFIG_HOME": config.path])
            #expect(profile.status == 0, "\(profile.stderr)")
        }
        let run = try SoundSafariBinary.run(
            [
                "simulate", "--plan", try SoundSafariBinary.example("training-plan.json", minutes: 1, in: root).path,
                "--sessions", "2", "--bot", "learner",
                "--participant", "R01", "--answer-ratings", "--seed", "3", "--logs", logs.path,
            ], environment: ["XDG_CONFIG_HOME": config.path], currentDirectory: SoundSafariBinary.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        let files = Self.logFiles(under: logs)
        let names = Set(files.map(\.lastPathComponent))
        #expect(
            names.isSuperset(of: [
                "participants.csv", "ratings.csv", "plan-001.json", "session.json", "trials.csv", "profile.json",
            ]))
        for file in files { try Self.roundTrip(file) }

        let device = try String(contentsOf: config.appendingPathComponent("soundsafari/device-id"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(device.hasPrefix("d-") && DeviceID.isValid(device))
        let version = try SoundSafariBinary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!version.isEmpty)
        for file in files where file.lastPathComponent == "session.json" {
            let record = try SessionRecord.decode(Data(contentsOf: file), file: file.path)
            #expect(record.environment.deviceID == device)
            #expect(record.environment.appVersion == version)
        }
        for file in files where file.lastPathComponent == "trials.csv" {
            let log = try CSVLogFile<TrialRow>.decode(Data(contentsOf: file), file: file.path)
            #expect(log.header.suffix(5).prefix(2) == ["device_id", "skipped"])
            #expect(!log.records.isEmpty && log.records.allSatisfy { $0.deviceID == device })
            // Every row names its stimulus: the synthesised animals of the plan (no recorded calls imported here).
            #expect(log.records.allSatisfy { $0.stimulus?.sha256.count == 64 })
        }
        let analyzeVersion = try SoundSafariBinary.run(["--version"], executable: "soundsafari-analyze").stdout
        #expect(analyzeVersion.trimmingCharacters(in: .whitespacesAndNewlines) == version)
    }

    @Test func twoMachinesNumberingOneParticipantsSessionsAreNotPooled() throws {
        let root = try SoundSafariBinary.temporaryDirectory("two-machines")
        defer { try? FileManager.default.removeItem(at: root) }
        var devices: [String] = []
        for machine in ["lab-1", "home-P07"] {
            let config = root.appendingPathComponent("\(machine)-config")
            let run = try SoundSafariBinary.run(
                [
                    "simulate", "--mode", "one-target", "--rounds", "2", "--bot", "ideal", "--participant", "P07",
                    "--seed", "1", "--logs", root.appendingPathComponent(machine).path,
                ], environment: ["XDG_CONFIG_HOME": config.path])
            #expect(run.status == 0, "\(run.stderr)")
            devices.append(
                try String(contentsOf: config.appendingPathComponent("soundsafari/device-id"), encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(devices[0] != devices[1])
        let pooled = try SoundSafariBinary.run(
            ["describe", root.appendingPathComponent("lab-1").path, root.appendingPathComponent("home-P07").path],
            executable: "soundsafari-analyze")
        #expect(pooled.status != 0)
        #expect(pooled.stderr.contains("Participant P07 has two different sessions numbered session_index 1"))
        #expect(pooled.stderr.contains("device \(devices[0])") && pooled.stderr.contains("device \(devices[1])"))
        #expect(pooled.stderr.contains("sync both machines to the study server"))
        #expect(pooled.stderr.split(separator: "\n").count == 1)
        // Each machine's folder alone is analysed as before.
        let alone = try SoundSafariBinary.run(
            ["describe", root.appendingPathComponent("lab-1").path], executable: "soundsafari-analyze")
        #expect(alone.status == 0, "\(alone.stderr)")
    }
}
