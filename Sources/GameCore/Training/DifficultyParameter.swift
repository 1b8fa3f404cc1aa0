// The quantity a training plan's staircase adapts, with the direction in which it makes the task harder.

/// The adaptive difficulty parameter of a training plan (its raw value is the name in plan files and in
/// the `difficulty_parameter` column).
public enum DifficultyParameter: String, CaseIterable, Sendable, Codable {
    /// The hit zone: a photo is a hit when |deviation| ≤ this many degrees. Smaller is harder.
    case hitToleranceDeg = "hit_tolerance_deg"

    /// Whether a larger value makes the task harder.
    public var largerIsHarder: Bool {
        switch self {
        case .hitToleranceDeg: return false
        }
    }

    /// The values a plan may give this parameter.
    public var allowedRange: ClosedRange<Double> {
        switch self {
        case .hitToleranceDeg: return 1...90
        }
    }

    /// Whether a photo with this absolute deviation is a hit when the parameter has `value`.
    public func isHit(absDeviationDeg: Double, value: Double) -> Bool {
        switch self {
        case .hitToleranceDeg: return absDeviationDeg <= value
        }
    }
}
