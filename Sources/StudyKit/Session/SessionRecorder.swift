// Records one session on disk: its folder, session.json and trials.csv; the GameSession's TrialSink.
import Foundation
import GameCore
import StudyRecords

/// The study side of a session. `start` makes the folder, session.json (`completed: false`) and the
/// trials.csv header; `record` (the `TrialSink` the GameSession calls on each photo) appends and
/// fsyncs the row before returning, and when the last target of the plan is logged marks session.json
/// completed with `ended_at`. `resume` continues an interrupted session's files.
public final class SessionRecorder: TrialSink {
    public let folder: SessionFolder
    public private(set) var record: SessionRecord
    public private(set) var loggedKeys: Set<TrialKey>
    private let log: TrialLog
    /// Held while this recorder exists: no other process writes the session meanwhile.
    private let lock: FileLock

    private init(
        folder: SessionFolder, record: SessionRecord, loggedKeys: Set<TrialKey>, log: TrialLog, lock: FileLock
    ) {
        self.lock = lock
        self.folder = folder
        self.record = record
        self.loggedKeys = loggedKeys
        self.log = log
    }

    /// Starts a new session of `participant` under `logs` with a protocol resolved beforehand.
    public static func start(
        logs: URL, participant: ParticipantID, resolvedProtocol: ResolvedProtocol,
        environment: SessionEnvironment, startedAt: Date = Date(), plan: PlanReference? = nil
    ) throws -> SessionRecorder {
        try start(
            logs: logs, participant: participant, environment: environment, startedAt: startedAt, plan: plan
        ) { _, _ in resolvedProtocol }
    }

    /// Starts a new session of `participant` under `logs`. Under the participant's `StartLock` it numbers the
    /// session (one more than the highest `session_index` so far: the only place a new index is given), hands
    /// that index and the earlier sessions to `resolve` for the session's protocol (its placement depends on
    /// the index), and makes the folder, session.json and trials.csv; when `resolve` throws, nothing is written.
    public static func start(
        logs: URL, participant: ParticipantID, environment: SessionEnvironment, startedAt: Date = Date(),
        plan: PlanReference? = nil, resolve: (_ sessionIndex: Int, _ past: [PastSession]) throws -> ResolvedProtocol
    ) throws -> SessionRecorder {
        let participantFolder = logs.appendingPathComponent(participant.value)
        try OwnerOnlyFolder.createWithParents(participantFolder)
        let startLock = try StartLock.acquire(participantFolder)
        // Released only once session.json holds the index, so the next start counts this session.
        defer { withExtendedLifetime(startLock) {} }
        let past = PastSession.all(logs: logs, participant: participant)
        let sessionIndex = PastSession.nextIndex(after: past)
        let resolvedProtocol = try resolve(sessionIndex, past)
        let folder = try SessionFolder.create(logs: logs, participant: participant, startedAt: startedAt)
        // Locked before session.json exists, so a --resume that sees the new session also sees it is taken.
        let lock = try SessionLock.acquire(folder.url)
        let record = SessionRecord(
            sessionID: folder.sessionID.value, participant: participant.value, sessionIndex: sessionIndex,
            startedAt: startedAt, resolvedProtocol: resolvedProtocol, environment: environment, plan: plan)
        try record.write(to: folder.sessionJSONURL)
        let log = try TrialLog.create(at: folder.trialsURL)
        return SessionRecorder(folder: folder, record: record, loggedKeys: [], log: log, lock: lock)
    }

    /// Continues an interrupted session: appends to its trials.csv and notes the resume in session.json.
    /// Throws `.sessionInUse` while another process holds the session.
    public static func resume(_ point: ResumePoint, at date: Date = Date()) throws -> SessionRecorder {
        let lock = try SessionLock.acquire(point.folder.url)
        // Read again under the lock: the process that held it may have logged rows or finished meanwhile.
        var record = try SessionRecord.read(point.folder.sessionJSONURL)
        if record.completed { throw StudyFileError.alreadyCompleted(path: point.folder.url.path) }
        // A crash between writing session.json and creating trials.csv leaves no log yet: start it now.
        let (log, rows) =
            FileManager.default.fileExists(atPath: point.folder.trialsURL.path)
            ? try TrialLog.continuing(at: point.folder.trialsURL, now: date)
            : (try TrialLog.create(at: point.folder.trialsURL), [])
        if record.sessionIndex == nil { record.sessionIndex = SessionIndex.of(point.folder) }
        record.resumedAt.append(date)
        try record.write(to: point.folder.sessionJSONURL)
        let keys = Set(rows.map { TrialKey(round: $0.round, targetIndex: $0.targetIndex) })
        return SessionRecorder(folder: point.folder, record: record, loggedKeys: keys, log: log, lock: lock)
    }

    public var resolvedProtocol: ResolvedProtocol { record.resolvedProtocol }

    /// Targets not yet logged, in playing order; the first is where play goes on.
    public var remainingKeys: [TrialKey] { record.resolvedProtocol.allTrialKeys.filter { !loggedKeys.contains($0) } }

    public var isCompleted: Bool { record.completed }

    /// The trials.csv row of a photo in this session.
    public func row(for trial: TrialResult, training: TrainingColumns? = nil) -> TrialRow {
        // A condition that fixes its own set (the HRTF as a factor) was heard through that set, not the session's.
        let fixed = record.resolvedProtocol.conditions.first { $0.name == trial.condition && $0.hrtf != nil }
        return TrialRow(
            sessionID: record.sessionID, participant: record.participant, platform: record.environment.platform,
            input: trial.input.name, hrtf: fixed?.hrtf ?? record.environment.hrtf, condition: trial.condition,
            background: trial.background, round: trial.round, targetsInRound: trial.targetsInRound,
            targetIndex: trial.targetIndex, target: trial.target, targetBearingDeg: trial.targetBearing.degrees,
            aimBearingDeg: trial.aimBearing.degrees, deviationDeg: trial.deviationDeg,
            absDeviationDeg: trial.absDeviationDeg, frontBackConfusion: trial.frontBackConfusion,
            onsetAt: trial.onsetAt, shotAt: trial.shotAt, timeS: trial.timeSeconds,
            frontBackReversal: trial.frontBackReversal, sessionIndex: sessionIndex,
            hrtfSHA256: fixed.map { $0.hrtfSHA256 ?? "" } ?? record.environment.hrtfSHA256,
            protocolName: record.resolvedProtocol.name,
            onsetFrame: trial.onsetFrame, onsetUncertaintyMS: trial.onsetUncertaintySeconds.map { $0 * 1000 },
            training: training, volumeDB: volume(at: trial.shotAt),
            profileVersion: record.output?.tailoring.profileVersion, deviceID: record.environment.deviceID,
            skipped: trial.skipped, stimulus: record.resolvedProtocol.stimuli[trial.target])
    }

    /// Records the session's output stage in session.json (rewritten atomically); a changed volume is also
    /// appended to `volume_events` with its time. Rows written from now on carry its volume and profile version.
    public func recordOutput(_ output: SessionOutput, volumeSource: String, at date: Date) throws {
        if record.output?.volumeDB != output.volumeDB || record.volumeEvents.isEmpty {
            record.volumeEvents.append(VolumeEvent(at: date, volumeDB: output.volumeDB, source: volumeSource))
        }
        record.output = output
        try record.write(to: folder.sessionJSONURL)
    }

    /// The volume in effect at `date`: the last volume event at or before it (a change pressed after the photo
    /// but before its row is written does not count); the output's volume when no event is that old.
    func volume(at date: Date) -> Double? {
        record.volumeEvents.last { $0.at <= date }?.volumeDB ?? record.output?.volumeDB
    }

    /// Records the session's sound exposure so far in session.json (rewritten atomically).
    public func recordExposure(_ exposure: SessionExposure) throws {
        record.exposure = exposure
        try record.write(to: folder.sessionJSONURL)
    }

    /// Appends how a headphone check ended to session.json's `headphone_check`.
    public func recordHeadphoneCheck(_ outcome: HeadphoneCheckOutcome) throws {
        record.headphoneChecks.append(outcome)
        try record.write(to: folder.sessionJSONURL)
    }

    /// This session's `session_index` (given when it started; a resumed session keeps it).
    public var sessionIndex: Int { record.sessionIndex ?? SessionIndex.of(folder) }

    /// Appends and fsyncs the photo's row; the row is on disk when this returns.
    public func record(_ trial: TrialResult) throws { try record(trial, training: nil) }

    /// Appends and fsyncs the photo's row with a training plan's columns (empty when nil).
    public func record(_ trial: TrialResult, training: TrainingColumns?) throws {
        guard !loggedKeys.contains(trial.key) else {
            throw StudyFileError.alreadyLogged(
                path: folder.trialsURL.path, round: trial.round, targetIndex: trial.targetIndex)
        }
        try log.append(row(for: trial, training: training))
        loggedKeys.insert(trial.key)
        if remainingKeys.isEmpty { try finish(at: trial.shotAt) }
    }

    /// Records the end of the session in session.json: `ended_at`, and `completed` when every target
    /// of the plan is logged. Called by `record` after the last target; call it when a player quits early.
    public func finish(at date: Date = Date()) throws {
        record.endedAt = date
        record.completed = remainingKeys.isEmpty
        try record.write(to: folder.sessionJSONURL)
    }

    /// Records `played_s` and, once known, `ended_by` in session.json (rewritten atomically).
    public func recordPlaying(seconds: Double, endedBy: SessionEnd?) throws {
        record.playedSeconds = seconds
        if let endedBy { record.endedBy = endedBy }
        try record.write(to: folder.sessionJSONURL)
    }

    /// Appends a pass of repeated rounds to session.json's `protocol.rounds` (rewritten atomically) before any of
    /// them is played: a resume finds them there, and the session is complete only once they are logged too.
    public func appendRounds(_ rounds: [RoundPlan]) throws {
        record.resolvedProtocol.rounds += rounds
        try record.write(to: folder.sessionJSONURL)
    }

    /// What earlier runs of this session played, seconds.
    public var playedSeconds: Double { record.playedSeconds ?? 0 }

    /// Records that `signal` ended this run at `date` (the row in progress is already written), and the end.
    public func interrupt(by signal: String, at date: Date) throws {
        record.interruptions.append(SessionInterruption(signal: signal, at: date))
        try finish(at: date)
    }
}
