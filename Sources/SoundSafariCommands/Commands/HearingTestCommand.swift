// `soundsafari hearing-test`: the Hughson-Westlake pure-tone test, written to the participant's profile.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import StudyKit
import StudyRecords

/// Who answers the tones.
enum ProcedureBot: String, ExpressibleByArgument {
    case simulated
}

struct HearingTestCommand: WindowCommand {
    var logsFolder: URL? { URL(fileURLWithPath: logs) }

    static let configuration = CommandConfiguration(
        commandName: "hearing-test",
        abstract: "Measure hearing thresholds per ear (Hughson-Westlake) and add them to the profile.",
        discussion: """
            Without headphone calibration the thresholds are in dB re full scale (uncalibrated). \
            --bot simulated answers as a listener with the audiogram of --bot-audiogram (dB HL, heard through \
            headphones giving 100 dB SPL at 0 dBFS) and writes the profile exactly as a person would. \
            --frequencies measures only those; the profile's other frequencies are kept in the new version.
            """)

    @Option(help: "Pseudonymous participant ID.")
    var participant: String

    @Option(help: "simulated: answer with a simulated listener (headless); without it the test opens a window.")
    var bot: ProcedureBot?

    @Option(help: "The simulated listener's audiogram (CSV: frequency_hz,left_db_hl,right_db_hl).")
    var botAudiogram: String?

    @Option(help: "Measure only these frequencies (Hz, comma-separated, 125–8000), keeping the profile's others.")
    var frequencies: String?

    // Drawn in run(), not as the option's default: a drawn default would print in --help, differently each time.
    @Option(help: "Seed of the tone timing and the simulated answers (default: drawn).")
    var seed: UInt64?

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"
    @OptionGroup var language: LanguageOption

    /// Frequencies a headphone calibration has reference thresholds for (RETSPL, 125 Hz to 8 kHz).
    static let measurableFrequencies: ClosedRange<Double> = 125...8000

    /// `--frequencies` read, nil when not given.
    func only() throws -> [Double]? {
        guard let frequencies else { return nil }
        let items = frequencies.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var parsed: [Double] = []
        for item in items {
            guard let value = Double(item), Self.measurableFrequencies.contains(value) else {
                throw ValidationError(
                    "--frequencies “\(item)” is not a frequency from 125 to 8000 Hz; give them comma-separated, e.g. 250,1000,4000."
                )
            }
            guard !parsed.contains(value) else {
                throw ValidationError("--frequencies names \(item) Hz twice; give each frequency once.")
            }
            parsed.append(value)
        }
        return parsed
    }

    func validate() throws {
        if (bot == nil) != (botAudiogram == nil) {
            throw ValidationError("--bot simulated and --bot-audiogram FILE go together.")
        }
        _ = try only()
    }

    func run(hooks: AppHooks) throws {
        try language.activate(logs: URL(fileURLWithPath: logs), participant: participant)
        let seed = self.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let id = try ParticipantID(participant)
        let only = try only()
        guard let botAudiogram else {
            let options = AppOptions(
                kind: .hearing(participant: id, procedure: .hearingTest(seed: seed, frequencies: only)),
                logs: URL(fileURLWithPath: logs))
            let status = try GameApp(options: options, hooks: hooks).runLoop()
            if status != 0 { throw ExitCode(status) }
            return
        }
        let truth = try AudiogramFile.read(URL(fileURLWithPath: botAudiogram))
        let logsURL = URL(fileURLWithPath: logs)
        let url = HearingProfile.url(logs: logsURL, participant: id.value)
        var profile =
            try HearingProfile.load(logs: logsURL, participant: id.value) ?? HearingProfile(participant: id.value)
        // With a calibration the test runs in dB HL; without, in dBFS, and the simulated listener hears through
        // nominal headphones (its dB HL thresholds sit at HL + RETSPL − 100 dBFS).
        let unit: AudiogramUnit = profile.calibration == nil ? .fullScaleUncalibrated : .hearingLevel
        let measuring = only ?? truth.frequencies
        if let only, let missing = only.first(where: { !truth.frequencies.contains($0) }) {
            throw ValidationError(
                "--bot-audiogram \(botAudiogram) has no threshold at \(String(format: "%g", missing)) Hz of --frequencies; add it or leave it out."
            )
        }
        if only != nil, let earlier = profile.audiogram?.unit, earlier != unit {
            throw ValidationError(
                "\(url.path) holds an audiogram in \(earlier.rawValue) but this test measures in \(unit.rawValue); leave out --frequencies to measure every frequency."
            )
        }
        let levels = HughsonWestlakeLevels(calibration: profile.calibration, frequencies: measuring)
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
            frequencies: measuring, startLevel: levels.start, minimumLevel: levels.minimum,
            maximumLevel: levels.maximum, seed: seed)
        var listener = SimulatedHearingListener(thresholds: unit == .hearingLevel ? truth : heard, seed: seed &* 7919)
        test.run(with: &listener)
        let measured = Audiogram(
            unit: unit, left: test.thresholds[.left] ?? [:], right: test.thresholds[.right] ?? [:])
        profile.audiogram = only.flatMap { only in profile.audiogram?.remeasured(only, by: measured) } ?? measured
        let which = only.map { " at " + $0.map { String(format: "%g", $0) }.joined(separator: ",") + " Hz" } ?? ""
        profile.source = "hearing-test (bot simulated, seed \(seed), \(test.log.count) tones\(which))"
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
