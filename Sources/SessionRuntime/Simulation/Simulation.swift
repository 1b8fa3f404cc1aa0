// Plays one whole session with a bot, headless: offline audio, virtual (or real) clock, the real session driver.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords

/// A session played by a bot through the same `SessionDriver` as `play` and `study`, so it writes exactly
/// the files a real session writes. On the virtual clock the GameManager's 60 Hz ticks take no real time.
package struct Simulation {
    var request: SessionRequest
    /// Where the session is kept (a logs folder: `FileSessionStore`).
    var store: any SessionStore
    var bot: BotKind
    var realtime: Bool
    var hrtfName: String?
    var soundsFolder: String?
    /// Draws and saves the result pictures (GameUI's), so simulate leaves the files a real session leaves.
    var pictures: ResultPictureWriter
    /// The ideal bot's reaction time from each target's audible onset (`--reaction-s`); nil: its usual pace.
    var reactionSeconds: Double?
    /// Another player than `bot`'s (the HRTF check's listener), made for the session's scene and seed.
    var makePlayer: ((EngineAudioScene, UInt64) -> SimulatedPlayer)?

    package init(
        request: SessionRequest, store: any SessionStore, bot: BotKind, realtime: Bool = false, hrtfName: String? = nil,
        soundsFolder: String? = nil, pictures: ResultPictureWriter, reactionSeconds: Double? = nil
    ) {
        self.request = request
        self.store = store
        self.bot = bot
        self.realtime = realtime
        self.hrtfName = hrtfName
        self.soundsFolder = soundsFolder
        self.pictures = pictures
        self.reactionSeconds = reactionSeconds
    }

    /// What a run did, for the command's summary and the benchmarks.
    package struct Outcome {
        package let folder: URL
        package let trials: [TrialResult]
        package let completed: Bool
        package let ticks: Int
        package let tickStatistics: TickStatistics
        package let pictures: [URL]
        /// Said when the participant had already completed this protocol (`SessionDriver.repeatWarning`).
        package let repeatWarning: String?
        /// Said when a training session's scene had too few recorded animals (`SessionDriver.safariNotice`).
        package let safariNotice: String?
        /// The session's safari scene (session.json `scene`), if it has one.
        package let scene: String?
        /// The staircase after the session (training sessions only).
        package let staircase: Staircase?
        /// What ended the session, and the playing time so far (seconds).
        package let endedBy: SessionEnd?
        package let playedSeconds: Double
    }

    package func run() throws -> Outcome {
        // Without --hrtf, the set the participant chose by ear (profile.json's `hrtf`), else OpenAL Soft's default.
        let chosen = try hrtfName ?? store.hearingProfile(of: ParticipantID(request.participant))?.hrtf?.name
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required, hrtfName: chosen))
        let catalog = try SoundCatalog.locate(explicitFolder: soundsFolder)
        let scene = EngineAudioScene(engine: engine, catalog: catalog)
        let clock: GameClock = realtime ? SystemClock() : ManualClock()
        let driver = try SessionDriver.open(
            request, store: store, scene: scene, clock: clock, pictures: pictures, now: clock.date(at: clock.now()))
        let player =
            makePlayer?(scene, driver.log.resolvedProtocol.seed)
            ?? bot.makePlayer(
                seed: driver.log.resolvedProtocol.seed, scene: scene, sessionIndex: driver.log.sessionIndex,
                reactionSeconds: reactionSeconds)
        var ratingBot = QuestionnaireBot(ratingsOf: request.participant, seed: driver.log.resolvedProtocol.seed)
        try answer(.before, driver: driver, bot: &ratingBot, clock: clock)
        // The render frame clock: frame 0 is now, and the output is rendered up to each tick before it.
        scene.anchorFrameClock(at: clock.now())
        let manager = driver.makeManager(headingSource: player)
        let session = driver.session
        try session.start(heading: player.heading)
        do {
            try manager.run(
                while: { !session.state.isOver && InterruptSignals.pending == nil },
                beforeTick: { time in
                    scene.render(upTo: time)
                    for event in player.act(at: time, session: session) { manager.enqueue(event) }
                })
        } catch {
            try? driver.finish()
            throw error
        }
        if let signal = InterruptSignals.pending { throw try driver.interrupt(by: signal) }
        try driver.finish()
        // The questions after the rounds come at every end but a quit: all targets, or the plan's minutes.
        if driver.log.isCompleted || session.endedBy == .time {
            try answer(.after, driver: driver, bot: &ratingBot, clock: clock)
        }
        return Outcome(
            folder: driver.log.location, trials: session.trials, completed: driver.log.isCompleted,
            ticks: manager.tickCount, tickStatistics: manager.statistics, pictures: driver.savedPictures,
            repeatWarning: driver.repeatWarning, safariNotice: driver.safariNotice,
            scene: driver.log.resolvedProtocol.scene,
            staircase: driver.training?.staircase, endedBy: session.endedBy, playedSeconds: session.playedSeconds)
    }

    /// The bot answers the questions of `moment` the session still asks (none when ratings are off), taking
    /// two seconds per question on the virtual clock (no real wait), so answered_at lies before the first
    /// round's onset and after the last photo, as in a window session; on the real clock it answers at once.
    private func answer(_ moment: RatingMoment, driver: SessionDriver, bot: inout QuestionnaireBot, clock: GameClock)
        throws
    {
        guard let ratings = driver.ratings, try moment != .before || driver.asksRatingsBefore() else { return }
        for (item, value) in bot.answers(for: try ratings.remaining(moment), moment: moment) {
            if !realtime { clock.sleep(until: clock.now() + 2) }
            // No ambient level: a simulated session has no microphone, and a made-up level would be a measurement
            // nobody made (docs/LOG-FORMAT.md, ratings.csv).
            try ratings.record(item, value: value, moment: moment, at: clock.date(at: clock.now()), ambientLevel: nil)
        }
    }
}
