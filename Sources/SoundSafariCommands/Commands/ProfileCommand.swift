// `soundsafari profile`: a participant's hearing profile (profile.json), e.g. entering a clinic audiogram.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import StudyKit
import StudyRecords

extension GainRule: ExpressibleByArgument {}

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show or change a participant's hearing profile (<logs>/<participant>/profile.json).",
        subcommands: [ShowProfileCommand.self, SetAudiogramCommand.self, SetOutputCommand.self])
}

struct SetAudiogramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-audiogram",
        abstract: "Enter a clinic audiogram (CSV: frequency_hz,left_db_hl,right_db_hl) as a new profile version.",
        discussion: "Earlier versions stay in profile.json; the tinnitus match and tailoring carry over.")

    @Option(help: "Pseudonymous participant ID.")
    var participant: String

    @Argument(help: "The audiogram CSV file.")
    var file: String

    @Option(help: "Gain rule for the per-ear gain: half-gain, nal-r or none (default: keep the profile's, else none).")
    var gainRule: GainRule?

    @Option(help: "The supervisor's cap on any gain, in dB (default: keep the profile's, else 20).")
    var maxGainDb: Double?

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"

    func validate() throws {
        try checkMaxGainOption(maxGainDb)
    }

    func run() throws {
        let id = try ParticipantID(participant)
        let audiogram = try AudiogramFile.read(URL(fileURLWithPath: file))
        let logsURL = URL(fileURLWithPath: logs)
        let existing = HearingProfile.url(logs: logsURL, participant: id.value)
        var profile =
            try HearingProfile.load(logs: logsURL, participant: id.value) ?? HearingProfile(participant: id.value)
        profile.audiogram = audiogram
        profile.source = "set-audiogram \(file)"
        if let gainRule { profile.gainRule = gainRule }
        if let maxGainDb { profile.maxGainDB = maxGainDb }
        let written = try HearingProfile.append(profile, logs: logsURL)
        print("Wrote version \(written.version) of \(existing.path).")
        ProfileSummary.print(written)
    }
}

/// `--max-gain-db` of `set-audiogram` and `set-output`, against the one range profile.json is read with.
private func checkMaxGainOption(_ maxGainDb: Double?) throws {
    let range = GainRule.maxGainRangeDB
    if let maxGainDb, !range.contains(maxGainDb) {
        throw ValidationError("--max-gain-db must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)).")
    }
}

/// What a supervisor reads after a profile changed: thresholds, tinnitus, the resulting gains per ear.
enum ProfileSummary {
    static func print(_ profile: HearingProfile) {
        if let audiogram = profile.audiogram {
            Swift.print("Audiogram (\(audiogram.unit.rawValue)):")
            for frequency in audiogram.frequencies {
                let left = audiogram.left[frequency].map { String(format: "%.0f", $0) } ?? "–"
                let right = audiogram.right[frequency].map { String(format: "%.0f", $0) } ?? "–"
                Swift.print(String(format: "  %6.0f Hz  left %4@  right %4@", frequency, left, right))
            }
        }
        if let tinnitus = profile.tinnitus {
            Swift.print(
                String(format: "Tinnitus: %.0f Hz (matched with a %@)", tinnitus.pitchHz, tinnitus.probe.rawValue)
                    + (tinnitus.levelDBAboveThreshold.map { String(format: ", %.1f dB above threshold", $0) } ?? ""))
            if tinnitus.pitchHz > NotchSetting.effectiveUpToHz {
                Swift.print("Warning: notched training was found effective only up to 8 kHz (Teismann et al. 2011).")
            }
        }
        let tailoring = profile.tailoring
        if let notch = tailoring.notch {
            Swift.print(
                String(format: "Notch: %.0f Hz, %g octave wide", notch.centerHz, notch.widthOctaves)
                    + (profile.notchCenterHz == nil ? " (at the tinnitus pitch)" : " (prescribed apart from the pitch)")
            )
        }
        if profile.gainRule != .none, profile.audiogram?.unit != .hearingLevel {
            Swift.print("Note: the gain rule needs an audiogram in dB HL; no gain is applied.")
        }
        for ear in Ear.allCases where !tailoring.gains(ear).isEmpty {
            let gains = tailoring.gains(ear).sorted { $0.key < $1.key }
                .map { String(format: "%.0f Hz %+.1f", $0.key, $0.value) }.joined(separator: ", ")
            Swift.print("Gain \(ear.rawValue) (\(profile.gainRule.rawValue), cap \(profile.maxGainDB) dB): \(gains)")
        }
    }
}

struct SetOutputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-output",
        abstract: "The supervisor's output settings: gain rule and cap, notch width, ceiling, maximum volume.",
        discussion: "Writes a new profile version; options not given keep the profile's values.")

    @Option(help: "Pseudonymous participant ID.")
    var participant: String

    @Option(help: "half-gain, nal-r or none.")
    var gainRule: GainRule?

    @Option(
        help:
            "Cap on any gain, \(Int(GainRule.maxGainRangeDB.lowerBound))–\(Int(GainRule.maxGainRangeDB.upperBound)) dB."
    )
    var maxGainDb: Double?

    @Option(help: "Notch width at the tinnitus pitch: 1, 0.5 or 0.25 octave.")
    var notchWidth: Double?

    @Flag(help: "No notch.")
    var noNotch = false

    // `.unconditional`: these are negative by nature (`--ceiling-dbfs -1`), a value and not an unknown flag.
    @Option(parsing: .unconditional, help: "Output ceiling in dBFS (−40 to 0).")
    var ceilingDbfs: Double?

    @Option(parsing: .unconditional, help: "Maximum volume in dB above which the headphone check warns (−40 to 0).")
    var maxVolumeDb: Double?

    @Option(help: "Measured dB SPL of a 0 dBFS sine on the left earphone (with the right one: tests in dB HL).")
    var calibrationLeftDbSpl: Double?

    @Option(help: "Measured dB SPL of a 0 dBFS sine on the right earphone.")
    var calibrationRightDbSpl: Double?

    @Option(
        help:
            "The level in dB SPL of a known sound at the microphone (a calibrator's 94 dB at 1 kHz; with --microphone-reads-dbfs: the ratings' ambient level in dB(A))."
    )
    var microphoneReferenceDbSpl: Double?

    // `.unconditional`: a reading in dBFS is negative by nature.
    @Option(
        parsing: .unconditional,
        help: "What that sound read in ratings.csv's ambient_level_db while uncalibrated (dBFS, −120 to 0).")
    var microphoneReadsDbfs: Double?

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"

    func validate() throws {
        try checkMaxGainOption(maxGainDb)
        if let notchWidth, !NotchSetting.allowedWidths.contains(notchWidth) {
            throw ValidationError("--notch-width must be 1, 0.5 or 0.25.")
        }
        if noNotch && notchWidth != nil { throw ValidationError("--notch-width and --no-notch exclude each other.") }
        if let ceilingDbfs, !(-40...0).contains(ceilingDbfs) {
            throw ValidationError("--ceiling-dbfs must be from -40 to 0.")
        }
        if let maxVolumeDb, !(-40...0).contains(maxVolumeDb) {
            throw ValidationError("--max-volume-db must be from -40 to 0.")
        }
        if (calibrationLeftDbSpl == nil) != (calibrationRightDbSpl == nil) {
            throw ValidationError("--calibration-left-db-spl and --calibration-right-db-spl go together.")
        }
        for level in [calibrationLeftDbSpl, calibrationRightDbSpl].compactMap({ $0 })
        where !HeadphoneCalibration.plausibleRange.contains(level) {
            throw ValidationError("A calibration must be the measured dB SPL of a 0 dBFS sine, from 70 to 140.")
        }
        if (microphoneReferenceDbSpl == nil) != (microphoneReadsDbfs == nil) {
            throw ValidationError("--microphone-reference-db-spl and --microphone-reads-dbfs go together.")
        }
        if let microphoneReferenceDbSpl, !MicrophoneCalibration.plausibleReference.contains(microphoneReferenceDbSpl) {
            throw ValidationError(
                "--microphone-reference-db-spl must be the known sound's level, from 40 to 140 dB SPL.")
        }
        if let microphoneReadsDbfs, !MicrophoneCalibration.plausibleReading.contains(microphoneReadsDbfs) {
            throw ValidationError("--microphone-reads-dbfs must be what the known sound read, from -120 to 0 dBFS.")
        }
    }

    func run() throws {
        let id = try ParticipantID(participant)
        let logsURL = URL(fileURLWithPath: logs)
        let url = HearingProfile.url(logs: logsURL, participant: id.value)
        var profile =
            try HearingProfile.load(logs: logsURL, participant: id.value) ?? HearingProfile(participant: id.value)
        if let gainRule { profile.gainRule = gainRule }
        if let maxGainDb { profile.maxGainDB = maxGainDb }
        if let notchWidth { profile.notchWidthOctaves = notchWidth }
        if noNotch { profile.notchWidthOctaves = nil }
        if let ceilingDbfs { profile.ceilingDBFS = ceilingDbfs }
        if let maxVolumeDb { profile.maxVolumeDB = maxVolumeDb }
        if let calibrationLeftDbSpl, let calibrationRightDbSpl {
            profile.calibration = HeadphoneCalibration(
                leftDBSPLAtFullScale: calibrationLeftDbSpl, rightDBSPLAtFullScale: calibrationRightDbSpl)
        }
        if let microphoneReferenceDbSpl, let microphoneReadsDbfs {
            profile.microphoneCalibration = MicrophoneCalibration(
                referenceDBSPL: microphoneReferenceDbSpl, readsDBFS: microphoneReadsDbfs)
        }
        profile.source = "set-output"
        let written = try HearingProfile.append(profile, logs: logsURL)
        print("Wrote version \(written.version) of \(url.path).")
        ProfileSummary.print(written)
    }
}

struct ShowProfileCommand: WindowCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the profile; with --window draw the audiogram as audiologists do.")

    @Option(help: "Pseudonymous participant ID.")
    var participant: String

    @Flag(help: "Open the profile screen (audiogram per ear, tinnitus pitch marked).")
    var window = false

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"

    func run(hooks: AppHooks) throws {
        let id = try ParticipantID(participant)
        let logsURL = URL(fileURLWithPath: logs)
        let url = HearingProfile.url(logs: logsURL, participant: id.value)
        guard let profile = try HearingProfile.load(logs: logsURL, participant: id.value) else {
            throw ValidationError(
                "\(url.path) does not exist; run `soundsafari hearing-test` or `profile set-audiogram`.")
        }
        print("Version \(profile.version) of \(url.path) (\(profile.source)).")
        ProfileSummary.print(profile)
        guard window else { return }
        let options = AppOptions(kind: .hearing(participant: id, procedure: .profile), logs: logsURL)
        let status = try GameApp(options: options, hooks: hooks).runLoop()
        if status != 0 { throw ExitCode(status) }
    }
}
