// session.json: a session's settings, resolved protocol, environment and whether it was completed.
import Foundation
import GameCore

#if canImport(Glibc)
    import Glibc
#endif

/// The contents of session.json (docs/LOG-FORMAT.md). `completed` stays false until the last target of
/// the last round is logged, so an interrupted session is recognisable and resumable.
public struct SessionRecord: Sendable, Equatable {
    public var schemaVersion: Int = TrialRow.schemaVersion
    public var sessionID: String
    public var participant: String
    /// 1, 2, … per participant across all their sessions (`SessionIndex`); nil only in a session.json
    /// written before the key existed.
    public var sessionIndex: Int?
    public var startedAt: Date
    public var endedAt: Date?
    /// When the session was continued with `--resume`, in order.
    public var resumedAt: [Date]
    public var resolvedProtocol: ResolvedProtocol
    public var environment: SessionEnvironment
    public var completed: Bool
    /// The training plan this session belongs to (`train`, `simulate --plan`); nil otherwise.
    public var plan: PlanReference?
    /// The output stage (tailoring, volume, limited blocks); nil in sessions written before it was logged.
    public var output: SessionOutput?
    /// Every volume setting with its time, in order.
    public var volumeEvents: [VolumeEvent] = []
    /// How each headphone check of the session ended (one per run; empty when none was shown, e.g. `simulate`).
    public var headphoneChecks: [HeadphoneCheckOutcome] = []
    /// The session's sound exposure so far (updated with the output); nil in sessions written before it was logged.
    public var exposure: SessionExposure?
    /// Runs ended by a signal (SIGINT, SIGTERM, SIGHUP), in order; empty for most sessions.
    public var interruptions: [SessionInterruption] = []
    /// What ended the session (`ended_by`: all_targets, time, player, signal); nil while it runs and in
    /// sessions written before the key existed.
    public var endedBy: SessionEnd?
    /// Playing time so far, seconds (`played_s`): searching without pauses plus result screens up to 30 s
    /// each; a resumed session goes on from it. nil before the first photo and in older sessions.
    public var playedSeconds: Double?

    /// Done for a training plan: every target logged, or the plan's minutes played (`ended_by` time).
    public var countsAsDone: Bool { Self.countsAsDone(completed: completed, endedBy: endedBy) }

    /// The rule of `countsAsDone` for a session known only by those two fields (the study server's `sessions` table).
    public static func countsAsDone(completed: Bool, endedBy: SessionEnd?) -> Bool { completed || endedBy == .time }

    /// The same with `ended_by` as session.json writes it (the raw text; nil or unknown: not ended by time).
    public static func countsAsDone(completed: Bool, endedByText: String?) -> Bool {
        countsAsDone(completed: completed, endedBy: endedByText.flatMap(SessionEnd.init(rawValue:)))
    }

    public init(
        sessionID: String, participant: String, sessionIndex: Int? = nil, startedAt: Date, endedAt: Date? = nil,
        resumedAt: [Date] = [], resolvedProtocol: ResolvedProtocol, environment: SessionEnvironment,
        completed: Bool = false, plan: PlanReference? = nil
    ) {
        self.sessionID = sessionID
        self.participant = participant
        self.sessionIndex = sessionIndex
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.resumedAt = resumedAt
        self.resolvedProtocol = resolvedProtocol
        self.environment = environment
        self.completed = completed
        self.plan = plan
    }
}

extension SessionRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case participant, completed
        case schemaVersion = "schema_version"
        case sessionID = "session_id"
        case sessionIndex = "session_index"
        case appVersion = "app_version"
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case resumedAt = "resumed_at"
        case resolvedProtocol = "protocol"
        case input, hrtf, platform, os, plan
        case audioDevice = "audio_device"
        case sampleRate = "sample_rate"
        case interruptions
        case hrtfSHA256 = "hrtf_sha256"
        case output
        case volumeEvents = "volume_events"
        case headphoneChecks = "headphone_check"
        case exposure
        case endedBy = "ended_by"
        case playedSeconds = "played_s"
        case deviceID = "device_id"
        case scene
    }

    // Flat, like docs/LOG-FORMAT.md lists the fields; dates as the logs' UTC timestamps with milliseconds.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(participant, forKey: .participant)
        try container.encodeIfPresent(sessionIndex, forKey: .sessionIndex)
        try container.encode(environment.appVersion, forKey: .appVersion)
        // Absent in sessions logged before it existed, which keep their exact bytes.
        if !environment.deviceID.isEmpty { try container.encode(environment.deviceID, forKey: .deviceID) }
        try container.encode(Timestamp.format(startedAt), forKey: .startedAt)
        try container.encode(endedAt.map(Timestamp.format), forKey: .endedAt)
        try container.encode(resumedAt.map(Timestamp.format), forKey: .resumedAt)
        try container.encode(environment.platform, forKey: .platform)
        try container.encode(environment.input, forKey: .input)
        try container.encode(environment.hrtf, forKey: .hrtf)
        try container.encode(environment.hrtfSHA256, forKey: .hrtfSHA256)
        try container.encode(environment.audioDevice, forKey: .audioDevice)
        try container.encode(environment.sampleRate, forKey: .sampleRate)
        try container.encode(environment.os, forKey: .os)
        try container.encode(completed, forKey: .completed)
        try container.encode(resolvedProtocol, forKey: .resolvedProtocol)
        try container.encodeIfPresent(plan, forKey: .plan)
        try container.encodeIfPresent(resolvedProtocol.scene, forKey: .scene)
        try container.encodeIfPresent(output, forKey: .output)
        try container.encode(volumeEvents, forKey: .volumeEvents)
        if !headphoneChecks.isEmpty { try container.encode(headphoneChecks, forKey: .headphoneChecks) }
        try container.encodeIfPresent(exposure, forKey: .exposure)
        try container.encodeIfPresent(endedBy, forKey: .endedBy)
        try container.encodeIfPresent(playedSeconds, forKey: .playedSeconds)
        // Written only once a run was interrupted, so the sessions that never were keep their exact files.
        if !interruptions.isEmpty { try container.encode(interruptions, forKey: .interruptions) }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        sessionID = try container.decode(String.self, forKey: .sessionID)
        participant = try container.decode(String.self, forKey: .participant)
        sessionIndex = try container.decodeIfPresent(Int.self, forKey: .sessionIndex)
        startedAt = try container.decodeTimestamp(forKey: .startedAt)
        // `ended_at` is null while the session runs.
        let ended = try container.decodeIfPresent(String.self, forKey: .endedAt)
        endedAt = try ended == nil ? nil : container.decodeTimestamp(forKey: .endedAt)
        resumedAt = try (container.decodeIfPresent([String].self, forKey: .resumedAt) ?? []).map { text in
            guard let date = Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .resumedAt, in: container, debugDescription: "'\(text)' is not a UTC timestamp")
            }
            return date
        }
        environment = SessionEnvironment(
            appVersion: try container.decode(String.self, forKey: .appVersion),
            platform: try container.decode(String.self, forKey: .platform),
            input: try container.decode(String.self, forKey: .input),
            hrtf: try container.decode(String.self, forKey: .hrtf),
            audioDevice: try container.decode(String.self, forKey: .audioDevice),
            sampleRate: try container.decode(Int.self, forKey: .sampleRate),
            os: try container.decode(String.self, forKey: .os),
            // Sessions written before the key existed carry no fingerprint.
            hrtfSHA256: try container.decodeIfPresent(String.self, forKey: .hrtfSHA256) ?? "",
            deviceID: try container.decodeIfPresent(String.self, forKey: .deviceID) ?? "")
        completed = try container.decode(Bool.self, forKey: .completed)
        resolvedProtocol = try container.decode(ResolvedProtocol.self, forKey: .resolvedProtocol)
        resolvedProtocol.scene = try container.decodeIfPresent(String.self, forKey: .scene)
        plan = try container.decodeIfPresent(PlanReference.self, forKey: .plan)
        output = try container.decodeIfPresent(SessionOutput.self, forKey: .output)
        volumeEvents = try container.decodeIfPresent([VolumeEvent].self, forKey: .volumeEvents) ?? []
        headphoneChecks =
            try container.decodeIfPresent([HeadphoneCheckOutcome].self, forKey: .headphoneChecks) ?? []
        exposure = try container.decodeIfPresent(SessionExposure.self, forKey: .exposure)
        interruptions = try container.decodeIfPresent([SessionInterruption].self, forKey: .interruptions) ?? []
        endedBy = try container.decodeIfPresent(SessionEnd.self, forKey: .endedBy)
        playedSeconds = try container.decodeIfPresent(Double.self, forKey: .playedSeconds)
    }

    /// Decodes session.json's bytes; a `RecordError` names `file` and the field that is wrong.
    public static func decode(_ data: Data, file: String) throws -> SessionRecord {
        do {
            return try JSONDecoder().decode(SessionRecord.self, from: data)
        } catch let error as DecodingError {
            throw RecordError(file: file, reason: RecordError.explain(error))
        }
    }

    /// session.json's bytes as the game writes them: pretty-printed, keys sorted, one final line break.
    public func encoded() throws -> Data {
        var data = try RecordJSON.encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
