import BuildInfo
// The one session driver of simulate, play and study: protocol → session folder → GameSession → rows and pictures.
import Foundation
import GameCore
import SpatialAudio
import StudyKit
import StudyRecords

/// Sets up and carries one session, whoever plays it (a bot, a player at the window, a study participant):
/// 1. resolves the mode or protocol (StudyKit) — or, with `resume`, reloads the participant's latest
///    incomplete session from the store so the same rounds and bearings come back;
/// 2. registers the participant if new and starts the session's log, all through the `SessionStore`
///    (StudyKit's `FileSessionStore`: participants.csv, the session folder, session.json, trials.csv);
/// 3. builds the `GameSession` whose sink is the log: each photo's row is stored (written and fsync'ed)
///    before anything else, then the result picture is saved beside it (`round-NN[-target-K].png`);
/// 4. `finish()` records the end (and `completed` once every target is logged).
/// The caller owns the loop: it makes a `GameManager` with `makeManager` and ticks it.
package final class SessionDriver {
    /// session.json `app_version`: the build's version, as `soundsafari --version` prints it.
    static let appVersion = BuildInfo.version

    /// This session's log in the store (the game session's trial sink).
    package let log: any SessionLog
    package let session: GameSession
    /// A training session's staircase and feedback (nil without a plan); it stores the rows through `log`.
    package let training: TrainingSink?
    let scene: EngineAudioScene
    let clock: GameClock
    /// Whether this driver continued an interrupted session.
    let resumed: Bool
    /// Set when the participant already completed this protocol and starts it again (said to the supervisor).
    package private(set) var repeatWarning: String?
    /// Set when a training session's scene has too few recorded animals in the catalog (`sounds import` not run,
    /// or Debian's tuxpaint-stamps-default missing) and the plan's own, synthesised animals play instead.
    package private(set) var safariNotice: String?
    /// Result pictures saved so far (in order).
    private(set) var savedPictures: [URL] = []
    /// Called after each result exists and its picture is saved (the UI shows it). Interrupted results
    /// (a pause) are reported too, but have no picture file.
    package var onResult: ((RoundResult) throws -> Void)?
    /// Draws and saves each photo's result picture (GameUI's SDL drawing; simulate uses it too).
    private let pictures: ResultPictureWriter
    /// The output stage installed on the scene's engine: the profile's notch and gains, the volume, the limiter.
    package let output: TailoredOutput
    private var recordedLimitedBlocks = 0
    /// The headphones' calibration from the profile (dB(A) and doses need it), and the participant's listening
    /// dose of the other sessions in the last 7 days.
    private var calibration: HeadphoneCalibration?
    package private(set) var pastWeek = WeekDose()
    /// What a resumed session's earlier runs delivered (from session.json), so the exposure covers them too.
    private var earlierRuns = ExposureTotals()
    /// The questionnaire before and after the rounds; nil when the session asks none.
    package let ratings: SessionRatings?
    /// What the participant is shown (session.json's protocol `feedback`); nil for a session stored before it existed.
    package private(set) var feedback: SessionFeedback?

    /// "Before" means before any round: asked when nothing is logged yet and no before-answer is stored
    /// (a session resumed after its questionnaire, or after photos, goes straight on).
    package func asksRatingsBefore() throws -> Bool {
        guard let ratings, log.loggedKeys.isEmpty else { return false }
        return try ratings.remaining(.before).count == RatingItem.asked(at: .before).count
    }

    /// Resolves `request` and opens the session's files; the session is `.ready` (call `session.start`).
    /// Errors are sentences naming the file/participant and what to do (StudyKit's and SpatialAudio's).
    package static func open(
        _ request: SessionRequest, store: any SessionStore, scene: EngineAudioScene, clock: GameClock,
        pictures: ResultPictureWriter, now: Date = Date()
    ) throws -> SessionDriver {
        let participant = try ParticipantID(request.participant)
        // A broken profile stops the session before anything is written.
        let profile = try store.hearingProfile(of: participant)
        let log: any SessionLog
        let plan: SessionPlan
        var asksRatings = request.ratings
        var repeatWarning: String?
        var safariNotice: String?
        var feedback: SessionFeedback?
        if request.resume {
            // The rounds are checked and their sounds loaded before the store writes anything.
            var resumedPlan: SessionPlan?
            let reopened = try store.resumeLatestSession(of: participant, at: now) { resolved, planReference in
                // Checked before the store writes anything (`resumed_at`).
                if case .trainingPlan = request.source {
                    guard planReference != nil else {
                        throw PlanResumeError(participant: participant.value, plan: nil)
                    }
                } else if let planReference {
                    throw PlanResumeError(participant: participant.value, plan: planReference)
                }
                resumedPlan = try prepare(resolved, scene: scene)
                feedback = resolved.feedback
            }
            guard let reopened, let resumedPlan else {
                throw NothingToResumeError(participant: participant.value, logs: store.location)
            }
            log = reopened
            plan = resumedPlan
            asksRatings =
                try asksRatings || SessionRatings(sink: log.ratings(), context: log.ratingContext).hasAnswers()
        } else {
            let studyProtocol = try loadProtocol(request.source, seed: request.seed)
            asksRatings = asksRatings || studyProtocol.ratings
            try checkSounds(of: studyProtocol, from: request.source, catalog: scene.catalog)
            // A protocol's sheet with a consent item: no session (and no registration) without recorded consent.
            if let sheet = studyProtocol.participantSheet, sheet.consentItem != nil {
                let consent = sheet.consent(in: try store.questionnaireRows(of: participant))
                if consent != .given {
                    throw ConsentMissingError(
                        participant: participant.value, sheet: sheet,
                        location: store.questionnaireLocation(of: participant), declined: consent == .declined)
                }
            }
            // Registered before the counterbalancing row is read: an ID without a number takes the row of
            // its place in participants.csv from its first session on.
            let registrationNumber = try store.registerIfNew(participant, at: now)
            let number = participant.trailingNumber ?? registrationNumber
            let sessionSeed = request.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
            let environment = SessionEnvironment(
                appVersion: appVersion, input: request.input.name, hrtf: scene.engine.hrtf.name ?? "none",
                audioDevice: request.input.name.hasPrefix("bot-")
                    ? "offline loopback (simulate)" : "SDL default output",
                sampleRate: SpatialAudioEngine.sampleRate,
                hrtfSHA256: scene.engine.hrtf.name.flatMap { HRTFLibrary.standard().sha256(ofHRTFNamed: $0) } ?? "")
            var planReference: PlanReference?
            if case .trainingPlan(let assigned, let session) = request.source {
                planReference = PlanReference(
                    name: assigned.plan.name, version: assigned.version, session: session,
                    totalSessions: assigned.plan.totalSessions)
            }
            // The store gives the session_index (under its start lock, so two sessions started at once never
            // share one) before the rounds are placed: each participant and each of their sessions gets its
            // own bearings, even under a fixed seed.
            var startedPlan: SessionPlan?
            log = try store.startSession(
                participant: participant, environment: environment, plan: planReference, at: now
            ) { sessionIndex, past in
                if let expected = request.expectedSessionIndex, sessionIndex != expected,
                    case .trainingPlan(_, let session) = request.source
                {
                    throw PlanSessionTakenError(
                        participant: participant.value, planSession: session, expectedIndex: expected,
                        sessionIndex: sessionIndex)
                }
                var resolved = studyProtocol.resolve(participantNumber: number, sessionSeed: sessionSeed)
                resolved.sessionNumber = sessionIndex
                resolved.placementSeed = PlacementSeed.derive(
                    protocolSeed: resolved.seed, participant: participant, sessionNumber: sessionIndex)
                repeatWarning = PastSession.repeatWarning(past, participant: participant, protocolName: resolved.name)
                if let safari = request.safari {
                    safariNotice = cast(
                        safari, into: &resolved, catalog: scene.catalog, ambience: studyProtocol.sceneAmbience)
                }
                // Everything that can be wrong with the rounds is found before the session's files are
                // written, so a bad protocol or sound leaves no half-made session behind for --resume to trip over.
                startedPlan = try prepare(resolved, scene: scene)
                resolved.stimuli = try scene.stimuli(of: resolved.rounds.flatMap(\.targetSounds))
                for index in resolved.conditions.indices {
                    guard let name = resolved.conditions[index].hrtf else { continue }
                    resolved.conditions[index].hrtfSHA256 = HRTFLibrary.standard().sha256(ofHRTFNamed: name) ?? ""
                }
                feedback = resolved.feedback
                return resolved
            }
            guard let startedPlan else { preconditionFailure("the store started a session without resolving it") }
            plan = startedPlan
        }
        let training = try TrainingSink.make(for: request, log: log)
        let driver = SessionDriver(
            log: log, plan: plan, scene: scene, clock: clock, input: request.input,
            resumed: request.resume, pictures: pictures, training: training,
            tailoring: profile?.tailoring ?? .none,
            ratings: asksRatings ? SessionRatings(sink: log.ratings(), context: log.ratingContext) : nil)
        driver.repeatWarning = repeatWarning
        driver.safariNotice = safariNotice
        driver.feedback = feedback
        driver.calibration = profile?.calibration
        driver.pastWeek = try store.weekDose(of: participant, before: now, excluding: log.sessionID)
        if let earlier = log.recordedExposure { driver.earlierRuns = ExposureTotals(earlier) }
        // A plan's minutes_per_session bounds the playing time; a resumed session goes on from what it played.
        driver.session.playedSeconds = log.playedSeconds
        if case .trainingPlan(let assigned, _) = request.source {
            driver.session.timeLimitSeconds = assigned.plan.minutesPerSession * 60
            // While minutes remain after the rounds, they are played again: session.json lists each new pass.
            driver.session.repeatsWhileTimeRemains = assigned.plan.repeatRounds
            driver.session.onRepeat = { [log] rounds in try log.appendRounds(rounds) }
        }
        try driver.recordOutput(volumeSource: request.resume ? "resume" : "session start", at: now)
        return driver
    }

    /// Places the targets, checks every round's level and loads every sound the rounds use (a broken
    /// file stops the session before round 1, and no round waits for the disk).
    static func prepare(_ resolved: ResolvedProtocol, scene: EngineAudioScene) throws -> SessionPlan {
        let plan = try SessionPlan(
            rounds: resolved.rounds, placement: resolved.placementRule, seed: resolved.seedOfPlacement)
        let factory = LevelFactory()
        for round in resolved.rounds { _ = try factory.validate(round) }
        // A condition's own set that cannot be used stops the session before round 1, not at its first block.
        for condition in resolved.conditions {
            guard let name = condition.hrtf else { continue }
            do {
                _ = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required, hrtfName: name))
            } catch {
                throw ConditionHRTFError(protocolName: resolved.name, condition: condition.name, reason: "\(error)")
            }
        }
        try scene.preload(Set(resolved.rounds.flatMap { $0.targetSounds + [$0.backgroundSound].compactMap { $0 } }))
        return plan
    }

    /// Casts `safari`'s recorded animals (those the catalog holds) as the rounds' targets, plays the scene's
    /// ambience under them (`SafariScene.withAmbience`, unless the plan's protocol says `scene_ambience` false) and
    /// names the scene in `resolved`; with fewer animals than
    /// a round needs (at least two, so a scene is never one call over and over), the rounds keep the plan's own
    /// targets and the sentence saying so is returned.
    static func cast(
        _ safari: SafariVisit, into resolved: inout ResolvedProtocol, catalog: SoundCatalog, ambience: Bool = true
    ) -> String? {
        resolved.scene = safari.scene.id
        if ambience {
            resolved.rounds = safari.scene.withAmbience(
                resolved.rounds, available: Set(catalog.entries(role: .background).map(\.name)))
        }
        let animals = safari.scene.animals(
            available: Set(catalog.entries(role: .target).map(\.name)), sessionsHere: safari.sessionsHere)
        let needed = max(2, resolved.rounds.map(\.targetSounds.count).max() ?? 1)
        guard animals.count >= needed else {
            let targets = Set(resolved.rounds.flatMap(\.targetSounds)).sorted().joined(separator: ", ")
            return
                "The \(safari.scene.title) has \(animals.count) recorded animal call\(animals.count == 1 ? "" : "s") "
                + "in the catalog (needs \(needed)), so the plan's own animals play (\(targets)): import Debian's "
                + "\(AnimalLibrary.debianPackage) calls with `soundsafari sounds import`."
        }
        resolved.rounds = SafariScene.cast(animals, into: resolved.rounds, seed: resolved.seedOfPlacement)
        return nil
    }

    /// A sound the protocol names but the catalog lacks is the protocol's error (file and field), not the catalog's.
    package static func checkSounds(of studyProtocol: StudyProtocol, from source: SessionSource, catalog: SoundCatalog)
        throws
    {
        let file: String
        var prefix = ""
        switch source {
        case .mode: file = "--mode"
        case .protocolFile(let url): file = url.path
        case .builtInProtocol(let made): file = "the built-in protocol \(made.name)"
        case .trainingPlan(let assigned, _):
            // The stored plan-NNN.json holds the plan under `plan`, its protocol under `session`.
            file = assigned.url.path
            prefix = "plan.session."
        }
        try studyProtocol.checkSounds(available: Set(catalog.entries.map(\.name)), file: file, fieldPrefix: prefix)
        try studyProtocol.checkSoundRoles(
            targets: Set(catalog.entries(role: .target).map(\.name)),
            backgrounds: Set(catalog.entries(role: .background).map(\.name)),
            roles: Dictionary(uniqueKeysWithValues: catalog.entries.map { ($0.name, $0.role.rawValue) }), file: file,
            fieldPrefix: prefix)
    }

    /// The protocol of a mode or a file (a malformed file → StudyKit's error naming file and field).
    package static func loadProtocol(_ source: SessionSource, seed: UInt64?) throws -> StudyProtocol {
        switch source {
        case .mode(let kind, let rounds): return StudyProtocol.builtIn(mode: kind, rounds: rounds, seed: seed)
        case .protocolFile(let url): return try ProtocolFile.load(url)
        case .builtInProtocol(let made): return made
        case .trainingPlan(let assigned, let session):
            // A plan's protocol with a seed gives each session its own, reproducible bearings.
            var sessionProtocol = assigned.plan.session
            sessionProtocol.seed = sessionProtocol.seed.map { $0 &+ UInt64(session) }
            if session == 1 { sessionProtocol.startEasy() }
            return sessionProtocol
        }
    }

    private init(
        log: any SessionLog, plan: SessionPlan, scene: EngineAudioScene, clock: GameClock,
        input: InputDevice, resumed: Bool, pictures: ResultPictureWriter, training: TrainingSink?,
        tailoring: OutputTailoring,
        ratings: SessionRatings?
    ) {
        // Every session hears the participant's tailoring (or none) through the limiter's ceiling.
        output = TailoredOutput(engine: scene.engine, tailoring: tailoring)
        self.pictures = pictures
        self.ratings = ratings
        self.log = log
        self.scene = scene
        self.clock = clock
        self.resumed = resumed
        self.training = training
        var names: [String: String] = [:]
        for entry in scene.catalog.entries { names[entry.name] = entry.displayName.lowercased() }
        session = GameSession(
            plan: plan, scene: scene, clock: clock, sink: training ?? log, input: input,
            levelFactory: LevelFactory(displayNames: names), alreadyLogged: log.loggedKeys)
        session.onResult = { [unowned self] result in try self.handle(result) }
        if let training {
            session.prepareRound = { [seed = plan.seed] in training.prepare($0, bearings: $1, seed: seed) }
        }
    }

    /// Replays photographed targets through this session's scene (training feedback).
    package func makeFeedbackReplay() -> FeedbackReplay { FeedbackReplay(scene: scene) }

    /// A `GameManager` ticking this session at 60 Hz on the driver's clock.
    package func makeManager(headingSource: HeadingSource) -> GameManager {
        GameManager(session: session, clock: clock, scene: scene, headingSource: headingSource)
    }

    /// Records the end in the store (`ended_at`; `completed` when every target is logged).
    /// Call when the loop ends, whether the session finished or the player quit.
    package func finish() throws {
        let now = clock.date(at: clock.now())
        if output.limiter.limitedBlocks != recordedLimitedBlocks {
            try recordOutput(volumeSource: "volume change", at: now)
        } else {
            try log.recordExposure(exposure)
        }
        // Over without a reason only when the loop ended before the session did (the window closed).
        try log.recordPlaying(seconds: session.playedSeconds, endedBy: session.endedBy ?? .player)
        try log.finish(at: now)
    }

    /// Writes the output stage (volume, tailoring, limited blocks so far) to the log; a new volume becomes a
    /// volume event.
    func recordOutput(volumeSource: String, at date: Date) throws {
        recordedLimitedBlocks = output.limiter.limitedBlocks
        let tailoring = output.tailoring
        try log.recordOutput(
            SessionOutput(
                volumeDB: scene.engine.masterGainDB, tailoring: tailoring,
                notchDepthDB: tailoring.notch == nil ? nil : BandStopDesign.stopBandDB,
                limitedBlocks: recordedLimitedBlocks),
            volumeSource: volumeSource, at: date)
        try log.recordExposure(exposure)
    }

    /// The volume keys during a round: the new volume ramps in (`VolumeProcessor`) and is a volume event at once.
    package func setVolume(_ volumeDB: Double, source: String) throws {
        scene.engine.masterGainDB = volumeDB
        try recordOutput(volumeSource: source, at: clock.date(at: clock.now()))
    }

    /// How the headphone check before this run's rounds ended (session.json `headphone_check`).
    package func recordHeadphoneCheck(_ outcome: HeadphoneCheckOutcome) throws {
        try log.recordHeadphoneCheck(outcome)
    }

    /// The sound this session has delivered so far, measured after the limiter (`ExposureMeter`).
    package var exposure: SessionExposure {
        var totals = output.meter.totals
        totals.leftEnergy += earlierRuns.leftEnergy
        totals.rightEnergy += earlierRuns.rightEnergy
        totals.frames += earlierRuns.frames
        return SessionExposure(
            durationSeconds: totals.durationSeconds, leftLAeqDBFS: totals.laeqDBFS(left: true),
            rightLAeqDBFS: totals.laeqDBFS(left: false), calibration: calibration, pastWeek: pastWeek)
    }

    /// Ends the run because `signal` came (after the row in progress was written): the session is marked
    /// interrupted with the time, and the error to end the process with is returned.
    package func interrupt(by signal: Int32) throws -> SessionInterruptedError {
        try log.recordExposure(exposure)
        try log.recordPlaying(seconds: session.playedSeconds, endedBy: .signal)
        try log.interrupt(by: InterruptSignals.name(signal), at: clock.date(at: clock.now()))
        // <logs>/<participant>/<session>: the advice names both, so pasting it finds this session.
        let participantFolder = log.location.deletingLastPathComponent()
        let who =
            "--participant \(ShellWord.quote(participantFolder.lastPathComponent)) --logs \(ShellWord.quote(participantFolder.deletingLastPathComponent().path))"
        // A plan session continues through the plan (train or simulate --plan); --resume refuses it.
        let command =
            training != nil
            ? "soundsafari train \(who) (or simulate --plan FILE \(who))" : "--resume \(who)"
        return SessionInterruptedError(signal: signal, folder: log.location, continueCommand: command)
    }

    private func handle(_ reported: RoundResult) throws {
        var result = reported
        result.judgedByPlan = training != nil
        result.scene = log.resolvedProtocol.scene
        // A training photo's picture draws the zone it was judged against and says hit or missed.
        if let photo = result.latestPhoto, !photo.skipped, let latest = training?.latest {
            result.verdict = latest.verdict
        }
        if output.limiter.limitedBlocks != recordedLimitedBlocks {
            try recordOutput(volumeSource: "volume change", at: clock.date(at: clock.now()))
        } else {
            try log.recordExposure(exposure)
        }
        if result.latestPhoto != nil {
            // Kept with every photo, so a killed session resumes with the time it had played.
            try log.recordPlaying(seconds: session.playedSeconds, endedBy: nil)
        }
        // A skipped animal was never photographed: no picture of it is kept (nor shown in the album).
        if let photo = result.latestPhoto, !photo.skipped {
            let url = log.resultPictureURL(
                round: photo.round, targetIndex: photo.targetIndex,
                targetsInRound: photo.targetsInRound)
            try pictures.write(result, to: url)
            savedPictures.append(url)
        }
        try onResult?(result)
    }
}

extension ExposureTotals {
    /// The totals a logged exposure stands for (energy = mean square × frames; a null level was silence).
    init(_ exposure: SessionExposure) {
        let frames = Int((exposure.durationSeconds * Double(SpatialAudioEngine.sampleRate)).rounded())
        func energy(_ level: Double?) -> Double { level.map { pow(10, $0 / 10) * Double(frames) } ?? 0 }
        self.init(
            leftEnergy: energy(exposure.leftLAeqDBFS), rightEnergy: energy(exposure.rightLAeqDBFS), frames: frames)
    }
}

/// A protocol condition's `hrtf` that this machine cannot render: the protocol, the condition and the engine's
/// sentence (which sets are usable).
struct ConditionHRTFError: Error, CustomStringConvertible {
    let protocolName: String
    let condition: String
    let reason: String
    var description: String {
        "The protocol '\(protocolName)' has the condition '\(condition)' heard through its own HRTF set, but: \(reason)"
    }
}
