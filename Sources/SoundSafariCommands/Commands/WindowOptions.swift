// The options `play`, `study` and `train` share: input device, HRTF, log folder, seed, resume and language.
import ArgumentParser
import Foundation
import GameUI
import HeadTracking
import SessionRuntime
import StudyKit
import StudyRecords

struct WindowOptions: ParsableArguments {
    @Option(
        help: """
            keyboard, mouse, gamepad, or a head tracker: opentrack[:PORT] (UDP over network, default 4242) \
            or osc[:PORT] (default 9000) (default: a gamepad with gyro if present, else the mouse).
            """)
    var input: String?

    @Option(
        parsing: .unconditional,
        help: """
            With a head tracker: 1 when its yaw grows as the head turns right, -1 when it shrinks \
            (default: found by the calibration step, face forward then turn right).
            """)
    var trackerYawSign: Int?

    @Option(help: "OpenAL Soft HRTF name (see `soundsafari devices`).")
    var hrtf: String?

    @Option(help: "Folder for participants.csv and session folders.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"

    @Option(help: "Seed for target placement (default: the protocol's seed, else random; recorded in session.json).")
    var seed: UInt64?

    @Option(help: "The Sounds folder (default: $SOUNDSAFARI_SOUNDS, or Sounds/ found upwards).")
    var sounds: String?

    @Flag(help: "Continue the participant's latest incomplete session (a training-plan session continues with train).")
    var resume = false

    @OptionGroup var language: LanguageOption

    /// The head tracker `--input` names, if it names one.
    var tracker: TrackerInput? {
        guard let input, TrackerInput.namesTracker(input) else { return nil }
        return try? TrackerInput.parse(input)
    }

    var inputKind: InputKind? {
        if let tracker { return InputKind(tracker: tracker.kind) }
        return input.flatMap(InputKind.init(rawValue:)).flatMap { $0.isTracker ? nil : $0 }
    }
    var logsURL: URL { URL(fileURLWithPath: logs) }

    /// `--hrtf`, else the set the participant chose by ear (profile.json's `hrtf`, `soundsafari hrtf choose`),
    /// else nil (OpenAL Soft's default). A broken profile is said here, before any window. A resumed session
    /// goes on with the set it was played with, whatever was chosen since.
    func hrtf(for participant: String?) throws -> String? {
        if let hrtf { return hrtf }
        if resume { return nil }
        guard let participant, let id = try? ParticipantID(participant) else { return nil }
        return try HearingProfile.load(logs: logsURL, participant: id.value)?.hrtf?.name
    }

    /// With --resume, a participant with nothing to continue, or whose unfinished session belongs to a training
    /// plan (`train` continues it), is told so in the terminal, before any window.
    func checkResumable(participant: String) throws {
        guard resume else { return }
        let id = try ParticipantID(participant)
        guard let point = try ResumePoint.latestIncomplete(logs: logsURL, participant: id) else {
            throw NothingToResumeError(participant: id.value, logs: logsURL.path)
        }
        if let plan = point.record.plan { throw PlanResumeError(participant: id.value, plan: plan) }
    }

    func validate() throws {
        if let input, TrackerInput.namesTracker(input) {
            do { _ = try TrackerInput.parse(input) } catch { throw ValidationError("\(error)") }
        } else if let input, InputKind(rawValue: input) == nil {
            throw ValidationError(
                "Unknown input '\(input)': use keyboard, mouse, gamepad, opentrack[:PORT] or osc[:PORT].")
        }
        if let trackerYawSign {
            guard tracker != nil else {
                throw ValidationError(
                    "--tracker-yaw-sign applies only to a head tracker: add --input opentrack[:PORT] or osc[:PORT].")
            }
            guard trackerYawSign == 1 || trackerYawSign == -1 else {
                throw ValidationError("\(TrackerError.badYawSign(trackerYawSign))")
            }
        }
    }
}
