// The hearing profile as a user builds and uses it: simulated procedures write profile.json, render --profile applies it.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords
import Testing

@Suite("Hearing profile commands")
struct HearingProfileCommandTests {
    private let audiogramCSV = """
        frequency_hz,left_db_hl,right_db_hl
        250,10,20
        500,15,25
        1000,20,30
        2000,30,45
        4000,40,55
        6000,45,60
        8000,50,65

        """

    @Test("hearing-test and pitch-match with simulated listeners write versions 1 and 2 of profile.json")
    func simulatedProceduresWriteTheProfile() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("profile-bots")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("audiogram.csv")
        try audiogramCSV.write(to: csv, atomically: true, encoding: .utf8)
        let logs = folder.appendingPathComponent("logs").path
        let test = try SoundSafariBinary.run([
            "hearing-test", "--participant", "P05", "--bot", "simulated", "--bot-audiogram", csv.path, "--seed", "4",
            "--logs", logs,
        ])
        #expect(test.status == 0, "\(test.stderr)")
        let match = try SoundSafariBinary.run([
            "pitch-match", "--participant", "P05", "--bot", "simulated", "--bot-tinnitus-hz", "6000", "--logs", logs,
        ])
        #expect(match.status == 0, "\(match.stderr)")
        let url = URL(fileURLWithPath: logs).appendingPathComponent("P05/profile.json")
        let versions = try HearingProfile.readAll(url)
        #expect(versions.map(\.version) == [1, 2])
        let measured = try #require(versions[1].audiogram)
        #expect(measured.unit == .fullScaleUncalibrated)
        // The simulated listener hears through nominal headphones: HL + RETSPL − 100 dBFS.
        let retspl: [Double: Double] = [250: 25.5, 500: 11.5, 1000: 7, 2000: 9, 4000: 9.5, 6000: 15.5, 8000: 13]
        let left: [Double: Double] = [250: 10, 500: 15, 1000: 20, 2000: 30, 4000: 40, 6000: 45, 8000: 50]
        for (frequency, level) in left {
            let found = try #require(measured.left[frequency])
            #expect(abs(found - (level + retspl[frequency]! - 100)) <= 5, "\(frequency) Hz: \(found)")
        }
        let pitch = try #require(versions[1].tinnitus?.pitchHz)
        #expect(abs(log2(pitch / 6000)) <= 1.0 / 12, "\(pitch) Hz")
        #expect(versions[0].tinnitus == nil, "version 1 is kept as it was")
    }

    @Test("The ceiling and the maximum volume take negative values as written, without the = form")
    func negativeLevelsAreValues() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("profile-negative")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = folder.appendingPathComponent("logs").path
        let set = try SoundSafariBinary.run([
            "profile", "set-output", "--participant", "P09", "--ceiling-dbfs", "-3", "--max-volume-db", "-12",
            "--logs", logs,
        ])
        #expect(set.status == 0, "\(set.stderr)")
        let profile = try HearingProfile.read(URL(fileURLWithPath: logs).appendingPathComponent("P09/profile.json"))
        #expect(profile.ceilingDBFS == -3)
        #expect(profile.maxVolumeDB == -12)
    }

    @Test("With a supervisor's headphone calibration the hearing test is in dB HL and recovers the audiogram")
    func calibratedTestIsInHearingLevel() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("profile-calibrated")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("audiogram.csv")
        try audiogramCSV.write(to: csv, atomically: true, encoding: .utf8)
        let logs = folder.appendingPathComponent("logs").path
        let calibrate = try SoundSafariBinary.run([
            "profile", "set-output", "--participant", "P06", "--calibration-left-db-spl", "105",
            "--calibration-right-db-spl", "103", "--logs", logs,
        ])
        #expect(calibrate.status == 0, "\(calibrate.stderr)")
        let test = try SoundSafariBinary.run([
            "hearing-test", "--participant", "P06", "--bot", "simulated", "--bot-audiogram", csv.path, "--seed", "2",
            "--logs", logs,
        ])
        #expect(test.status == 0, "\(test.stderr)")
        let profile = try HearingProfile.read(URL(fileURLWithPath: logs).appendingPathComponent("P06/profile.json"))
        let measured = try #require(profile.audiogram)
        #expect(measured.unit == .hearingLevel)
        #expect(profile.version == 2)
        let truth = try AudiogramFile.read(csv)
        for ear in [Ear.left, .right] {
            for (frequency, level) in truth.thresholds(ear) {
                let found = try #require(measured.thresholds(ear)[frequency])
                #expect(abs(found - level) <= 5, "\(ear) \(frequency) Hz: \(found) vs \(level)")
            }
        }
    }

    @Test("render --profile notches the tinnitus pitch and adds the audiogram's gain per ear in the written WAV")
    func renderAppliesTheProfile() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("profile-render")
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile.json")
        try """
        {"schema_version": 1, "participant": "P01", "audiogram": {"unit": "dB HL", "left": {"1000": 20, "2000": 20, \
        "8000": 20}, "right": {"1000": 40, "2000": 40, "8000": 40}}, "tinnitus": {"pitch_hz": 4000, "ear": "both"}, \
        "tailoring": {"notch": {"center_hz": 4000, "width_octaves": 1}, "gain_rule": "half-gain", "max_gain_db": 20}, \
        "output": {"ceiling_dbfs": -1}}
        """.write(to: profile, atomically: true, encoding: .utf8)
        var levels: [String: [Double: (Double, Double)]] = [:]
        for (name, extra) in [("plain", [String]()), ("tailored", ["--profile", profile.path])] {
            for frequency in [1000.0, 4000] {
                let tone = folder.appendingPathComponent("tone\(Int(frequency)).wav")
                let samples = (0..<48_000).map { Float(0.1 * sin(2 * Double.pi * frequency * Double($0) / 48_000)) }
                try AudioFileWriter.write(samples, channels: 1, sampleRate: 48_000, format: .wavFloat, to: tone)
                let out = folder.appendingPathComponent("\(name)\(Int(frequency)).wav")
                let result = try SoundSafariBinary.run(
                    ["render", "--file", tone.path, "--bearing", "0", "--gain-db=-30", "--out", out.path] + extra)
                #expect(result.status == 0, "\(result.stderr)")
                let (rendered, _, _) = try AudioFileReader.readInterleaved(out)
                let tail = rendered.suffix(2 * 24_000)
                func level(_ channel: Int) -> Double {
                    let values = stride(from: tail.startIndex + channel, to: tail.endIndex, by: 2).map {
                        Double(rendered[$0])
                    }
                    return 10 * log10(values.map { $0 * $0 }.reduce(0, +) / Double(values.count))
                }
                levels[name, default: [:]][frequency] = (level(0), level(1))
            }
        }
        let at1k = (
            levels["tailored"]![1000]!.0 - levels["plain"]![1000]!.0,
            levels["tailored"]![1000]!.1 - levels["plain"]![1000]!.1
        )
        let at4k = (
            levels["tailored"]![4000]!.0 - levels["plain"]![4000]!.0,
            levels["tailored"]![4000]!.1 - levels["plain"]![4000]!.1
        )
        print("render --profile: 1 kHz left \(at1k.0) right \(at1k.1) dB; 4 kHz left \(at4k.0) right \(at4k.1) dB")
        #expect(abs(at1k.0 - 10) <= 1)
        #expect(abs(at1k.1 - 20) <= 1)
        // 4 kHz sits in the notch: at least 40 dB below the gained level (+10 left, +20 right).
        #expect(at4k.0 <= 10 - 40)
        #expect(at4k.1 <= 20 - 40)
    }

    @Test("An unknown gain rule in a profile is one sentence naming the file and the field")
    func badProfileIsNamed() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("profile-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile.json")
        try """
        {"schema_version": 1, "participant": "P01", "tailoring": {"gain_rule": "double"}}
        """.write(to: profile, atomically: true, encoding: .utf8)
        let result = try SoundSafariBinary.run([
            "render", "--sound", "frog", "--bearing", "0", "--profile", profile.path, "--out",
            folder.appendingPathComponent("x.wav").path,
        ])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(profile.path) && result.stderr.contains("tailoring.gain_rule"), "\(result.stderr)")
    }
}
