// One row of trials.csv, column for column as docs/LOG-FORMAT.md (schema version 1) lists them.
import Foundation
import TidyFormats

/// One photographed (or skipped) target. Property names are the columns in camelCase; `columns` is the header
/// in the contract's order, which must never change without bumping `schemaVersion`.
public struct TrialRow: Equatable, Sendable {
    public static let schemaVersion = 1

    public static let columns = [
        "schema_version", "session_id", "participant", "platform", "input", "hrtf", "condition",
        "background", "round", "targets_in_round", "target_index", "target", "target_bearing_deg",
        "aim_bearing_deg", "deviation_deg", "abs_deviation_deg", "front_back_confusion",
        "onset_at", "shot_at", "time_s",
        // Added after the version 1 contract's columns (adding keeps schema_version 1): see TrialResult.frontBackReversal.
        "front_back_reversal",
        // 1, 2, … per participant across all their sessions (SessionIndex), for learning over sessions.
        "session_index",
        // Issue 11: which HRTF data exactly (the `hrtf` name alone can be re-used for other data).
        "hrtf_sha256",
        // Issue 16: the protocol's name, so rows pooled from several studies say which one they belong to.
        "protocol",
        // Issue 11: the output frame of the target's first audible sample, and the frame clock's uncertainty.
        "onset_frame", "onset_uncertainty_ms",
        // A training plan's session (empty otherwise): TrainingColumns.
        "plan", "difficulty_parameter", "difficulty_value", "hit", "staircase_reversal",
        // Added within version 1 by the hearing profile: the volume and the profile version this photo was heard with.
        "volume_db", "profile_version",
        // Issue 23: the machine that logged the row, so sessions pooled from several machines stay apart.
        "device_id",
        // Issue 25: the patient gave the target up ("skip this animal"); no photo was taken.
        "skipped",
        // Issue 42: which stimulus exactly (the file's SHA-256), its measured bandwidth and loudness: StimulusColumns.
        "stimulus_sha256", "stimulus_bandwidth_oct", "stimulus_loudness_lufs",
    ]

    public var schemaVersion: Int = TrialRow.schemaVersion
    public var sessionID: String
    public var participant: String
    public var platform: String
    public var input: String
    public var hrtf: String
    public var condition: String
    public var background: Bool
    public var round: Int
    public var targetsInRound: Int
    public var targetIndex: Int
    public var target: String
    public var targetBearingDeg: Double
    public var aimBearingDeg: Double
    public var deviationDeg: Double
    public var absDeviationDeg: Double
    public var frontBackConfusion: Bool
    public var onsetAt: Date
    public var shotAt: Date
    public var timeS: Double
    /// A front-back confusion with target and aim outside the ±15° zone around the interaural axis.
    public var frontBackReversal: Bool
    /// The session's number among the participant's sessions (1 = first).
    public var sessionIndex: Int
    /// SHA-256 of the HRTF's data file; empty for a data set built into OpenAL Soft.
    public var hrtfSHA256: String
    /// The session's protocol: a protocol file's `name`, or the built-in mode (`one-target`, ...).
    public var protocolName: String
    /// Output frame of the target's first audible sample (`onset_at` is its time); nil: no audio clock told it.
    public var onsetFrame: Int64?
    /// How far the frame-to-clock mapping of `onsetFrame` may be off, in milliseconds.
    public var onsetUncertaintyMS: Double?
    /// The training plan's columns; nil (empty cells) for a session without a plan.
    public var training: TrainingColumns?
    /// The master volume in dB when the photo was taken (nil in files written before it was logged).
    public var volumeDB: Double?
    /// The hearing profile version whose tailoring was applied; nil without a profile.
    public var profileVersion: Int?
    /// The machine's `device_id` (empty in rows logged before it existed).
    public var deviceID: String
    /// The target was given up ("skip this animal"), not photographed: `aim_bearing_deg` and `time_s` are the
    /// heading and the time when it was skipped, and the row is no photo (FALSE in rows written before it existed).
    public var skipped: Bool
    /// The target's stimulus as the session loaded it; nil (empty cells) in rows written before it was logged.
    public var stimulus: StimulusColumns?

    public init(
        sessionID: String, participant: String, platform: String, input: String, hrtf: String,
        condition: String, background: Bool, round: Int, targetsInRound: Int, targetIndex: Int,
        target: String, targetBearingDeg: Double, aimBearingDeg: Double, deviationDeg: Double,
        absDeviationDeg: Double, frontBackConfusion: Bool, onsetAt: Date, shotAt: Date, timeS: Double,
        frontBackReversal: Bool, sessionIndex: Int, hrtfSHA256: String = "", protocolName: String,
        onsetFrame: Int64? = nil, onsetUncertaintyMS: Double? = nil,
        training: TrainingColumns? = nil,
        volumeDB: Double? = nil, profileVersion: Int? = nil, deviceID: String = "", skipped: Bool = false,
        stimulus: StimulusColumns? = nil
    ) {
        self.sessionID = sessionID
        self.participant = participant
        self.platform = platform
        self.input = input
        self.hrtf = hrtf
        self.condition = condition
        self.background = background
        self.round = round
        self.targetsInRound = targetsInRound
        self.targetIndex = targetIndex
        self.target = target
        self.targetBearingDeg = targetBearingDeg
        self.aimBearingDeg = aimBearingDeg
        self.deviationDeg = deviationDeg
        self.absDeviationDeg = absDeviationDeg
        self.frontBackConfusion = frontBackConfusion
        self.onsetAt = onsetAt
        self.shotAt = shotAt
        self.timeS = timeS
        self.frontBackReversal = frontBackReversal
        self.sessionIndex = sessionIndex
        self.hrtfSHA256 = hrtfSHA256
        self.protocolName = protocolName
        self.onsetFrame = onsetFrame
        self.onsetUncertaintyMS = onsetUncertaintyMS
        self.training = training
        self.volumeDB = volumeDB
        self.profileVersion = profileVersion
        self.deviceID = deviceID
        self.skipped = skipped
        self.stimulus = stimulus
    }

    /// Degrees to 0.001° (far below any aim's precision); time to the millisecond, as the contract asks.
    static let degreeDigits = 3
    static let secondDigits = 3

    /// The row's fields in `columns` order; numbers stay numbers (no formula guard on a negative deviation).
    public var values: [CSVValue] {
        [
            .integer(schemaVersion), .text(sessionID), .text(participant), .text(platform), .text(input),
            .text(hrtf), .text(condition), .boolean(background), .integer(round), .integer(targetsInRound),
            .integer(targetIndex), .text(target), .decimal(targetBearingDeg, fractionDigits: Self.degreeDigits),
            .decimal(aimBearingDeg, fractionDigits: Self.degreeDigits),
            .decimal(deviationDeg, fractionDigits: Self.degreeDigits),
            .decimal(absDeviationDeg, fractionDigits: Self.degreeDigits), .boolean(frontBackConfusion),
            .text(Timestamp.format(onsetAt)), .text(Timestamp.format(shotAt)),
            .decimal(timeS, fractionDigits: Self.secondDigits), .boolean(frontBackReversal),
            .integer(sessionIndex),
            .text(hrtfSHA256),
            .text(protocolName),
            onsetFrame.map { .integer(Int($0)) } ?? .empty,
            onsetUncertaintyMS.map { .decimal($0, fractionDigits: Self.secondDigits) } ?? .empty,
        ]
            + (training.map { columns -> [CSVValue] in
                [
                    .text(columns.plan), .text(columns.difficultyParameter),
                    .decimal(columns.difficultyValue, fractionDigits: Self.degreeDigits), .boolean(columns.hit),
                    .boolean(columns.staircaseReversal),
                ]
            } ?? Array(repeating: .empty, count: 5))
            + [
                volumeDB.map { .decimal($0, fractionDigits: 1) } ?? .empty,
                profileVersion.map { .integer($0) } ?? .empty,
                .text(deviceID), .boolean(skipped),
            ]
            + (stimulus.map { stimulus -> [CSVValue] in
                [
                    .text(stimulus.sha256), .decimal(stimulus.bandwidthOctaves, fractionDigits: 3),
                    stimulus.loudnessLUFS.map { .decimal($0, fractionDigits: 3) } ?? .empty,
                ]
            } ?? Array(repeating: .empty, count: 3))
    }

    /// Reads a row back from a trials.csv record; errors name the file, line and column.
    public init(_ row: CSVRow) throws { try self.init(row, CSVColumns(Self.columns, in: row.table)) }

    /// The same with the file's columns found once (`rows(of:)`): a row then looks no column name up.
    public init(_ row: CSVRow, _ columns: CSVColumns) throws {
        var c = columns.cursor(row)
        schemaVersion = try c.integer("schema_version")
        sessionID = try c.text("session_id")
        participant = try c.text("participant")
        platform = try c.text("platform")
        input = try c.text("input")
        hrtf = try c.text("hrtf")
        condition = try c.text("condition")
        background = try c.boolean("background")
        round = try c.integer("round")
        targetsInRound = try c.integer("targets_in_round")
        targetIndex = try c.integer("target_index")
        target = try c.text("target")
        targetBearingDeg = try c.decimal("target_bearing_deg")
        aimBearingDeg = try c.decimal("aim_bearing_deg")
        deviationDeg = try c.decimal("deviation_deg")
        absDeviationDeg = try c.decimal("abs_deviation_deg")
        frontBackConfusion = try c.boolean("front_back_confusion")
        onsetAt = try row.timestamp(at: c.index("onset_at"))
        shotAt = try row.timestamp(at: c.index("shot_at"))
        timeS = try c.decimal("time_s")
        frontBackReversal = try c.boolean("front_back_reversal")
        sessionIndex = try c.integer("session_index")
        hrtfSHA256 = try c.text("hrtf_sha256")
        protocolName = try c.text("protocol")
        onsetFrame = try c.optional("onset_frame") { Int64(try $0.integer(at: $1)) }
        onsetUncertaintyMS = try c.optional("onset_uncertainty_ms") { try $0.decimal(at: $1) }
        // Files written before the plan columns existed lack them: no plan.
        let plan = try c.optional("plan") { $0.text(at: $1) } ?? ""
        if plan.isEmpty {
            c.skip("difficulty_parameter", "difficulty_value", "hit", "staircase_reversal")
            training = nil
        } else {
            training = TrainingColumns(
                plan: plan, difficultyParameter: try c.text("difficulty_parameter"),
                difficultyValue: try c.decimal("difficulty_value"), hit: try c.boolean("hit"),
                staircaseReversal: try c.boolean("staircase_reversal"))
        }
        volumeDB = try c.optional("volume_db") { try $0.decimal(at: $1) }
        profileVersion = try c.optional("profile_version") { try $0.integer(at: $1) }
        deviceID = try c.optional("device_id") { $0.text(at: $1) } ?? ""
        // Files written before the column existed hold photos only.
        skipped = try c.optional("skipped") { try $0.boolean(at: $1) } ?? false
        // Rows written before issue 42 (or by a store that did not measure its sounds) name no stimulus.
        let stimulusSHA = try c.optional("stimulus_sha256") { $0.text(at: $1) } ?? ""
        if stimulusSHA.isEmpty {
            c.skip("stimulus_bandwidth_oct", "stimulus_loudness_lufs")
            stimulus = nil
        } else {
            stimulus = StimulusColumns(
                sha256: stimulusSHA, bandwidthOctaves: try c.decimal("stimulus_bandwidth_oct"),
                loudnessLUFS: try c.optional("stimulus_loudness_lufs") { try $0.decimal(at: $1) })
        }
        // A measured value the game cannot write (a negative time, a bearing of 400°) is a damaged row, not a datum.
        // The ranges are found once, not by name for every value (five lookups a row were a tenth of the read).
        let domains = Self.checkedDomains
        func check(_ k: Int, _ value: Double) throws {
            let (column, range) = domains[k]
            if !range.contains(value), let reason = TrialColumnDomain.problem(column, value) {
                throw row.invalid(column, reason)
            }
        }
        try check(0, targetBearingDeg)
        try check(1, aimBearingDeg)
        try check(2, deviationDeg)
        try check(3, absDeviationDeg)
        try check(4, timeS)
    }

    /// The measured columns a row is checked against, in the order `init(_:_:)` checks them, with their ranges.
    private static let checkedDomains: [(column: String, range: ClosedRange<Double>)] =
        ["target_bearing_deg", "aim_bearing_deg", "deviation_deg", "abs_deviation_deg", "time_s"].map {
            ($0, TrialColumnDomain.ranges[$0]!)
        }

    /// The first value no game ever logs, as a clause naming its column, or nil when every value is one the game can
    /// write (docs/LOG-FORMAT.md's ranges). The codec reads any number; this is what says a row is possible, for the
    /// study server's ingest, which takes only rows that pass it.
    public func validationProblem() -> String? {
        let counts: [(String, Int)] = [
            ("schema_version", schemaVersion), ("round", round), ("targets_in_round", targetsInRound),
            ("target_index", targetIndex), ("session_index", sessionIndex),
        ]
        // A count is stored in a 32-bit column wherever the logs are pooled (the study server's `trials`).
        for (column, value) in counts where !(1...Int(Int32.max)).contains(value) {
            return "\(column) \(value) is not a whole number from 1 to \(Int32.max)"
        }
        if schemaVersion > Self.schemaVersion {
            return "schema_version \(schemaVersion) is newer than this version reads (\(Self.schemaVersion))"
        }
        if let profileVersion, !(1...Int(Int32.max)).contains(profileVersion) {
            return "profile_version \(profileVersion) is not a whole number from 1 to \(Int32.max)"
        }
        // Bearings are kept in [0, 360); written to 0.001° a bearing a hair below 360 reads back as 360.000.
        let ranges: [(String, Double?, ClosedRange<Double>)] = [
            ("target_bearing_deg", targetBearingDeg, 0...360), ("aim_bearing_deg", aimBearingDeg, 0...360),
            ("deviation_deg", deviationDeg, -180...180), ("abs_deviation_deg", absDeviationDeg, 0...180),
            ("time_s", timeS, 0...Double(Int32.max)),
            ("onset_uncertainty_ms", onsetUncertaintyMS, 0...Double(Int32.max)),
        ]
        for case (let column, let value?, let range) in ranges where !range.contains(value) {
            return "\(column) \(value) is not between \(range.lowerBound) and \(range.upperBound)"
        }
        if let onsetFrame, onsetFrame < 0 { return "onset_frame \(onsetFrame) is negative" }
        return nil
    }

    /// Every row of a trials.csv table (its cut-off last line, if any, is never among the records).
    public static func rows(of table: CSVTable) throws -> [TrialRow] {
        let columns = CSVColumns(Self.columns, in: table)
        return try table.records.map { try TrialRow(table.row($0), columns) }
    }
}
