// What a window is for and what it has settled before and between its screens, in one place.
import HeadTracking
import SessionRuntime
import StudyKit
import StudyRecords

/// What this window plays and asks, settled from the command line and the menu rather than by any one screen: the
/// settings, the HRTFs and participants offered, the head tracker and the hearing procedure it runs, whether it
/// continues a session, the training plan it follows, and the questionnaires waiting to be asked. `GameApp` keeps
/// one; the screens' own state is their controllers'.
struct WindowSetup {
    /// The menu's choices once Start was pressed (or the study's, training's… equivalent).
    var settings: MenuSettings
    /// The HRTFs the menu offers (OpenAL Soft's own first).
    var usableHRTFs: [String]
    /// Registered participant IDs, offered in the menu's participant row.
    var knownParticipants: [String] = []
    /// The head tracker of `--input opentrack|osc` (listening from the start, steering once chosen).
    let tracker: TrackerSession?
    /// The hearing procedure of a hearing window and its profile (its screens: Controllers/HearingTestController…).
    let hearing: HearingRun?
    /// Continue the participant's latest incomplete session (`--resume`, or "Continue" on the summary).
    var resuming: Bool
    /// Which session and round a resumed session continues at, shown on its headphone check.
    var resumeNote: String?
    /// Set when this window plays a training session (`train`, or the menu's Train); see GameApp+Training.
    var training: TrainingIntent?
    /// Where a reminder prompt's answers go (`rate`); a session's go through its driver.
    var promptRatings: SessionRatings?
    /// The instruments this window asks, one sitting each (`InstrumentController` asks the first).
    var instrumentSittings: [QuestionnaireSitting] = []
    /// The machine's instruments, read once when a training plan names questionnaires.
    var instrumentEntries: [InstrumentLibrary.Entry]?
    /// A study protocol's own participant sheet while it is asked; its consent is checked when its last item is.
    var studySheet: ProtocolSheet?
}

extension GameApp {
    // The setup's parts by their own names, as the screens and the session use them.
    var settings: MenuSettings {
        get { setup.settings }
        set { setup.settings = newValue }
    }
    var usableHRTFs: [String] { setup.usableHRTFs }
    var knownParticipants: [String] { setup.knownParticipants }
    var tracker: TrackerSession? { setup.tracker }
    var hearing: HearingRun? { setup.hearing }
    var resuming: Bool {
        get { setup.resuming }
        set { setup.resuming = newValue }
    }
    var resumeNote: String? {
        get { setup.resumeNote }
        set { setup.resumeNote = newValue }
    }
    var training: TrainingIntent? {
        get { setup.training }
        set { setup.training = newValue }
    }
    var promptRatings: SessionRatings? { setup.promptRatings }
    var instrumentSittings: [QuestionnaireSitting] {
        get { setup.instrumentSittings }
        set { setup.instrumentSittings = newValue }
    }
    var instrumentEntries: [InstrumentLibrary.Entry]? {
        get { setup.instrumentEntries }
        set { setup.instrumentEntries = newValue }
    }
    var studySheet: ProtocolSheet? {
        get { setup.studySheet }
        set { setup.studySheet = newValue }
    }
}
