// A batch's rows on their way in: COPY (text format) into a temporary staging table of the connection, from which
// one INSERT … SELECT stores the items and one the trial rows. COPY is PostgreSQL's own bulk path: no array to
// build and take apart per column, one parse of the rows in the types of the tables.
import Foundation
import Localization
import Logging
import NIOCore
import PostgresNIO
import StudyRecords

/// `ingest_rows`: one row per item of a batch, with the typed columns of `trials` when the items are trial rows.
/// Temporary (no WAL, never seen by another connection) and emptied at every commit (`ON COMMIT DELETE ROWS`); a
/// rolled-back batch leaves nothing in it either. Each pooled connection creates it once, when its first batch
/// finds it missing (`PostgresIngest.store` asks in the statement that takes the site's lock).
enum IngestStaging {
    static let table = "ingest_rows"

    /// The trial columns hold what `trials` gets, NULL and NaN already decided (`TrialStage`).
    static let create: PostgresQuery = """
        CREATE TEMP TABLE IF NOT EXISTS ingest_rows (item int NOT NULL, content text NOT NULL,
          redact boolean NOT NULL, session_id text, participant text, schema_version int, platform text, round int,
          targets_in_round int, target_index int, target text, condition text, background boolean, input text,
          hrtf text, hrtf_sha256 text, onset_frame bigint, onset_uncertainty_ms float8, target_bearing_deg float8,
          aim_bearing_deg float8, deviation_deg float8, abs_deviation_deg float8, front_back_confusion boolean,
          front_back_reversal boolean, onset_at timestamptz, shot_at timestamptz, time_s float8, protocol text,
          plan text, difficulty_parameter text, difficulty_value float8, hit boolean, staircase_reversal boolean,
          volume_db float8, profile_version int, local_session_index int, machine_id text, skipped boolean,
          stimulus_sha256 text, stimulus_bandwidth_oct float8, stimulus_loudness_lufs float8)
        ON COMMIT DELETE ROWS
        """

    static let itemColumns = ["item", "content", "redact"]
    static let trialColumns = [
        "session_id", "participant", "schema_version", "platform", "round", "targets_in_round", "target_index",
        "target", "condition", "background", "input", "hrtf", "hrtf_sha256", "onset_frame", "onset_uncertainty_ms",
        "target_bearing_deg", "aim_bearing_deg", "deviation_deg", "abs_deviation_deg", "front_back_confusion",
        "front_back_reversal", "onset_at", "shot_at", "time_s", "protocol", "plan", "difficulty_parameter",
        "difficulty_value", "hit", "staircase_reversal", "volume_db", "profile_version", "local_session_index",
        "machine_id", "skipped", "stimulus_sha256", "stimulus_bandwidth_oct", "stimulus_loudness_lufs",
    ]

    /// Copies items `first`, `first + 1`, … (and, when given, the trial row each one is) into the staging table.
    static func stage(
        _ items: [String], redacted: [Bool], from first: Int, trials: [TrialRow]?, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        var text = CopyText(capacity: items.reduce(0) { $0 + $1.utf8.count } * (trials == nil ? 1 : 3) + 64)
        for (offset, item) in items.enumerated() {
            text.int(first + offset)
            text.text(item)
            text.bool(redacted[offset])
            if let trials { TrialStage.append(trials[offset], to: &text) }
            text.endRow()
        }
        let buffer = text.buffer
        try await connection.copyFrom(
            table: table, columns: itemColumns + (trials == nil ? [] : trialColumns), logger: logger
        ) { writer in try await writer.write(buffer) }
    }
}

/// A trial row as `trials` stores it: a missing number is NULL, the bearings and time keep a NaN the row holds,
/// the training columns are NULL outside a plan and the stimulus' numbers NULL without a stimulus.
enum TrialStage {
    static func append(_ row: TrialRow, to text: inout CopyText) {
        let plan = row.training?.plan ?? ""
        let planned = !plan.isEmpty
        let stimulus = row.stimulus?.sha256 ?? ""
        text.text(row.sessionID)
        text.text(row.participant)
        text.int(row.schemaVersion)
        text.text(row.platform)
        text.int(row.round)
        text.int(row.targetsInRound)
        text.int(row.targetIndex)
        text.text(row.target)
        text.text(row.condition)
        text.bool(row.background)
        text.text(row.input)
        text.text(row.hrtf)
        text.text(row.hrtfSHA256)
        text.int(row.onsetFrame.map(Int.init))
        text.number(orNull: row.onsetUncertaintyMS)
        text.number(row.targetBearingDeg)
        text.number(row.aimBearingDeg)
        text.number(row.deviationDeg)
        text.number(row.absDeviationDeg)
        text.bool(row.frontBackConfusion)
        text.bool(row.frontBackReversal)
        text.timestamp(row.onsetAt)
        text.timestamp(row.shotAt)
        text.number(row.timeS)
        text.text(row.protocolName)
        text.text(planned ? plan : nil)
        text.text(planned ? row.training?.difficultyParameter ?? "" : nil)
        text.number(orNull: row.training?.difficultyValue)
        text.bool(planned ? row.training?.hit ?? false : nil)
        text.bool(planned ? row.training?.staircaseReversal ?? false : nil)
        text.number(orNull: row.volumeDB)
        text.int(row.profileVersion)
        text.int(row.sessionIndex)
        text.text(row.deviceID)
        text.bool(row.skipped)
        text.text(stimulus.isEmpty ? nil : stimulus)
        text.number(orNull: stimulus.isEmpty ? nil : row.stimulus?.bandwidthOctaves)
        text.number(orNull: stimulus.isEmpty ? nil : row.stimulus?.loudnessLUFS)
    }
}

/// Rows in COPY's text format: fields separated by a tab, rows ended by a newline, `\N` for NULL; in a text field a
/// backslash, tab, newline and carriage return are escaped (so no field can end a row or the data: `\.` arrives as
/// `\\.`). Text holds no NUL (Swift strings from JSON may; SyncRoutes' checks and PostgreSQL both refuse it).
struct CopyText {
    private(set) var buffer: ByteBuffer
    private var rowStarted = false

    init(capacity: Int) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    private mutating func separate() {
        if rowStarted { buffer.writeInteger(UInt8(ascii: "\t")) }
        rowStarted = true
    }

    mutating func endRow() {
        buffer.writeInteger(UInt8(ascii: "\n"))
        rowStarted = false
    }

    private mutating func null() {
        buffer.writeStaticString("\\N")
    }

    mutating func text(_ value: String?) {
        separate()
        guard var value else { return null() }
        value.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() {
                let escaped: UInt8
                switch byte {
                case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
                case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
                case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
                default: continue
                }
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                buffer.writeInteger(UInt8(ascii: "\\"))
                buffer.writeInteger(escaped)
                start = index + 1
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    mutating func int(_ value: Int?) {
        separate()
        guard let value else { return null() }
        if value < 0 { buffer.writeInteger(UInt8(ascii: "-")) }
        digits(value.magnitude, width: 1)
    }

    /// `value` in decimal, zeros in front up to `width` digits, written as bytes (no String made: a trial row has
    /// 40 fields, and a batch 1,000 rows).
    private mutating func digits(_ value: UInt, width: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var rest = value
            var start = 20
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0 || 20 - start < width
            buffer.writeBytes(UnsafeBufferPointer(rebasing: scratch[start..<20]))
        }
    }

    mutating func bool(_ value: Bool?) {
        separate()
        guard let value else { return null() }
        buffer.writeInteger(UInt8(ascii: value ? "t" : "f"))
    }

    /// A float8 as it is, NaN and infinities included (Swift's shortest text that reads back to the same double).
    mutating func number(_ value: Double) {
        separate()
        if value.isNaN {
            buffer.writeStaticString("NaN")
        } else if value.isInfinite {
            buffer.writeStaticString(value < 0 ? "-Infinity" : "Infinity")
        } else {
            buffer.writeString(value.description)
        }
    }

    /// A float8 that is NULL when missing or NaN (the projections' "no value").
    mutating func number(orNull value: Double?) {
        guard let value, !value.isNaN else {
            separate()
            return null()
        }
        number(value)
    }

    /// A timestamptz to the microsecond PostgresNIO's binary encoding sends (truncated towards zero from 2000-01-01),
    /// written in UTC as `YYYY-MM-DD HH:MM:SS.ffffff+00`.
    mutating func timestamp(_ date: Date) {
        separate()
        let micros = Int64(date.timeIntervalSince(Self.postgresEpoch) * 1_000_000)
        var seconds = micros / 1_000_000
        var fraction = micros % 1_000_000
        if fraction < 0 {
            fraction += 1_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var inDay = seconds % 86_400
        if inDay < 0 {
            inDay += 86_400
            days -= 1
        }
        let (year, month, day) = CivilTime.date(daysSince1970: Int(days) + 10_957)
        // Byte by byte, no String made (three times a trial row).
        if year < 0 { buffer.writeInteger(UInt8(ascii: "-")) }
        digits(UInt(year.magnitude), width: 4)
        buffer.writeInteger(UInt8(ascii: "-"))
        digits(UInt(month), width: 2)
        buffer.writeInteger(UInt8(ascii: "-"))
        digits(UInt(day), width: 2)
        buffer.writeInteger(UInt8(ascii: " "))
        digits(UInt(inDay / 3600), width: 2)
        buffer.writeInteger(UInt8(ascii: ":"))
        digits(UInt(inDay % 3600 / 60), width: 2)
        buffer.writeInteger(UInt8(ascii: ":"))
        digits(UInt(inDay % 60), width: 2)
        buffer.writeInteger(UInt8(ascii: "."))
        digits(UInt(fraction), width: 6)
        buffer.writeStaticString("+00")
    }

    static let postgresEpoch = Date(timeIntervalSince1970: 946_684_800)
}
