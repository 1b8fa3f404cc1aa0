// What the tailored output stage does for one participant: notch, per-ear gains, ceiling — derived from a profile.
import Foundation

/// The notch at the tinnitus pitch.
public struct NotchSetting: Sendable, Equatable {
    public var centerHz: Double
    public var widthOctaves: Double
    /// Widths the issue allows (Wunderlich et al. 2015 compared 1, ½ and ¼ octave).
    public static let allowedWidths: [Double] = [1, 0.5, 0.25]
    /// Centres the notch can take (the pitch-match range).
    public static let centerRange: ClosedRange<Double> = 250...16_000
    /// Notched training was found effective only up to 8 kHz (Teismann et al. 2011).
    public static let effectiveUpToHz = 8_000.0

    public init(centerHz: Double, widthOctaves: Double) {
        self.centerHz = centerHz
        self.widthOctaves = widthOctaves
    }
}

/// Everything the output stage applies besides the volume. `OutputTailoring.none` is the plain game.
public struct OutputTailoring: Sendable, Equatable {
    public var notch: NotchSetting?
    public var gainRule: GainRule
    public var maxGainDB: Double
    /// Prescribed gain per ear, dB at each audiogram frequency (empty for `none`).
    public var leftGains: [Double: Double]
    public var rightGains: [Double: Double]
    public var ceilingDBFS: Double
    /// The profile version the settings come from; nil without a profile.
    public var profileVersion: Int?

    public static let defaultCeilingDBFS = -1.0

    public init(
        notch: NotchSetting? = nil, gainRule: GainRule = .none, maxGainDB: Double = GainRule.defaultMaxGainDB,
        leftGains: [Double: Double] = [:], rightGains: [Double: Double] = [:],
        ceilingDBFS: Double = OutputTailoring.defaultCeilingDBFS, profileVersion: Int? = nil
    ) {
        self.notch = notch
        self.gainRule = gainRule
        self.maxGainDB = maxGainDB
        self.leftGains = leftGains
        self.rightGains = rightGains
        self.ceilingDBFS = ceilingDBFS
        self.profileVersion = profileVersion
    }

    public static let none = OutputTailoring()

    /// Gains from `audiogram` by `rule`, capped at `maxGainDB`. Only a dB HL audiogram prescribes gain: an
    /// uncalibrated one says nothing about the size of a loss, so its gains are empty (and `gainRuleIgnored`).
    public init(
        audiogram: Audiogram?, rule: GainRule, maxGainDB: Double, notch: NotchSetting?, ceilingDBFS: Double,
        profileVersion: Int?
    ) {
        var left: [Double: Double] = [:]
        var right: [Double: Double] = [:]
        if let audiogram, audiogram.unit == .hearingLevel {
            left = rule.gains(for: audiogram.left, maxGainDB: maxGainDB)
            right = rule.gains(for: audiogram.right, maxGainDB: maxGainDB)
        }
        self.init(
            notch: notch, gainRule: rule, maxGainDB: maxGainDB, leftGains: left, rightGains: right,
            ceilingDBFS: ceilingDBFS, profileVersion: profileVersion)
    }

    public func gains(_ ear: Ear) -> [Double: Double] { ear == .left ? leftGains : rightGains }
}
