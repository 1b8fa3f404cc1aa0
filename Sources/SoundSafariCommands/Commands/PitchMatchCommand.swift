// `soundsafari pitch-match`: the tinnitus pitch and loudness match, written to the participant's profile.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import StudyKit
import StudyRecords

extension PitchProbe: ExpressibleByArgument {}

struct PitchMatchCommand: WindowCommand {
    var logsFolder: URL? { URL(fileURLWithPath: logs) }

    static let configuration = CommandConfiguration(
        commandName: "pitch-match",
        abstract: "Match the tinnitus pitch (3–5 runs with an octave check) and loudness; add it to the profile.",
        discussion: """
            Needs an audiogram in the profile (hearing-test or profile set-audiogram): the match starts at the \
            largest loss, 10 dB above threshold, each ear at the level its headphone calibration gives. \
            --probe noise matches with 1/3-octave noise (a noise-like tinnitus); without --probe the window asks \
            (T or N) and --bot runs use a tone. --bot simulated answers as a tinnitus at --bot-tinnitus-hz.
            """)

    @Option(help: "Pseudonymous participant ID.")
    var participant: String

    @Option(help: "simulated: answer with a simulated tinnitus (headless); without it the match opens a window.")
    var bot: ProcedureBot?

    @Option(help: "The simulated tinnitus pitch in Hz (250–16000).")
    var botTinnitusHz: Double?

    @Option(help: "tone or noise (1/3-octave noise, for a noise-like tinnitus); default: the window asks.")
    var probe: PitchProbe?

    @Option(help: "Runs of the match (3–5).")
    var runs: Int = 3

    @Option(help: "Notch width in octaves for the tailored output: 1, 0.5 or 0.25.")
    var notchWidth: Double = 1

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"
    @OptionGroup var language: LanguageOption

    func validate() throws {
        if !PitchMatch.allowedRuns.contains(runs) { throw ValidationError("--runs must be 3, 4 or 5.") }
        if !NotchSetting.allowedWidths.contains(notchWidth) {
            throw ValidationError("--notch-width must be 1, 0.5 or 0.25.")
        }
        if (bot == nil) != (botTinnitusHz == nil) {
            throw ValidationError("--bot simulated and --bot-tinnitus-hz F go together.")
        }
        if let botTinnitusHz, !PitchMatch.frequencyRange.contains(botTinnitusHz) {
            throw ValidationError("--bot-tinnitus-hz must be from 250 to 16000.")
        }
    }

    func run(hooks: AppHooks) throws {
        try language.activate(logs: URL(fileURLWithPath: logs), participant: participant)
        let id = try ParticipantID(participant)
        let logsURL = URL(fileURLWithPath: logs)
        let url = HearingProfile.url(logs: logsURL, participant: id.value)
        guard let botTinnitusHz else {
            let procedure = HearingProcedure.pitchMatch(runs: runs, notchWidthOctaves: notchWidth, probe: probe)
            let options = AppOptions(kind: .hearing(participant: id, procedure: procedure), logs: logsURL)
            let status = try GameApp(options: options, hooks: hooks).runLoop()
            if status != 0 { throw ExitCode(status) }
            return
        }
        guard var profile = try HearingProfile.load(logs: logsURL, participant: id.value) else {
            throw ValidationError(
                "\(url.path) does not exist; run `soundsafari hearing-test` or `soundsafari profile set-audiogram` first."
            )
        }
        guard let audiogram = profile.audiogram, let largest = audiogram.largestLoss else {
            throw ValidationError("\(url.path) has no audiogram; run `soundsafari hearing-test` first.")
        }
        let threshold: @Sendable (Double) -> Double = { frequency in
            Ear.allCases.compactMap { audiogram.threshold($0, at: frequency) }.min() ?? 0
        }
        let match = PitchMatch(startHz: largest.frequency, runs: runs, threshold: threshold)
        var listener = SimulatedTinnitusListener(pitchHz: botTinnitusHz, levelDB: threshold(botTinnitusHz) + 8)
        let result = match.run(with: &listener)
        profile.tinnitus = TinnitusMatch(
            pitchHz: result.pitchHz, levelDBAboveThreshold: result.levelAboveThresholdDB, ear: "both",
            runsHz: result.runs.map(\.matchedHz), spreadOctaves: result.spreadOctaves, probe: probe ?? .tone)
        profile.notchWidthOctaves = notchWidth
        // A new match moves the notch to the pitch just matched, also away from a centre prescribed before.
        profile.notchCenterHz = nil
        profile.source = "pitch-match (bot simulated, \(runs) runs, \((probe ?? .tone).rawValue))"
        let written = try HearingProfile.append(profile, logs: logsURL)
        print(
            String(
                format: "Runs: %@ Hz; median %.0f Hz, spread ±%.3f octave.",
                result.runs.map { String(format: "%.0f", $0.matchedHz) }.joined(separator: ", "), result.pitchHz,
                result.spreadOctaves))
        print("Wrote version \(written.version) of \(url.path).")
        ProfileSummary.print(written)
    }
}
