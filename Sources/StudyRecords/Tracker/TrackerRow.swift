// One row of tracker.csv: a head tracker's reading or a calibration event (docs/LOG-FORMAT.md), and its codec.
import Foundation
import TidyFormats

/// One line of tracker.csv: a reading as the tracker sent it, or an event (calibration, recentre,
/// silence, data back) with the calibration in force. The game writes it (StudyKit's `TrackerLog`); `sync` and the
/// study server read it back through the same codec.
public struct TrackerRow: Sendable, Equatable {
    public enum Event: String, Sendable, CaseIterable {
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

    public var values: [CSVValue] {
        func degrees(_ value: Double?) -> CSVValue { value.map { .decimal($0, fractionDigits: 3) } ?? .empty }
        return [
            .text(Timestamp.format(time)), .text(event.rawValue), .text(input), .text(address),
            degrees(rawYawDeg), degrees(rawPitchDeg), degrees(rawRollDeg), degrees(xCm), degrees(yCm), degrees(zCm),
            degrees(forwardRawYawDeg), yawSign.map { .integer($0) } ?? .empty, degrees(headingDeg),
            .integer(malformedTotal), .text(detail),
        ]
    }
}

extension TrackerRow: CSVLogRecord {
    public var valuesByColumn: [String: CSVValue] { Dictionary(uniqueKeysWithValues: zip(Self.columns, values)) }

    public init(_ row: CSVRow) throws {
        time = try row.timestamp("time")
        let eventText = try row.text("event")
        guard let event = Event(rawValue: eventText) else {
            throw row.bad("event", eventText, Event.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.event = event
        input = try row.text("input")
        guard input == "opentrack" || input == "osc" else { throw row.bad("input", input, "opentrack or osc") }
        address = try row.text("address")
        rawYawDeg = try row.optional("raw_yaw_deg", row.decimal)
        rawPitchDeg = try row.optional("raw_pitch_deg", row.decimal)
        rawRollDeg = try row.optional("raw_roll_deg", row.decimal)
        xCm = try row.optional("x_cm", row.decimal)
        yCm = try row.optional("y_cm", row.decimal)
        zCm = try row.optional("z_cm", row.decimal)
        forwardRawYawDeg = try row.optional("forward_raw_yaw_deg", row.decimal)
        let sign = try row.optional("yaw_sign", row.integer)
        if let sign, sign != 1, sign != -1 { throw row.bad("yaw_sign", String(sign), "1 or -1") }
        yawSign = sign
        headingDeg = try row.optional("heading_deg", row.decimal)
        if let headingDeg, !(0...360).contains(headingDeg) {
            throw row.bad("heading_deg", try row.text("heading_deg"), "a bearing from 0 to 360")
        }
        malformedTotal = try row.integer("malformed_total")
        detail = try row.text("detail")
    }
}
