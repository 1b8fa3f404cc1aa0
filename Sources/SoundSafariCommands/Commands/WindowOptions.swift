// The options `play` and `study` share: input device, HRTF, log folder, seed and resume.
import ArgumentParser
import Foundation
import GameUI
import SessionRuntime
import StudyKit

struct WindowOptions: ParsableArguments {
    @Option(help: "keyboard, mouse or gamepad (default: a gamepad with gyro if present, else the mouse).")
    var input: String?

    @Option(help: "OpenAL Soft HRTF name (see `soundsafari devices`).")
    var hrtf: String?

    @Option(help: "Folder for participants.csv and session folders.")
    var logs: String = "StudyLogs"

    @Option(help: "Seed for target placement (default: the protocol's seed, else random; recorded in session.json).")
    var seed: UInt64?

    @Option(help: "The Sounds folder (default: $SOUNDSAFARI_SOUNDS, or Sounds/ found upwards).")
    var sounds: String?

    @Flag(help: "Continue the participant's latest incomplete session.")
    var resume = false

    var inputKind: InputKind? { input.flatMap(InputKind.init(rawValue:)) }
    var logsURL: URL { URL(fileURLWithPath: logs) }

    /// With --resume, a participant with nothing to continue is told so in the terminal, before any window.
    func checkResumable(participant: String) throws {
        guard resume else { return }
        let id = try ParticipantID(participant)
        guard try ResumePoint.latestIncomplete(logs: logsURL, participant: id) != nil else {
            throw NothingToResumeError(participant: id.value, logs: logsURL.path)
        }
    }

    func validate() throws {
        if let input, InputKind(rawValue: input) == nil {
            throw ValidationError("Unknown input '\(input)': use keyboard, mouse or gamepad.")
        }
    }
}
