// `soundsafari profile`: a participant's hearing profile (profile.json), e.g. entering a clinic audiogram.
import ArgumentParser
import Foundation
import GameCore
import StudyKit

extension GainRule: ExpressibleByArgument {}

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show or change a participant's hearing profile (<logs>/<participant>/profile.json).",
        subcommands: [SetAudiogramCommand.self])
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

    @Option(help: "Folder for the study logs.")
    var logs: String = "StudyLogs"

    func validate() throws {
        if let maxGainDb, !(0...40).contains(maxGainDb) { throw ValidationError("--max-gain-db must be from 0 to 40.") }
    }

    func run() throws {
        let id = try ParticipantID(participant)
        let audiogram = try AudiogramFile.read(URL(fileURLWithPath: file))
        let logsURL = URL(fileURLWithPath: logs)
        let existing = HearingProfile.url(logs: logsURL, participant: id.value)
        var profile =
            FileManager.default.fileExists(atPath: existing.path)
            ? try HearingProfile.read(existing) : HearingProfile(participant: id.value)
        profile.audiogram = audiogram
        profile.source = "set-audiogram \(file)"
        if let gainRule { profile.gainRule = gainRule }
        if let maxGainDb { profile.maxGainDB = maxGainDb }
        let written = try HearingProfile.append(profile, logs: logsURL)
        print("Wrote version \(written.version) of \(existing.path).")
        ProfileSummary.print(written)
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
                String(format: "Tinnitus: %.0f Hz", tinnitus.pitchHz)
                    + (tinnitus.levelDBAboveThreshold.map { String(format: ", %.1f dB above threshold", $0) } ?? ""))
            if tinnitus.pitchHz > NotchSetting.effectiveUpToHz {
                Swift.print("Warning: notched training was found effective only up to 8 kHz (Teismann et al. 2011).")
            }
        }
        let tailoring = profile.tailoring
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
