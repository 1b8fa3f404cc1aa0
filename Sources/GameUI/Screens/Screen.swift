// The screens of the game: which one is showing is the whole state of the `ScreenFlow`.
import StudyKit
import StudyRecords

/// One screen of the window. The flow between them is `ScreenFlow`; what each shows is drawn by `ScreenPainter`.
enum Screen: Equatable, Sendable {
    /// Participant sheet of a supervised study (skipped when the participant is already registered).
    case participantSheet
    case mainMenu
    /// The launcher's first screen: pick your name from this machine's participants (`NamePickerController`).
    case namePicker
    /// A head tracker's calibration (face forward, turn right) before the headphone check.
    case trackerCalibration
    /// Left/right check and volume before the first round.
    case headphoneCheck
    /// The viewfinder: a target is being searched for.
    case running
    /// A first training session's practice before the first scored round: the animal is visible in the
    /// viewfinder and its sound moves as the player turns; nothing is logged.
    case practice
    case paused
    /// After the first photo of a round with more targets: "continue" resumes the round.
    case intermediateResult
    /// After the last photo of a round.
    case roundResult
    /// Between two conditions of a study, for the supervisor.
    case conditionBreak
    /// The tinnitus ratings before or after the rounds, or a prompt's (one question at a time, `RatingsForm`).
    case ratings(RatingMoment)
    /// One item of an instrument (`questionnaire take`, a plan's, a study's sheet): `QuestionnaireForm`.
    case instrument
    /// End of the session (complete or quit): per-round deviation and time and their means.
    case summary
    /// The player's progress chart over their sessions (main menu "My progress").
    case progress
    /// The patient's diary of events and therapies (main menu "My diary"): `DiaryPage`.
    case diary
    /// The patient's messages to their study team and the team's answers (main menu "My messages"): `MessagesPage`.
    case messages
    /// The album: the best photo of each training session, across sessions (main menu "My album").
    case album
    /// Choosing an HRTF set by ear, pair by pair (main menu "Find my sound"): `HRTFChoiceController`.
    case hrtfChoice
    /// The main menu's About: the credits.
    case about
    /// The hearing test's tones (`hearing-test`): "I hear it" whenever a tone sounds.
    case hearingTest
    /// Esc during the hearing test: stop without saving, or go on?
    case hearingTestStop
    /// The pitch match's first screen when `--probe` is not given: does the tinnitus sound like a tone or a noise?
    case pitchProbe
    /// A question of the pitch match (`PitchMatch.current`).
    case pitchMatch(PitchStep)
    /// The hearing profile: audiogram per ear and tinnitus pitch (`profile show --window`, and after a procedure).
    case profile
    /// Something a person must act on (no audio device, unusable HRTF...); the data written so far is kept.
    case error(String)

    /// The screens of the hearing procedures (`hearing-test`, `pitch-match`, `profile show --window`).
    var isHearing: Bool {
        switch self {
        case .hearingTest, .hearingTestStop, .pitchProbe, .pitchMatch, .profile: true
        default: false
        }
    }

    /// A stable short name, used for screenshots and the autopilot's "wait for screen" steps.
    var name: String {
        switch self {
        case .participantSheet: "participant-sheet"
        case .mainMenu: "menu"
        case .namePicker: "pick-participant"
        case .trackerCalibration: "tracker-calibration"
        case .headphoneCheck: "headphone-check"
        case .running: "running"
        case .practice: "practice"
        case .paused: "paused"
        case .intermediateResult: "intermediate"
        case .roundResult: "round-result"
        case .conditionBreak: "break"
        case .ratings(let moment): "ratings-\(moment.rawValue)"
        case .instrument: "questionnaire"
        case .summary: "summary"
        case .progress: "progress"
        case .diary: "diary"
        case .messages: "messages"
        case .album: "album"
        case .hrtfChoice: "find-my-sound"
        case .about: "about"
        case .hearingTest: "hearing-test"
        case .hearingTestStop: "hearing-test-stop"
        case .pitchProbe: "pitch-probe"
        case .pitchMatch(let step): "pitch-\(step.rawValue)"
        case .profile: "profile"
        case .error: "error"
        }
    }
}
