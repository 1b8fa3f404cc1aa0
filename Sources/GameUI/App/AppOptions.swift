// What `play` and `study` hand to the window app: which session, where logs go, HRTF, seed.
import Foundation
import HeadTracking
import StudyKit
import StudyRecords

/// The settings a `GameApp` starts with; `play` presets the menu, `study` names a protocol.
package struct AppOptions {
    package enum Kind {
        /// The main menu, preset from `play`'s flags.
        case play(MenuSettings)
        /// A supervised study: the protocol file and the participant.
        case study(protocolFile: URL, participant: ParticipantID, input: InputKind?)
        /// The participant's next training session (`train`): their assigned plan, or `planFile` assigned first.
        case training(participant: ParticipantID, planFile: URL?, input: InputKind?)
        /// The questionnaire alone, opened by a reminder's random prompt (`soundsafari rate`).
        case prompt(participant: ParticipantID, promptedAt: Date)
        /// A hearing procedure and then the profile screen (`hearing-test`, `pitch-match`, `profile show --window`).
        case hearing(participant: ParticipantID, procedure: HearingProcedure)
        /// Instruments one after another, one item per screen (`soundsafari questionnaire take`).
        case instruments(participant: ParticipantID, instruments: [Instrument], moment: QuestionnaireMoment)
    }

    var kind: Kind
    var logs: URL
    var seed: UInt64?
    /// HRTF asked for on the command line (nil: OpenAL Soft's default).
    var hrtf: String?
    /// Continue the participant's latest incomplete session instead of starting a new one.
    var resume = false
    /// True when `--input` was given: then it is used even if a better device is plugged in.
    var inputGiven = false
    /// `play --pick-participant` (the desktop launcher): begin on the list of this machine's participants.
    package var picksParticipant = false
    /// True when `--language` was given: then a participant's remembered language does not replace it.
    package var languageGiven = false
    /// The Sounds folder from `--sounds` (nil: `$SOUNDSAFARI_SOUNDS` or Sounds/ found upwards).
    var soundsFolder: String?
    /// The head tracker of `--input opentrack|osc` and its `--tracker-yaw-sign` (nil: found by calibration).
    var tracker: TrackerInput?
    var trackerYawSign: Int?
    /// The machine's instruments (shipped and added), read when a training plan names questionnaires.
    package var instrumentLibrary: (() throws -> [InstrumentLibrary.Entry])?
    /// Called after each logged photo (its row is fsync'ed) and when a session has ended and its session.json is
    /// final: the commands start a background sync, so a supervisor's live view follows the session.
    package var logsChanged: (@Sendable () -> Void)?
    /// The main menu's "For my doctor": writes the participant's PDF summary and FHIR bundle (the commands know
    /// how; nil: the button says it is not available here).
    package var forMyDoctor: ((ParticipantID) throws -> DoctorFilesWritten)?

    package init(
        kind: Kind, logs: URL, seed: UInt64? = nil, hrtf: String? = nil, resume: Bool = false,
        inputGiven: Bool = false, soundsFolder: String? = nil, tracker: TrackerInput? = nil,
        trackerYawSign: Int? = nil
    ) {
        self.tracker = tracker
        self.trackerYawSign = trackerYawSign
        self.soundsFolder = soundsFolder
        self.kind = kind
        self.logs = logs
        self.seed = seed
        self.hrtf = hrtf
        self.resume = resume
        self.inputGiven = inputGiven
    }
}
