// Where sessions are kept, as the session runtime sees it: register, start, resume, log, finish.
import Foundation
import GameCore
import StudyRecords

/// The storage a session runs against. The runtime opens, continues and finishes sessions only through
/// this protocol; `FileSessionStore` (a logs folder: participants.csv and one folder per session) is the
/// store the game ships, and tests may run the real session driver against a store in memory.
public protocol SessionStore {
    /// Where the store keeps its sessions, as a person would look for them (for messages).
    var location: String { get }
    /// Registers the participant with blank answers unless already registered, and returns their
    /// counterbalancing number (1 = registered first): the Latin-square row of an ID without a number is read
    /// only after registration, so a new participant's first session has the same row as their later ones.
    @discardableResult
    func registerIfNew(_ participant: ParticipantID, at date: Date) throws -> Int
    /// A new session of `participant`, its log created (not yet completed); `plan` when it is a training session.
    /// The store numbers the session and calls `resolve` with its `session_index` and the participant's
    /// sessions so far (oldest first), while no other start of this participant's sessions can number one, so
    /// sessions started at once never share an index; when `resolve` throws, no session is written.
    func startSession(
        participant: ParticipantID, environment: SessionEnvironment, plan: PlanReference?, at date: Date,
        resolve: (_ sessionIndex: Int, _ past: [PastSession]) throws -> ResolvedProtocol
    ) throws -> any SessionLog
    /// The participant's latest session that is not completed, reopened to continue; nil when there is none.
    /// `check` sees its protocol and plan (nil: not a plan session) first: when it throws, nothing is written.
    func resumeLatestSession(
        of participant: ParticipantID, at date: Date, check: (ResolvedProtocol, PlanReference?) throws -> Void
    ) throws -> (any SessionLog)?
    /// The participant's hearing profile (newest version), nil when they have none.
    func hearingProfile(of participant: ParticipantID) throws -> HearingProfile?
    /// The listening dose of the participant's sessions started in the 7 days before `date`, except `sessionID`.
    func weekDose(of participant: ParticipantID, before date: Date, excluding sessionID: String?) throws -> WeekDose
    /// The participant's questionnaires.csv rows (a protocol's participant sheet and its consent among them).
    func questionnaireRows(of participant: ParticipantID) throws -> [QuestionnaireRow]
    /// Where `participant`'s questionnaire answers are, as a person would look for them (for messages).
    func questionnaireLocation(of participant: ParticipantID) -> String
}

/// One session's log: the `GameSession`'s trial sink (a row is stored before `record` returns), and what
/// the runtime needs to continue and finish the session.
public protocol SessionLog: TrialSink {
    /// Where this session's files are, as a person would look for them.
    var location: URL { get }
    var resolvedProtocol: ResolvedProtocol { get }
    /// The targets already logged (by earlier runs of a resumed session, too).
    var loggedKeys: Set<TrialKey> { get }
    /// True once every target of the plan is logged.
    var isCompleted: Bool { get }
    /// The session's `session_index`.
    var sessionIndex: Int { get }
    /// Stores a training session's photo with the plan's columns (`record(_:)` leaves them empty).
    func record(_ trial: TrialResult, training: TrainingColumns?) throws
    /// Where the result picture of a photo belongs, beside the log.
    func resultPictureURL(round: Int, targetIndex: Int, targetsInRound: Int) -> URL
    /// Every row logged so far, earlier runs included.
    func loggedRows() throws -> [TrialRow]
    /// Records the end (`ended_at`; completed when every target is logged).
    func finish(at date: Date) throws
    /// Records the output stage (volume, tailoring, limited blocks) and a volume change with its time.
    func recordOutput(_ output: SessionOutput, volumeSource: String, at date: Date) throws
    /// Records the session's sound exposure so far (session.json `exposure`).
    func recordExposure(_ exposure: SessionExposure) throws
    /// The exposure stored so far (a resumed session's earlier runs), nil when none is.
    var recordedExposure: SessionExposure? { get }
    /// Records how a headphone check before the rounds ended (session.json `headphone_check`).
    func recordHeadphoneCheck(_ outcome: HeadphoneCheckOutcome) throws
    /// The session's `session_id` (to leave it out of the week's other sessions).
    var sessionID: String { get }
    /// Records that a signal ended this run, and the end (`interruptions` and `ended_at` in session.json).
    func interrupt(by signal: String, at date: Date) throws
    /// Records the playing time so far and, once known, what ended the session (`played_s`, `ended_by`).
    func recordPlaying(seconds: Double, endedBy: SessionEnd?) throws
    /// The playing time earlier runs recorded (0 for a new session): a resumed session goes on from it.
    var playedSeconds: Double { get }
    /// Appends a timed session's next pass of rounds to the resolved protocol's `rounds` (session.json).
    func appendRounds(_ rounds: [RoundPlan]) throws
    /// The participant, session_id and session_index the questionnaire's answers are stored under.
    var ratingContext: RatingContext { get }
    /// Where the questionnaire's answers go (on disk the participant's ratings.csv).
    func ratings() -> any RatingSink
}

extension SessionLog {
    /// A store that keeps no record of interruptions just records the end.
    public func interrupt(by signal: String, at date: Date) throws { try finish(at: date) }
}

/// The logs folder on disk (`StudyLogs/` or `--logs DIR`), in the format of docs/LOG-FORMAT.md.
public struct FileSessionStore: SessionStore {
    public let logs: URL

    public init(logs: URL) { self.logs = logs }

    public var location: String { logs.path }

    @discardableResult
    public func registerIfNew(_ participant: ParticipantID, at date: Date) throws -> Int {
        let registry = ParticipantRegistry(logs: logs)
        if try !registry.isRegistered(participant) {
            _ = try registry.register(ParticipantRecord(participant: participant, registeredAt: date))
        }
        guard let number = try registry.registrationNumber(of: participant) else {
            throw StudyFileError.notRegistered(path: registry.url.path, participant: participant.value)
        }
        return number
    }

    public func startSession(
        participant: ParticipantID, environment: SessionEnvironment, plan: PlanReference?, at date: Date,
        resolve: (_ sessionIndex: Int, _ past: [PastSession]) throws -> ResolvedProtocol
    ) throws -> any SessionLog {
        var environment = environment
        // The machine is the store's to know: the same logs folder may be carried to another machine.
        if environment.deviceID.isEmpty { environment.deviceID = try DeviceIdentity.current() }
        return try SessionRecorder.start(
            logs: logs, participant: participant, environment: environment, startedAt: date, plan: plan,
            resolve: resolve)
    }

    public func resumeLatestSession(
        of participant: ParticipantID, at date: Date, check: (ResolvedProtocol, PlanReference?) throws -> Void
    ) throws -> (any SessionLog)? {
        guard let point = try ResumePoint.latestIncomplete(logs: logs, participant: participant) else { return nil }
        try check(point.record.resolvedProtocol, point.record.plan)
        return try SessionRecorder.resume(point, at: date)
    }

    public func hearingProfile(of participant: ParticipantID) throws -> HearingProfile? {
        try HearingProfile.load(logs: logs, participant: participant.value)
    }

    public func weekDose(of participant: ParticipantID, before date: Date, excluding sessionID: String?) throws
        -> WeekDose
    {
        try WeekDose.past(logs: logs, participant: participant, before: date, excluding: sessionID)
    }

    public func questionnaireRows(of participant: ParticipantID) throws -> [QuestionnaireRow] {
        try QuestionnaireLog(logs: logs, participant: participant).rows()
    }

    public func questionnaireLocation(of participant: ParticipantID) -> String {
        QuestionnaireLog(logs: logs, participant: participant).url.path
    }
}

extension SessionRecorder: SessionLog {
    public var location: URL { folder.url }

    public var sessionID: String { record.sessionID }

    public var recordedExposure: SessionExposure? { record.exposure }

    public func resultPictureURL(round: Int, targetIndex: Int, targetsInRound: Int) -> URL {
        folder.resultPictureURL(round: round, targetIndex: targetIndex, targetsInRound: targetsInRound)
    }

    public func loggedRows() throws -> [TrialRow] { try TrialRow.readAll(from: folder.trialsURL) }

    public var ratingContext: RatingContext {
        RatingContext(participant: record.participant, sessionID: record.sessionID, sessionIndex: sessionIndex)
    }

    public func ratings() -> any RatingSink { RatingsLog(logs: folder.logs, participant: folder.participant) }
}
