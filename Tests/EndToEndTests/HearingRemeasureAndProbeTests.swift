// hearing-test --frequencies re-measures some frequencies into a new version; pitch-match --probe records the probe.
import Foundation
import GameCore
import StudyKit
import StudyRecords
import Testing

@Suite("Hearing test of some frequencies, pitch-match probe")
struct HearingRemeasureAndProbeTests {
    static let truthCSV = """
        frequency_hz,left_db_hl,right_db_hl
        250,10,20
        1000,20,30
        4000,40,55
        8000,50,65

        """

    /// A calibrated profile (dB HL) with a clinic audiogram unlike the simulated listener's, as version 2.
    static func setUp(_ folder: URL) throws -> (logs: String, truth: URL, profile: URL) {
        let logs = folder.appendingPathComponent("logs").path
        let truth = folder.appendingPathComponent("truth.csv")
        try truthCSV.write(to: truth, atomically: true, encoding: .utf8)
        let clinic = folder.appendingPathComponent("clinic.csv")
        try "frequency_hz,left_db_hl,right_db_hl\n250,0,0\n1000,0,0\n4000,0,0\n8000,0,0\n".write(
            to: clinic, atomically: true, encoding: .utf8)
        for arguments in [
            [
                "profile", "set-output", "--participant", "R01", "--calibration-left-db-spl", "100",
                "--calibration-right-db-spl", "112",
            ],
            ["profile", "set-audiogram", "--participant", "R01", clinic.path],
        ] {
            let result = try SoundSafariBinary.run(arguments + ["--logs", logs])
            #expect(result.status == 0, "\(result.stderr)")
        }
        return (logs, truth, URL(fileURLWithPath: logs).appendingPathComponent("R01/profile.json"))
    }

    @Test("--frequencies 1000,4000 measures those two, keeps 250 and 8000 Hz of the earlier version, appends version 3")
    func someFrequenciesKeepTheOthers() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("remeasure")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (logs, truth, url) = try Self.setUp(folder)
        let result = try SoundSafariBinary.run([
            "hearing-test", "--participant", "R01", "--bot", "simulated", "--bot-audiogram", truth.path,
            "--frequencies", "1000,4000", "--seed", "3", "--logs", logs,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let versions = try HearingProfile.readAll(url)
        #expect(versions.map(\.version) == [1, 2, 3])
        let before = try #require(versions[1].audiogram)
        let after = try #require(versions[2].audiogram)
        #expect(before.left == [250: 0, 1000: 0, 4000: 0, 8000: 0], "version 2 is kept as it was")
        for ear in Ear.allCases {
            #expect(after.thresholds(ear)[250] == 0 && after.thresholds(ear)[8000] == 0, "\(ear): kept")
        }
        for (frequency, left, right) in [(1000.0, 20.0, 30.0), (4000, 40, 55)] {
            let found = (try #require(after.left[frequency]), try #require(after.right[frequency]))
            #expect(abs(found.0 - left) <= 5 && abs(found.1 - right) <= 5, "\(frequency) Hz: \(found)")
        }
        #expect(versions[2].source.contains("1000,4000 Hz"), "\(versions[2].source)")
    }

    @Test(
        "A bad --frequencies is one sentence naming it",
        arguments: [
            ("1000,abc", "“abc” is not a frequency from 125 to 8000 Hz"), ("1000,1000", "1000 Hz twice"),
            ("16000", "“16000” is not a frequency from 125 to 8000 Hz"), ("1000,", "“” is not a frequency"),
        ])
    func badFrequencies(value: String, says: String) throws {
        let folder = try SoundSafariBinary.temporaryDirectory("remeasure-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SoundSafariBinary.run([
            "hearing-test", "--participant", "R01", "--frequencies", value, "--logs", folder.path,
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error") }.count == 1)
    }

    @Test("--frequencies against an uncalibrated profile's dB re full scale audiogram in dB HL is refused")
    func mixedUnitsAreRefused() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("remeasure-units")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = folder.appendingPathComponent("logs").path
        let truth = folder.appendingPathComponent("truth.csv")
        try Self.truthCSV.write(to: truth, atomically: true, encoding: .utf8)
        let bot = ["--bot", "simulated", "--bot-audiogram", truth.path, "--seed", "1", "--logs", logs]
        let first = try SoundSafariBinary.run(["hearing-test", "--participant", "R02"] + bot)
        #expect(first.status == 0, "\(first.stderr)")
        let calibrate = try SoundSafariBinary.run([
            "profile", "set-output", "--participant", "R02", "--calibration-left-db-spl", "100",
            "--calibration-right-db-spl", "100", "--logs", logs,
        ])
        #expect(calibrate.status == 0, "\(calibrate.stderr)")
        let again = try SoundSafariBinary.run(
            ["hearing-test", "--participant", "R02", "--frequencies", "1000"] + bot)
        #expect(again.status != 0)
        #expect(again.stderr.contains("leave out --frequencies"), "\(again.stderr)")
    }

    @Test("pitch-match --probe noise is recorded as tinnitus.probe; a bot run without --probe records tone")
    func probeIsRecorded() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (logs, _, url) = try Self.setUp(folder)
        let bot = ["pitch-match", "--participant", "R01", "--bot", "simulated", "--bot-tinnitus-hz", "5000"]
        let noise = try SoundSafariBinary.run(bot + ["--probe", "noise", "--logs", logs])
        #expect(noise.status == 0, "\(noise.stderr)")
        #expect(noise.stdout.contains("matched with a noise"), "\(noise.stdout)")
        let tone = try SoundSafariBinary.run(bot + ["--logs", logs])
        #expect(tone.status == 0, "\(tone.stderr)")
        let versions = try HearingProfile.readAll(url)
        #expect(versions.compactMap { $0.tinnitus?.probe } == [.noise, .tone])
        let bad = try SoundSafariBinary.run(bot + ["--probe", "hiss", "--logs", logs])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--probe"), "\(bad.stderr)")
    }

    @Test("A profile written before the probe existed reads as tone; an unknown probe names the field")
    func oldProfilesReadAsTone() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("probe-old")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("profile.json")
        try #"{"schema_version": 1, "participant": "P01", "tinnitus": {"pitch_hz": 4000}}"#.write(
            to: url, atomically: true, encoding: .utf8)
        #expect(try HearingProfile.read(url).tinnitus?.probe == .tone)
        try #"{"schema_version": 1, "participant": "P01", "tinnitus": {"pitch_hz": 4000, "probe": "hiss"}}"#.write(
            to: url, atomically: true, encoding: .utf8)
        #expect(throws: ProfileError.self) { try HearingProfile.read(url) }
        do { _ = try HearingProfile.read(url) } catch { #expect("\(error)".contains("tinnitus.probe")) }
    }
}
