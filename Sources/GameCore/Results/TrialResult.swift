// Everything the game knows about one photographed (or skipped) target: the data of one trials.csv row.
import Foundation

/// The outcome of one photo, i.e. one target of one round. StudyKit's trial log turns it into a
/// `trials.csv` row (docs/LOG-FORMAT.md) and adds what the game does not know (session id, participant,
/// platform, HRTF). Derived columns (deviation, confusion, time) are computed here, once.
public struct TrialResult: Sendable, Equatable {
    /// The protocol's condition name (`one-target`, ... or a protocol's own name).
    public let condition: String
    /// The level kind that was played (`one-target`, `two-targets`, `two-targets-background`).
    public let level: String
    /// Whether a background sound was playing.
    public let background: Bool
    /// 1-based round number within the session.
    public let round: Int
    public let targetsInRound: Int
    /// 1-based order in which this target was to be photographed.
    public let targetIndex: Int
    /// Catalog sound name of the target, e.g. `frog`.
    public let target: String
    public let targetBearing: Bearing
    /// The heading when the photo was taken.
    public let aimBearing: Bearing
    /// The heading when the round began: the interaural axis that defines a front-back confusion.
    public let roundStartHeading: Bearing
    /// Monotonic times of the target's audible onset (its first audible sample rendered; the start of the search
    /// when no audio clock reported it), shifted later by pauses, and of the photo.
    public let onsetTime: MonotonicTime
    public let shotTime: MonotonicTime
    /// The same two moments as UTC dates (for `onset_at`, `shot_at`).
    public let onsetAt: Date
    public let shotAt: Date
    /// The device that produced the heading and the shot.
    public let input: InputDevice
    /// The output frame of the target's first audible sample (`onsetTime` is its time) and the uncertainty of
    /// mapping it to the clock; nil when no audio clock told it (`onsetTime` is then the search's start).
    public let onsetFrame: Int64?
    public let onsetUncertaintySeconds: Double?
    /// The player gave this target up ("skip this animal", offered with the help when stuck): no photo was taken;
    /// `aimBearing` is the heading and `shotTime` the moment they skipped (docs/LOG-FORMAT.md, `skipped`).
    public let skipped: Bool

    public init(
        condition: String, level: String, background: Bool, round: Int, targetsInRound: Int,
        targetIndex: Int, target: String, targetBearing: Bearing, aimBearing: Bearing,
        roundStartHeading: Bearing, onsetTime: MonotonicTime, shotTime: MonotonicTime,
        onsetAt: Date, shotAt: Date, input: InputDevice, onsetFrame: Int64? = nil,
        onsetUncertaintySeconds: Double? = nil, skipped: Bool = false
    ) {
        self.condition = condition
        self.level = level
        self.background = background
        self.round = round
        self.targetsInRound = targetsInRound
        self.targetIndex = targetIndex
        self.target = target
        self.targetBearing = targetBearing
        self.aimBearing = aimBearing
        self.roundStartHeading = roundStartHeading
        self.onsetTime = onsetTime
        self.shotTime = shotTime
        self.onsetAt = onsetAt
        self.shotAt = shotAt
        self.input = input
        self.onsetFrame = onsetFrame
        self.onsetUncertaintySeconds = onsetUncertaintySeconds
        self.skipped = skipped
    }

    /// wrap(target − aim) in (−180, 180]; positive: the target was right of the aim.
    public var deviationDeg: Double { Bearing.deviation(target: targetBearing, aim: aimBearing) }

    /// |deviation|, in [0, 180].
    public var absDeviationDeg: Double { abs(deviationDeg) }

    /// True when the aim was closer to the target's mirror image across the interaural axis (of the
    /// listener as they faced at round start) than to the target itself (docs/LOG-FORMAT.md). A target on
    /// that axis is its own mirror and is never a confusion.
    public var frontBackConfusion: Bool {
        let mirror = targetBearing.frontBackMirror(facing: roundStartHeading)
        return aimBearing.separation(from: mirror) < aimBearing.separation(from: targetBearing)
    }

    /// Half-width of the zone around the interaural axis (relative bearings 90° ± this, and 270° ± this)
    /// in which front and back are mirror images only a few degrees apart.
    public static let lateralZoneDeg = 15.0

    /// A front-back confusion that is a real reversal: `frontBackConfusion`, with the target and the aim
    /// both outside the lateral zone. `front_back_confusion` alone, as docs/LOG-FORMAT.md defines it, also
    /// flags a 10° miss of a target at 85° that lands at 95°; this column does not (cf. Fischer, Caversaccio
    /// & Wimmer 2020, "A front-back confusion metric in horizontal sound localization", on inflated FBC rates).
    public var frontBackReversal: Bool {
        func distanceFromAxis(_ bearing: Bearing) -> Double { abs(abs(bearing.relative(to: roundStartHeading)) - 90) }
        return frontBackConfusion && distanceFromAxis(targetBearing) >= Self.lateralZoneDeg
            && distanceFromAxis(aimBearing) >= Self.lateralZoneDeg
    }

    /// Seconds from the target's audible onset (else the start of its search) to the photo, on the monotonic clock.
    public var timeSeconds: Double { shotTime - onsetTime }

    /// Identifies the row for resume: (round, target index).
    public var key: TrialKey { TrialKey(round: round, targetIndex: targetIndex) }
}

/// A (round, target index) pair: which target of which round a row belongs to. Resume skips the keys
/// already in the log.
public struct TrialKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let round: Int
    public let targetIndex: Int
    public init(round: Int, targetIndex: Int) {
        self.round = round
        self.targetIndex = targetIndex
    }
    public static func < (lhs: TrialKey, rhs: TrialKey) -> Bool {
        (lhs.round, lhs.targetIndex) < (rhs.round, rhs.targetIndex)
    }
    public var description: String { "round \(round) target \(targetIndex)" }
}
