// The controllers' factory: the one place, with ScreenFlow, that switches over `Screen`.

/// Makes the controller of a screen when the flow shows it (`GameApp.enterShownScreen`). The main menu's is kept
/// by `GameApp` (its choices outlive it); the diary, album and progress are made by the menu that opens them
/// (`GameApp.show`), with their state loaded, and made here only if the flow reached them otherwise.
enum ScreenControllers {
    static func make(for screen: Screen, app: GameApp) -> ScreenController? {
        switch screen {
        case .mainMenu: app.menu
        case .participantSheet: ParticipantSheetController()
        case .headphoneCheck: HeadphoneCheckController()
        case .running: RoundController()
        case .practice: PracticeController()
        case .ratings(let moment): RatingsController(moment: moment)
        case .instrument: InstrumentController()
        case .summary: app.training != nil ? TrainingEndController() : SummaryController()
        case .diary: DiaryController(participant: app.menu.participant, logs: app.options.logs)
        case .messages: MessagesController(participant: app.menu.participant, logs: app.options.logs)
        case .album: AlbumController(participant: app.albumParticipant, app: app)
        case .progress: ProgressController()
        case .conditionBreak: BreakController(startedAt: app.clock.now())
        case .error(let message): ErrorController(message: message)
        case .namePicker: NamePickerController(known: app.knownParticipants)
        case .paused: PauseController()
        case .intermediateResult: ResultController(roundEnd: false)
        case .roundResult: ResultController(roundEnd: true)
        case .hearingTest: HearingTestController()
        case .hearingTestStop: HearingTestStopController()
        case .pitchProbe: PitchProbeController()
        case .pitchMatch: PitchMatchController()
        case .profile: ProfileController()
        case .trackerCalibration: TrackerCalibrationController()
        // Opened only by the main menu, with its tournament prepared (HRTFChoiceController.openFromMenu).
        case .hrtfChoice: nil
        case .about: AboutController.make(app: app)
        }
    }
}
