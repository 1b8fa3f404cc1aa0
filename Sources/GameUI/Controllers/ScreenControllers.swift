// The controllers' factory: the one place, with ScreenFlow, that switches over `Screen`.

/// Makes the controller of a screen when the flow shows it. Screens not listed here are still drawn and handled
/// by `GameApp`'s extensions (App/GameApp+*.swift); each moves here as its controller is written.
enum ScreenControllers {
    static func make(for screen: Screen, app: GameApp) -> ScreenController? {
        switch screen {
        case .diary: DiaryController(participant: app.menuParticipant, logs: app.options.logs)
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
        default: nil
        }
    }
}
