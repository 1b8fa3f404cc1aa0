// The screen flow of a play or study session as a pure state machine: menu → headphone check → rounds → summary.
import Localization
import StudyKit
import StudyRecords

/// Which screen shows and what must happen on each transition. Pure Swift: no SDL, no clock,
/// so every path (two-target rounds, condition breaks, pause and quit, an unplugged controller)
/// is unit-tested without a window. Each method returns the effects the app must carry out.
struct ScreenFlow: Sendable {
    private(set) var screen: Screen
    /// The planned rounds; set by the menu's Start (play) or from the protocol (study).
    private(set) var rounds: [FlowRound]
    /// 0-based index of the current (or last finished) round.
    private(set) var roundIndex = 0
    /// Photos logged in the current round.
    private(set) var photosInRound = 0
    /// True once the last round's last photo was taken.
    private(set) var sessionComplete = false
    /// True when the player quit before the end (the session is incomplete and resumable).
    private(set) var quitEarly = false
    /// Why the game paused by itself (e.g. "The controller was unplugged..."), shown on the pause screen.
    private(set) var pauseReason: String?
    /// Show a break screen when the next round's condition differs from the last one (supervised studies).
    let breaksBetweenConditions: Bool
    /// Photos of the first round already logged by an earlier run (resume); applied when it begins.
    private var pendingPhotosDone = 0
    /// The questionnaires this session asks: before the first round and/or after the last (`adoptRatings`).
    private(set) var ratingMoments: Set<RatingMoment> = []
    /// A head tracker steers: its calibration comes before the headphone check.
    private(set) var calibratesTracker = false
    /// A practice screen comes before the first round (a patient's first training session).
    private(set) var practiceFirst = false

    /// The practice screen before the first round (`GameApp` decides: the first session of a plan).
    mutating func adoptPractice() { practiceFirst = true }

    /// The rounds begin: after the practice if there is one still to do.
    private mutating func beginFirstRound() -> [FlowEffect] {
        if practiceFirst {
            screen = .practice
            return []
        }
        return beginRound(roundIndex)
    }

    /// The practice is over: the first scored round begins.
    mutating func practiceFinished() -> [FlowEffect] {
        guard screen == .practice else { return [] }
        practiceFirst = false
        return beginRound(roundIndex)
    }

    /// A play session: starts at the main menu.
    static func play() -> ScreenFlow {
        ScreenFlow(screen: .mainMenu, rounds: [], breaksBetweenConditions: false)
    }

    /// The launcher's window begins with the name picker, which leads to the main menu.
    mutating func pickParticipant() {
        if screen == .mainMenu { screen = .namePicker }
    }

    /// A name was picked (or "Someone else"): the main menu.
    mutating func participantPicked() {
        if screen == .namePicker { screen = .mainMenu }
    }

    /// A reminder's prompt: the questionnaire alone, then the window closes.
    static func prompt() -> ScreenFlow {
        var flow = ScreenFlow(screen: .ratings(.prompt), rounds: [], breaksBetweenConditions: false)
        flow.ratingMoments = [.prompt]
        return flow
    }

    /// `questionnaire take`: the instruments' items alone, then the window closes.
    static func instruments() -> ScreenFlow {
        ScreenFlow(screen: .instrument, rounds: [], breaksBetweenConditions: false)
    }

    /// The screen a training plan's questionnaires before the session lead to (nil: the instruments stand alone).
    private var screenAfterInstruments: Screen?
    /// A training plan's questionnaires come after the session (before the summary), when any is due.
    private(set) var instrumentsAfterSession = false

    /// A plan's questionnaires before the session: shown first, then the screen that was to show.
    mutating func askInstrumentsFirst() {
        guard screen != .instrument else { return }
        screenAfterInstruments = screen
        screen = .instrument
    }

    /// A plan's questionnaires after the session (the instrument screen passes at once when none is due).
    mutating func askInstrumentsAfterSession() { instrumentsAfterSession = true }

    /// The last item of the last instrument was answered or skipped: the summary after a session, the screen the
    /// questionnaires came before, or (standing alone) the window closes.
    mutating func instrumentsFinished() -> [FlowEffect] {
        guard screen == .instrument else { return [] }
        if sessionComplete {
            screen = .summary
            return []
        }
        if let next = screenAfterInstruments {
            screenAfterInstruments = nil
            // A tracker asked for meanwhile is calibrated before the headphone check.
            screen = next == .headphoneCheck ? checkScreen : next
            return []
        }
        return [.exit]
    }

    /// What follows the last round: the questions after it, a plan's questionnaires, or the summary.
    private var screenAfterRounds: Screen {
        ratingMoments.contains(.after) ? .ratings(.after) : instrumentsAfterSession ? .instrument : .summary
    }

    /// A supervised study: the participant sheet first unless the participant is registered,
    /// then the headphone check. `firstRound` > 0 when resuming a session.
    static func study(rounds: [FlowRound], participantRegistered: Bool, firstRound: Int = 0) -> ScreenFlow {
        var flow = ScreenFlow(
            screen: participantRegistered ? .headphoneCheck : .participantSheet,
            rounds: rounds, breaksBetweenConditions: true)
        flow.roundIndex = min(max(0, firstRound), max(0, rounds.count - 1))
        return flow
    }

    /// A training session (`train`, or the menu's Train): the headphone check, then the plan's rounds
    /// without break screens (the session is the patient's own, no supervisor waits between conditions).
    static func training(rounds: [FlowRound]) -> ScreenFlow {
        ScreenFlow(screen: .headphoneCheck, rounds: rounds, breaksBetweenConditions: false)
    }

    /// A session continued with --resume (or the summary's "Continue"): the headphone check first, which
    /// already says at which round the session goes on; `photosDone` targets of that round are logged.
    static func resuming(rounds: [FlowRound], roundIndex: Int, photosDone: Int, breaksBetweenConditions: Bool)
        -> ScreenFlow
    {
        var flow = ScreenFlow(screen: .headphoneCheck, rounds: rounds, breaksBetweenConditions: breaksBetweenConditions)
        flow.adoptRounds(rounds, roundIndex: roundIndex, photosDone: photosDone)
        return flow
    }

    /// A hearing procedure's window (`hearing-test`, `pitch-match`, `profile show --window`), starting at `first`;
    /// a finished procedure shows the profile, and any quit closes the window (nothing was logged).
    static func hearing(_ first: Screen) -> ScreenFlow {
        ScreenFlow(screen: first, rounds: [], breaksBetweenConditions: false)
    }

    private init(screen: Screen, rounds: [FlowRound], breaksBetweenConditions: Bool) {
        self.screen = screen
        self.rounds = rounds
        self.breaksBetweenConditions = breaksBetweenConditions
    }

    var currentRound: FlowRound? { rounds.indices.contains(roundIndex) ? rounds[roundIndex] : nil }

    /// "Round 4 of 9 — two targets with background".
    var progressLine: String {
        guard let round = currentRound else { return "" }
        return Translation.gettext(
            "Round {round} of {rounds} — {label}",
            ["round": String(roundIndex + 1), "rounds": String(rounds.count), "label": round.label])
    }

    /// The condition coming after the current round (for the break screen), if any.
    var nextRound: FlowRound? { rounds.indices.contains(roundIndex + 1) ? rounds[roundIndex + 1] : nil }

    // MARK: Before the first round

    /// From now on the headphone check is preceded by the head tracker's calibration (also when it shows now).
    mutating func requireTrackerCalibration() {
        calibratesTracker = true
        if screen == .headphoneCheck { screen = .trackerCalibration }
    }

    /// The tracker knows forward and its sign: the headphone check follows.
    mutating func trackerCalibrated() -> [FlowEffect] {
        guard screen == .trackerCalibration else { return [] }
        screen = .headphoneCheck
        return []
    }

    private var checkScreen: Screen { calibratesTracker ? .trackerCalibration : .headphoneCheck }

    /// Start on the main menu with the rounds the menu settings make.
    mutating func menuStarted(rounds: [FlowRound]) -> [FlowEffect] {
        guard screen == .mainMenu, !rounds.isEmpty else { return [] }
        self.rounds = rounds
        roundIndex = 0
        screen = checkScreen
        return []
    }

    /// The main menu's "My progress": the chart, until continue goes back to the menu.
    mutating func progressShown() -> [FlowEffect] {
        guard screen == .mainMenu else { return [] }
        screen = .progress
        return []
    }

    /// The main menu's "My diary", until it is left for the menu.
    mutating func diaryShown() -> [FlowEffect] {
        guard screen == .mainMenu else { return [] }
        screen = .diary
        return []
    }

    mutating func diaryClosed() -> [FlowEffect] {
        guard screen == .diary else { return [] }
        screen = .mainMenu
        return []
    }

    /// The main menu's "My messages", until it is left for the menu.
    mutating func messagesShown() -> [FlowEffect] {
        guard screen == .mainMenu else { return [] }
        screen = .messages
        return []
    }

    mutating func messagesClosed() -> [FlowEffect] {
        guard screen == .messages else { return [] }
        screen = .mainMenu
        return []
    }

    /// The album was opened from a training session's end screen (and goes back there), not from the menu.
    private(set) var albumFromSummary = false

    /// "My album" of the main menu or of a training session's end screen: the best photos, until continue goes
    /// back to where it was opened.
    mutating func albumShown() -> [FlowEffect] {
        guard screen == .mainMenu || screen == .summary else { return [] }
        albumFromSummary = screen == .summary
        screen = .album
        return []
    }

    /// "Find my sound" of the main menu, until its end or Esc goes back to the menu.
    mutating func hrtfChoiceShown() -> [FlowEffect] {
        guard screen == .mainMenu else { return [] }
        screen = .hrtfChoice
        return []
    }

    /// The main menu's About, until continue goes back to the menu.
    mutating func aboutShown() -> [FlowEffect] {
        guard screen == .mainMenu else { return [] }
        screen = .about
        return []
    }

    mutating func participantSheetSubmitted() -> [FlowEffect] {
        guard screen == .participantSheet else { return [] }
        screen = checkScreen
        return []
    }

    /// Both sides were heard where they should be: the questionnaire, if the session asks one, then the first round.
    mutating func headphoneCheckPassed() -> [FlowEffect] {
        guard screen == .headphoneCheck, currentRound != nil else { return [] }
        if ratingMoments.contains(.before) {
            screen = .ratings(.before)
            return []
        }
        return beginFirstRound()
    }

    /// Which questionnaires the opened session asks (a resumed one may have answered "before" already).
    mutating func adoptRatings(_ moments: Set<RatingMoment>) { ratingMoments = moments }

    /// The last question was answered or skipped: the rounds begin, or the summary shows.
    mutating func questionnaireFinished() -> [FlowEffect] {
        switch screen {
        case .ratings(.before): return beginFirstRound()
        case .ratings(.prompt):
            // A reminder's prompt also asks what the participant's plan still owes.
            guard instrumentsAfterSession else { return [.exit] }
            screen = .instrument
            return []
        case .ratings:
            screen = instrumentsAfterSession ? .instrument : .summary
            return []
        default: return []
        }
    }

    /// Takes the rounds the session really plays (a protocol resolved for the participant, or a resumed
    /// session) and where it starts: `photosDone` targets of round `roundIndex` are already logged.
    mutating func adoptRounds(_ rounds: [FlowRound], roundIndex: Int, photosDone: Int) {
        guard !rounds.isEmpty else { return }
        self.rounds = rounds
        self.roundIndex = min(max(0, roundIndex), rounds.count - 1)
        pendingPhotosDone = max(0, photosDone)
    }

    // MARK: Hearing procedures

    /// Esc during the hearing test: it asks before throwing the tones away.
    mutating func hearingTestStopAsked() -> [FlowEffect] {
        guard screen == .hearingTest else { return [] }
        screen = .hearingTestStop
        return []
    }

    /// Esc on the stop question: the test goes on.
    mutating func hearingTestResumed() -> [FlowEffect] {
        guard screen == .hearingTestStop else { return [] }
        screen = .hearingTest
        return []
    }

    /// The pitch match asks its next question (the first after the tone-or-noise screen).
    mutating func pitchQuestionShown(_ step: PitchStep) -> [FlowEffect] {
        switch screen {
        case .pitchProbe, .pitchMatch: screen = .pitchMatch(step)
        default: break
        }
        return []
    }

    /// The hearing test or the pitch match has ended and is saved: the profile shows it.
    mutating func procedureFinished() -> [FlowEffect] {
        switch screen {
        case .hearingTest, .pitchMatch: screen = .profile
        default: break
        }
        return []
    }

    // MARK: During a round

    /// The session logged a photo of the current round.
    mutating func photoTaken() -> [FlowEffect] {
        guard screen == .running, let round = currentRound else { return [] }
        photosInRound += 1
        if photosInRound < round.targets {
            screen = .intermediateResult
            return []
        }
        screen = .roundResult
        if roundIndex == rounds.count - 1 {
            sessionComplete = true
            return [.finishSession]
        }
        return []
    }

    /// A timed session repeats its rounds while its minutes remain: the next pass's rounds come after these.
    mutating func roundsAdded(_ more: [FlowRound]) {
        rounds += more
    }

    /// The session ended by its plan's minutes as the next round was to begin (`SessionEnd.time`): on to the
    /// questions after the rounds, or the summary, as after the last round.
    mutating func sessionEndedByTime() -> [FlowEffect] {
        guard screen == .running else { return [] }
        sessionComplete = true
        screen = screenAfterRounds
        return []
    }

    /// "Continue" on a result or break screen, "close" on the summary or an error.
    mutating func continuePressed() -> [FlowEffect] {
        switch screen {
        case .intermediateResult:
            screen = .running
            return [.continueRound]
        case .roundResult:
            if sessionComplete {
                screen = screenAfterRounds
                return []
            }
            if breaksBetweenConditions, let next = nextRound, next.condition != currentRound?.condition {
                screen = .conditionBreak
                return []
            }
            return beginRound(roundIndex + 1)
        case .conditionBreak:
            return beginRound(roundIndex + 1)
        case .summary, .error, .profile:
            return [.exit]
        case .progress, .hrtfChoice, .about:
            screen = .mainMenu
            return []
        case .album:
            screen = albumFromSummary ? .summary : .mainMenu
            albumFromSummary = false
            return []
        default:
            return []
        }
    }

    /// The player asked to pause, or the game paused by itself for `reason` (e.g. a controller was unplugged).
    mutating func pause(reason: String? = nil) -> [FlowEffect] {
        guard screen == .running else {
            // An unplugged controller on a result screen still deserves the message.
            if let reason, screen != .summary { pauseReason = reason }
            return []
        }
        pauseReason = reason
        screen = .paused
        return [.pauseRound]
    }

    mutating func resume() -> [FlowEffect] {
        guard screen == .paused else { return [] }
        pauseReason = nil
        screen = .running
        return [.resumeRound]
    }

    /// Pause menu "Recentre": straight ahead becomes where the player faces, then the round resumes.
    mutating func recentreAndResume() -> [FlowEffect] {
        guard screen == .paused else { return [] }
        pauseReason = nil
        screen = .running
        return [.recentre, .resumeRound]
    }

    /// Pause menu "Quit": keep what is logged, show the summary of the rounds played so far.
    mutating func quit() -> [FlowEffect] {
        switch screen {
        case .summary, .error:
            return [.exit]
        case .mainMenu, .namePicker, .participantSheet, .trackerCalibration, .headphoneCheck, .progress, .diary,
            .messages, .album, .instrument, .hrtfChoice, .about:
            // Nothing logged yet (an instrument's answers are each stored already): nothing to keep.
            return [.exit]
        case .hearingTest, .hearingTestStop, .pitchProbe, .pitchMatch, .profile:
            // A procedure saves only when it ends: a quit before leaves the profile as it was.
            return [.exit]
        default:
            quitEarly = !sessionComplete
            screen = .summary
            return sessionComplete ? [] : [.abandonSession]
        }
    }

    /// A problem a person must fix (shown with the data kept).
    /// The error screen for `error`, in the run's language where StudyKit's `ErrorWording` words it (errors of
    /// TidyFormats, which has no catalogs), else in the error's own words.
    mutating func fail(_ error: any Error) -> [FlowEffect] {
        fail(ErrorWording.sentence(for: error) ?? "\(error)")
    }

    mutating func fail(_ message: String) -> [FlowEffect] {
        let wasMidSession =
            !sessionComplete
            && [.running, .paused, .intermediateResult, .roundResult, .conditionBreak].contains(screen)
        screen = .error(message)
        return wasMidSession ? [.abandonSession] : []
    }

    private mutating func beginRound(_ index: Int) -> [FlowEffect] {
        guard rounds.indices.contains(index) else { return [] }
        roundIndex = index
        photosInRound = pendingPhotosDone
        pendingPhotosDone = 0
        screen = .running
        return [.startRound(index)]
    }
}
