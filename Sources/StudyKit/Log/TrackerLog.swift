// tracker.csv: a head tracker's raw readings and its calibration, beside trials.csv (docs/LOG-FORMAT.md).
import Foundation
import StudyRecords
import TidyFormats

/// One line of tracker.csv: a reading as the tracker sent it, or an event (calibration, recentre,
/// silence, data back) with the calibration in force.
public struct TrackerLogRow: Sendable, Equatable {
    public enum Event: String, Sendable {
        case sample, calibration, recentre, silent, returned
    }

    public var time: Date
    public var event: Event
    /// `opentrack` or `osc`.
    public var input: String
    /// `opentrack`, or the OSC address.
    public var address: String
    public var rawYawDeg: Double?
    public var rawPitchDeg: Double?
    public var rawRollDeg: Double?
    public var xCm: Double?
    public var yCm: Double?
    public var zCm: Double?
    public var forwardRawYawDeg: Double?
    public var yawSign: Int?
    /// The bearing the game made of the reading (empty before calibration).
    public var headingDeg: Double?
    /// Malformed datagrams or messages received so far (ignored by the game).
    public var malformedTotal: Int
    /// For events: how the sign was set (`turn-right`, `--tracker-yaw-sign`) or what happened.
    public var detail: String

    public init(
        time: Date, event: Event, input: String, address: String, rawYawDeg: Double?, rawPitchDeg: Double? = nil,
        rawRollDeg: Double? = nil, xCm: Double? = nil, yCm: Double? = nil, zCm: Double? = nil,
        forwardRawYawDeg: Double?, yawSign: Int?, headingDeg: Double?, malformedTotal: Int, detail: String = ""
    ) {
        self.time = time
        self.event = event
        self.input = input
        self.address = address
        self.rawYawDeg = rawYawDeg
        self.rawPitchDeg = rawPitchDeg
        self.rawRollDeg = rawRollDeg
        self.xCm = xCm
        self.yCm = yCm
        self.zCm = zCm
        self.forwardRawYawDeg = forwardRawYawDeg
        self.yawSign = yawSign
        self.headingDeg = headingDeg
        self.malformedTotal = malformedTotal
        self.detail = detail
    }

    public static let columns = [
        "time", "event", "input", "address", "raw_yaw_deg", "raw_pitch_deg", "raw_roll_deg", "x_cm", "y_cm", "z_cm",
        "forward_raw_yaw_deg", "yaw_sign", "heading_deg", "malformed_total", "detail",
    ]

    var values: [CSVValue] {
        func degrees(_ value: Double?) -> CSVValue { value.map { .decimal($0, fractionDigits: 3) } ?? .empty }
        return [
            .text(Timestamp.format(time)), .text(event.rawValue), .text(input), .text(address),
            degrees(rawYawDeg), degrees(rawPitchDeg), degrees(rawRollDeg), degrees(xCm), degrees(yCm), degrees(zCm),
            degrees(forwardRawYawDeg), yawSign.map { .integer($0) } ?? .empty, degrees(headingDeg),
            .integer(malformedTotal), .text(detail),
        ]
    }
}

/// Appends rows to `tracker.csv` in a session folder (created with its header; a resumed session appends).
/// Readings are written the frame they are handed over, without fsync; events are fsync'ed like trial rows.
public final class TrackerLog {
    public static let fileName = "tracker.csv"
    public let url: URL
    private let file: AppendOnlyFile

    public init(folder: URL) throws {
        url = folder.appendingPathComponent(Self.fileName)
        let (file, created) = try AppendOnlyFile.openOrCreate(url)
        self.file = file
        // Readings are not fsync'ed: a crash can cut the last one, which a resumed session must not extend.
        if !created { try AppendOnlyFile.setAsideCutOffFragment(of: url) }
        if try created || file.size() == 0 { try file.append(CSVWriter.headerLine(TrackerLogRow.columns)) }
    }

    public func append(_ rows: [TrackerLogRow]) throws {
        guard !rows.isEmpty else { return }
        let text = rows.map { CSVWriter.line($0.values) }.joined()
        try file.append(text, sync: rows.contains { $0.event != .sample })
    }
}
