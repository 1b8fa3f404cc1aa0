// `soundsafari hearing-test`: the Hughson-Westlake pure-tone test, written to the participant's profile.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import StudyKit

/// Who answers the tones.
enum ProcedureBot: String, ExpressibleByArgument {
    case simulated
}

struct HearingTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hearing-test",
        abstract: "Measure hearing thresholds per ear (Hughson-Westlake) and add them to the profile.",
        discussion: """
            Without headphone calibration the thresholds are in dB re full scale (uncalibrated). \
            --bot simulated answers as a listener with the audiogram of --bot-audiogram (dB HL, heard through \
            headphones giving 100 dB SPL at 0 dBFS) and writes the profile exactly as a person would.
            """)

    @Option(help: "Pseudonymous participant ID.")
    var participant: String

    @Option(help: "simulated: answer with a simulated listener (headless); without it the test opens a window.")
    var bot: ProcedureBot?

    @Option(help: "The simulated listener's audiogram (CSV: frequency_hz,left_db_hl,right_db_hl).")
    var botAudiogram: String?

    @Option(help: "Seed of the tone timing and the simulated answers (default: drawn).")
    var seed: UInt64 = UInt64.random(in: 1...UInt64(UInt32.max))

    @Option(help: "Folder for the study logs.")
    var logs: String = "StudyLogs"

    func validate() throws {
        if (bot == nil) != (botAudiogram == nil) {
            throw ValidationError("--bot simulated and --bot-audiogram FILE go together.")
        }
    }

    func run() throws {
        let id = try ParticipantID(participant)
        guard let botAudiogram else {
            _ = try ProcedureWindow(participant: id, logs: URL(fileURLWithPath: logs)).run(.hearingTest(seed: seed))
            return
        }
        let truth = try AudiogramFile.read(URL(fileURLWithPath: botAudiogram))
        let logsURL = URL(fileURLWithPath: logs)
        let url = HearingProfile.url(logs: logsURL, participant: id.value)
        var profile =
            FileManager.default.fileExists(atPath: url.path)
            ? try HearingProfile.read(url) : HearingProfile(participant: id.value)
        // With a calibration the test runs in dB HL; without, in dBFS, and the simulated listener hears through
        // nominal headphones (its dB HL thresholds sit at HL + RETSPL − 100 dBFS).
        let unit: AudiogramUnit = profile.calibration == nil ? .fullScaleUncalibrated : .hearingLevel
        let levels = HughsonWestlakeLevels(calibration: profile.calibration, frequencies: truth.frequencies)
        let heard = Audiogram(
            unit: unit,
            left: Dictionary(
                uniqueKeysWithValues: truth.left.map {
                    ($0.key, HeadphoneCalibration.nominal.fullScale(hearingLevel: $0.value, at: $0.key, ear: .left))
                }),
            right: Dictionary(
                uniqueKeysWithValues: truth.right.map {
                    ($0.key, HeadphoneCalibration.nominal.fullScale(hearingLevel: $0.value, at: $0.key, ear: .right))
                }))
        var test = HughsonWestlakeTest(
            frequencies: truth.frequencies, startLevel: levels.start, minimumLevel: levels.minimum,
            maximumLevel: levels.maximum, seed: seed)
        var listener = SimulatedHearingListener(thresholds: unit == .hearingLevel ? truth : heard, seed: seed &* 7919)
        test.run(with: &listener)
        profile.audiogram = Audiogram(
            unit: unit, left: test.thresholds[.left] ?? [:], right: test.thresholds[.right] ?? [:])
        profile.source = "hearing-test (bot simulated, seed \(seed), \(test.log.count) tones)"
        let written = try HearingProfile.append(profile, logs: logsURL)
        print("Presented \(test.log.count) tones. Wrote version \(written.version) of \(url.path).")
        for ear in Ear.allCases where !(test.noResponse[ear] ?? []).isEmpty {
            print(
                "No response (\(ear.rawValue)): \(test.noResponse[ear]!.map { String(format: "%.0f Hz", $0) }.joined(separator: ", "))"
            )
        }
        ProfileSummary.print(written)
    }
}
