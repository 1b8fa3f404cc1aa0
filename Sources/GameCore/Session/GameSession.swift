// A session of rounds as an explicit state machine: start, photo, intermediate/end result, pause, resume, stop, restart.

/// Plays a `SessionPlan` round after round (the thesis's GameSession): builds each round's level,
/// times each target's search, turns a photo into a `TrialResult`, hands it to the `TrialSink` before
/// anything else happens, and then shows a result. It never sleeps or reads input itself: the
/// `GameManager` feeds it actions, on whatever clock it was given.
public final class GameSession {
    /// The rounds to play; a session that repeats its rounds while its minutes remain grows by one pass at a time.
    public private(set) var plan: SessionPlan
    /// The device whose heading and shots are logged (`input` column).
    public let input: InputDevice
    public let levelFactory: LevelFactory
    public private(set) var state: GameSessionState = .ready
    /// The level of the round being played (nil before start and between rounds).
    public private(set) var level: Level?
    /// The most recent result (after a photo or an interruption), for the result screen.
    public private(set) var lastResult: RoundResult?
    /// Trials recorded by this run of the session, in order.
    public private(set) var trials: [TrialResult] = []

    /// Called after each result exists (the photo's row is already recorded): the session driver saves
    /// the picture, the UI shows it. An error thrown here stops the session and is rethrown.
    public var onResult: ((RoundResult) throws -> Void)?

    /// Called as each round begins, with the round and its bearings as planned; returns them as they are to be
    /// played (a training plan's difficulty value applied, `RoundDifficulty`). nil: played as planned.
    public var prepareRound: ((RoundPlan, [Bearing]) -> (round: RoundPlan, bearings: [Bearing]))?

    private let scene: AudioScene
    private let clock: GameClock
    private let sink: TrialSink
    private var logged: Set<TrialKey>
    private var roundIndex = 0
    private var onset = MonotonicTime.zero
    /// The searched target's audible onset, once the scene reported it, and the pauses since the search began.
    private var audible: AudibleOnset?
    private var pausedSeconds = 0.0
    private var pausedAt: MonotonicTime?
    private var roundStartHeading = Bearing.forward
    private var roundPhotos: [TrialResult] = []
    /// Playing time so far, seconds: searching (pauses excluded) plus each result screen up to
    /// `resultScreenCapSeconds`. A resumed session sets it to what its earlier runs played.
    public var playedSeconds = 0.0
    /// A training plan's `minutes_per_session` in seconds: the session ends after the round during which the
    /// playing time reaches it (never in the middle of a round). nil: no limit.
    public var timeLimitSeconds: Double?
    /// Play the plan's rounds again (new placements from the seed) while `timeLimitSeconds` remain after them, so a
    /// training session lasts its minutes; false: the session ends after its rounds or its minutes, the first.
    public var repeatsWhileTimeRemains = false
    /// Called with the rounds of a new pass before any of them is played or the pass before's last photo is
    /// recorded (session.json lists them, so a resume finds them, and the session is not complete while they
    /// remain). An error thrown here stops the session and is rethrown.
    public var onRepeat: (([RoundPlan]) throws -> Void)?
    /// At most this much of a result screen counts as playing (a patient who walks away is not training).
    public static let resultScreenCapSeconds = 30.0
    /// Why the session is over (nil while it is not; `.signal` is the driver's to say).
    public private(set) var endedBy: SessionEnd?
    private var resultShownAt: MonotonicTime?

    /// Playing time up to `time`: `playedSeconds` plus the search or the result screen under way, counted as
    /// the next photo or continue will count it (the patient's minutes-left bar; it reaches the limit exactly
    /// when the round that uses up the minutes ends the session).
    public func playedSeconds(at time: MonotonicTime) -> Double {
        switch state {
        case .searching: return playedSeconds + max(0, time - onset)
        case .paused: return playedSeconds + max(0, (pausedAt ?? time) - onset)
        case .showingResult:
            let shown = resultShownAt.map { min(max(0, time - $0), Self.resultScreenCapSeconds) } ?? 0
            return playedSeconds + shown
        default: return playedSeconds
        }
    }

    /// Seconds the current target has been searched for (pauses excluded); nil when no search is under way.
    public func searchSeconds(at time: MonotonicTime) -> Double? {
        switch state {
        case .searching: return max(0, time - onset)
        case .paused: return max(0, (pausedAt ?? time) - onset)
        default: return nil
        }
    }

    /// Where the target being searched for is (help when stuck names its side, never its bearing).
    public var searchedTargetBearing: Bearing? {
        guard case .searching = state, let index = level?.currentTargetIndex else { return nil }
        let bearings = currentBearings
        return bearings.indices.contains(index) ? bearings[index] : nil
    }

    /// Plays the sounds of the search again from their start (help when stuck: a call that was missed, or a
    /// short stimulus that has ended). The search's time runs on, so `time_s` still counts from the first sound.
    public func replayCall() {
        guard case .searching = state else { return }
        // Settled first: the rewound sound's new onset must not become the photo's reaction-time start.
        _ = audibleOnset()
        level?.rewind()
    }

    /// The round being played and its bearings as `prepareRound` made them.
    private var played: (round: RoundPlan, bearings: [Bearing])?

    /// - Parameter alreadyLogged: targets a previous run of this session logged (resume); they are skipped.
    public init(
        plan: SessionPlan, scene: AudioScene, clock: GameClock, sink: TrialSink, input: InputDevice,
        levelFactory: LevelFactory = LevelFactory(), alreadyLogged: Set<TrialKey> = []
    ) {
        self.plan = plan
        self.scene = scene
        self.clock = clock
        self.sink = sink
        self.input = input
        self.levelFactory = levelFactory
        self.logged = alreadyLogged
    }

    // MARK: Reading the session

    /// The round being played (or about to be).
    public var currentRound: RoundPlan? {
        played?.round ?? (plan.rounds.indices.contains(roundIndex) ? plan.rounds[roundIndex] : nil)
    }

    /// Where the current round's targets are (as played).
    private var currentBearings: [Bearing] { played?.bearings ?? plan.bearings[roundIndex] }

    /// The first target not yet logged, where `start` begins; nil when everything is logged.
    public var nextUnloggedKey: TrialKey? { plan.allKeys.first { !logged.contains($0) } }

    /// Number of targets logged (including those of earlier runs) and in total.
    public var progress: (logged: Int, total: Int) {
        let keys = plan.allKeys
        return (keys.filter(logged.contains).count, keys.count)
    }

    /// What the player is asked to do now.
    public var instruction: String {
        switch state {
        case .ready: return "Get ready."
        case .searching: return level?.instruction ?? ""
        case .paused: return "Paused. Press P to continue."
        case .showingResult(_, let roundEnd): return roundEnd ? "Round complete." : "Well done! Ready for the next one?"
        case .finished: return "Session complete. Thank you!"
        case .stopped: return "Session stopped."
        }
    }

    /// Monotonic time at which the current target's search began (shifted by pauses).
    public var searchOnset: MonotonicTime { onset }

    /// Where the searched target's sound became audible (its start or, for a later target of a round, its
    /// resume), once the audio has rendered it; nil before, or on a scene without an audio clock.
    public func audibleOnset() -> AudibleOnset? {
        guard case .searching = state else { return audible }
        if audible == nil, let level, let index = level.currentTargetIndex {
            audible = level.targets[index].audibleOnset
        }
        return audible
    }

    // MARK: Transitions

    /// Begins at the first target not yet logged, facing `heading`. With nothing left, the session is finished.
    public func start(heading: Bearing) throws {
        guard state == .ready else { return }
        // A run stopped (a signal, a kill) on the result of the round that used up the time resumes here at a
        // round's start: that round already ended the session, so no further round is played.
        if let limit = timeLimitSeconds, playedSeconds >= limit, nextUnloggedKey?.targetIndex ?? 1 == 1,
            nextUnloggedKey != nil || repeatsWhileTimeRemains
        {
            endedBy = .time
            state = .finished
            return
        }
        try beginNext(heading: heading)
    }

    /// Carries out `action` for `event` (chosen by the `ActionResolver`).
    public func perform(_ action: Action, for event: Event) throws {
        switch action {
        case .photograph: _ = try photograph(aim: event.heading, at: event.time, device: event.device)
        case .skip: _ = try photograph(aim: event.heading, at: event.time, device: event.device, skipped: true)
        case .pause: try pause(at: event.time, heading: event.heading)
        case .resume: resume(at: event.time)
        case .proceed: try proceed(at: event.time, heading: event.heading)
        case .stop: stop()
        case .recentre, .ignore: break
        }
    }

    /// Takes the photo of the target being searched for (or, `skipped`, gives it up: its row says so and no photo
    /// exists). Records the trial (the sink flushes it), then moves to the intermediate or end result. Returns nil
    /// when not searching.
    @discardableResult
    public func photograph(aim: Bearing, at time: MonotonicTime, device: InputDevice? = nil, skipped: Bool = false)
        throws -> TrialResult?
    {
        guard case .searching(let key) = state, let level, let round = currentRound,
            let index = level.currentTargetIndex
        else { return nil }
        let bearings = currentBearings
        // The pass's last photo with minutes left: the next pass is added before the photo makes the session
        // complete.
        if repeatsWhileTimeRemains, let limit = timeLimitSeconds, playedSeconds + max(0, time - onset) < limit,
            plan.allKeys.allSatisfy({ $0 == key || logged.contains($0) })
        {
            try repeatRounds()
        }
        let heard = audibleOnset()
        // Reaction time runs from the first audible sample; pauses since then do not count.
        let start = heard.map { $0.time + pausedSeconds } ?? onset
        let trial = TrialResult(
            condition: round.condition, level: round.level, background: round.backgroundSound != nil,
            round: round.round, targetsInRound: round.targetSounds.count, targetIndex: key.targetIndex,
            target: round.targetSounds[index], targetBearing: bearings[index], aimBearing: aim,
            roundStartHeading: roundStartHeading, onsetTime: start, shotTime: max(time, start),
            onsetAt: clock.date(at: start), shotAt: clock.date(at: max(time, start)), input: device ?? input,
            onsetFrame: heard?.frame, onsetUncertaintySeconds: heard?.uncertaintySeconds, skipped: skipped)
        do {
            try sink.record(trial)
        } catch {
            stop()
            throw error
        }
        logged.insert(key)
        playedSeconds += max(0, time - onset)
        resultShownAt = time
        trials.append(trial)
        roundPhotos.append(trial)
        level.targetPhotographed()
        let roundEnd = level.currentTargetIndex == nil
        if roundEnd { endLevel() } else { level.pause() }
        state = .showingResult(key, roundEnd: roundEnd)
        try publish(kind: roundEnd ? .roundEnd : .intermediate, aim: aim, searched: nil)
        return trial
    }

    /// Interrupts the search; the partial result becomes `lastResult`.
    public func pause(at time: MonotonicTime, heading: Bearing) throws {
        guard case .searching(let key) = state else { return }
        // Settled before the pause: the resume that follows would report its own frame.
        _ = audibleOnset()
        level?.pause()
        pausedAt = time
        state = .paused(key)
        try publish(kind: .interrupted, aim: heading, searched: max(0, time - onset))
    }

    /// Continues an interrupted search; the paused time does not count towards time_s.
    public func resume(at time: MonotonicTime) {
        guard case .paused(let key) = state else { return }
        if let pausedAt {
            onset = onset + max(0, time - pausedAt)
            pausedSeconds += max(0, time - pausedAt)
        }
        pausedAt = nil
        level?.resume()
        state = .searching(key)
    }

    /// Leaves a result: searches the round's next target, or starts the next round, or finishes.
    public func proceed(at time: MonotonicTime, heading: Bearing) throws {
        guard case .showingResult(let key, let roundEnd) = state else { return }
        if let shown = resultShownAt {
            playedSeconds += min(max(0, time - shown), Self.resultScreenCapSeconds)
            resultShownAt = nil
        }
        // A repeating session ends by its minutes even when they ran out with the last round of a pass.
        if roundEnd, let limit = timeLimitSeconds, playedSeconds >= limit,
            nextUnloggedKey != nil || repeatsWhileTimeRemains
        {
            endLevel()
            endedBy = .time
            state = .finished
            return
        }
        if !roundEnd, let level, let index = level.currentTargetIndex {
            level.resume()
            startSearch(at: time)
            state = .searching(TrialKey(round: key.round, targetIndex: index + 1))
        } else {
            try beginNext(heading: heading, at: time)
        }
    }

    /// Ends the session early; every sound stops.
    public func stop() {
        guard !state.isOver else { return }
        endedBy = .player
        endLevel()
        state = .stopped
    }

    /// Starts the current target's search again from the beginning (sounds rewound, time reset);
    /// nothing logged is touched.
    public func restart(at time: MonotonicTime) {
        switch state {
        case .searching(let key), .paused(let key):
            // The abandoned search was played time too.
            if case .searching = state { playedSeconds += max(0, time - onset) }
            level?.rewind()
            startSearch(at: time)
            state = .searching(key)
        default:
            return
        }
    }

    // MARK: Internals

    private func beginNext(heading: Bearing, at time: MonotonicTime? = nil) throws {
        endLevel()
        // A session resumed with every round logged and minutes left (its last pass was never added) goes on.
        if nextUnloggedKey == nil, repeatsWhileTimeRemains, let limit = timeLimitSeconds, playedSeconds < limit {
            try repeatRounds()
        }
        guard let key = nextUnloggedKey, let index = plan.roundIndex(of: key.round) else {
            endedBy = .allTargets
            state = .finished
            return
        }
        var round = plan.rounds[index]
        var bearings = plan.bearings[index]
        if let prepareRound { (round, bearings) = prepareRound(round, bearings) }
        let level: Level
        do {
            try scene.prepare(for: round)
            level = try levelFactory.makeLevel(for: round, bearings: bearings, scene: scene)
        } catch {
            state = .stopped
            throw error
        }
        level.skipTargets(key.targetIndex - 1)
        let now = time ?? clock.now()
        roundIndex = index
        played = (round, bearings)
        roundPhotos = []
        roundStartHeading = heading
        self.level = level
        scene.setListenerHeading(heading)
        level.update(at: now, heading: heading)
        level.begin(at: now)
        startSearch(at: now)
        state = .searching(key)
    }

    /// Adds the next pass of the rounds (`SessionPlan.repeated`), told to `onRepeat` first.
    private func repeatRounds() throws {
        do {
            let longer = try plan.repeated()
            try onRepeat?(Array(longer.rounds[plan.rounds.count...]))
            plan = longer
        } catch {
            stop()
            throw error
        }
    }

    /// A new search (or a restarted one) begins: its onset is not known until the audio renders it.
    private func startSearch(at time: MonotonicTime) {
        onset = time
        audible = nil
        pausedSeconds = 0
        pausedAt = nil
    }

    private func endLevel() {
        level?.end()
        level = nil
    }

    private func publish(kind: RoundResult.Kind, aim: Bearing, searched: Double?) throws {
        guard let round = currentRound else { return }
        let bearings = currentBearings
        let photographed = Set(roundPhotos.map(\.targetIndex))
        let targets = round.targetSounds.enumerated().map { offset, sound in
            RoundResult.Target(
                sound: sound, displayName: levelFactory.displayName(of: sound),
                bearing: bearings[offset], index: offset + 1,
                photographed: photographed.contains(offset + 1))
        }
        let result = RoundResult(
            kind: kind, plan: round, targets: targets, photos: roundPhotos, aim: aim,
            searchedSeconds: searched)
        lastResult = result
        do {
            try onResult?(result)
        } catch {
            stop()
            throw error
        }
    }
}
