// session.json's `output` object and volume events: what the participant heard, and how loud.
import Foundation
import GameCore

/// The tailored output stage of a session (docs/LOG-FORMAT.md, `output`).
public struct SessionOutput: Sendable, Equatable {
    public var volumeDB: Double
    public var tailoring: OutputTailoring
    /// The notch's guaranteed depth across its central half (the design's stop band), when there is a notch.
    public var notchDepthDB: Double?
    /// Blocks in which the limiter lowered the level (updated after each photo and at the end).
    public var limitedBlocks: Int

    public init(volumeDB: Double, tailoring: OutputTailoring, notchDepthDB: Double?, limitedBlocks: Int = 0) {
        self.volumeDB = volumeDB
        self.tailoring = tailoring
        self.notchDepthDB = notchDepthDB
        self.limitedBlocks = limitedBlocks
    }

}

extension SessionOutput: Codable {
    enum CodingKeys: String, CodingKey {
        case volumeDB = "volume_db"
        case ceilingDBFS = "ceiling_dbfs"
        case notch
        case earGains = "ear_gains"
        case profileVersion = "profile_version"
        case limitedBlocks = "limited_blocks"
    }

    enum NotchKeys: String, CodingKey {
        case centerHz = "center_hz"
        case widthOctaves = "width_octaves"
        case depthDB = "depth_db"
    }

    enum GainKeys: String, CodingKey {
        case rule, left, right
        case maxGainDB = "max_gain_db"
    }

    private static func bands(_ gains: [Double: Double]) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: gains.map { (String(format: "%g", $0.key), $0.value) })
    }

    private static func frequencies(_ bands: [String: Double]) -> [Double: Double] {
        Dictionary(uniqueKeysWithValues: bands.compactMap { key, value in Double(key).map { ($0, value) } })
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(volumeDB, forKey: .volumeDB)
        try container.encode(tailoring.ceilingDBFS, forKey: .ceilingDBFS)
        if let notch = tailoring.notch {
            var nested = container.nestedContainer(keyedBy: NotchKeys.self, forKey: .notch)
            try nested.encode(notch.centerHz, forKey: .centerHz)
            try nested.encode(notch.widthOctaves, forKey: .widthOctaves)
            try nested.encode(notchDepthDB, forKey: .depthDB)
        } else {
            try container.encodeNil(forKey: .notch)
        }
        var gains = container.nestedContainer(keyedBy: GainKeys.self, forKey: .earGains)
        try gains.encode(tailoring.gainRule.rawValue, forKey: .rule)
        try gains.encode(tailoring.maxGainDB, forKey: .maxGainDB)
        try gains.encode(Self.bands(tailoring.leftGains), forKey: .left)
        try gains.encode(Self.bands(tailoring.rightGains), forKey: .right)
        try container.encode(tailoring.profileVersion, forKey: .profileVersion)
        try container.encode(limitedBlocks, forKey: .limitedBlocks)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var notch: NotchSetting?
        var depth: Double?
        if try !container.decodeNil(forKey: .notch) {
            let nested = try container.nestedContainer(keyedBy: NotchKeys.self, forKey: .notch)
            notch = NotchSetting(
                centerHz: try nested.decode(Double.self, forKey: .centerHz),
                widthOctaves: try nested.decode(Double.self, forKey: .widthOctaves))
            depth = try nested.decodeIfPresent(Double.self, forKey: .depthDB)
        }
        let gains = try container.nestedContainer(keyedBy: GainKeys.self, forKey: .earGains)
        let ruleText = try gains.decode(String.self, forKey: .rule)
        guard let rule = GainRule(rawValue: ruleText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .rule, in: gains, debugDescription: "'\(ruleText)' is not half-gain, nal-r or none")
        }
        let tailoring = OutputTailoring(
            notch: notch, gainRule: rule, maxGainDB: try gains.decode(Double.self, forKey: .maxGainDB),
            leftGains: Self.frequencies(try gains.decode([String: Double].self, forKey: .left)),
            rightGains: Self.frequencies(try gains.decode([String: Double].self, forKey: .right)),
            ceilingDBFS: try container.decode(Double.self, forKey: .ceilingDBFS),
            profileVersion: try container.decodeIfPresent(Int.self, forKey: .profileVersion))
        self.init(
            volumeDB: try container.decode(Double.self, forKey: .volumeDB), tailoring: tailoring, notchDepthDB: depth,
            limitedBlocks: try container.decode(Int.self, forKey: .limitedBlocks))
    }
}

/// A volume setting and when it was made (session.json `volume_events`).
public struct VolumeEvent: Sendable, Equatable, Codable {
    @LogTimestamp public var at: Date
    public var volumeDB: Double
    /// Where it was set, e.g. `headphone-check`, `resume`.
    public var source: String

    public init(at: Date, volumeDB: Double, source: String) {
        self.at = at
        self.volumeDB = volumeDB
        self.source = source
    }

    enum CodingKeys: String, CodingKey {
        case at, source
        case volumeDB = "volume_db"
    }
}
