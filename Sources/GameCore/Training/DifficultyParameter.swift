// The quantity a training plan's staircase adapts, with the direction in which it makes the task harder.

/// The adaptive difficulty parameter of a training plan (its raw value is the name in plan files and in
/// the `difficulty_parameter` column). Each is meaningful for localization: the hit zone judges the answer,
/// the others change what is heard (`RoundDifficulty` applies them to each round).
public enum DifficultyParameter: String, CaseIterable, Sendable, Codable {
    /// The hit zone: a photo is a hit when |deviation| ≤ this many degrees. Smaller is harder.
    case hitToleranceDeg = "hit_tolerance_deg"
    /// The background sound's gain, dB relative to its catalog gain (the signal-to-noise ratio). Louder is harder.
    case backgroundGainDB = "background_gain_db"
    /// How long each target sounds from its first audible sample, seconds; the search goes on in silence
    /// after it (a short sound leaves no time to search by turning). Shorter is harder.
    case stimulusDurationS = "stimulus_duration_s"
    /// The separation of a round's targets: they are placed between this and 30° more apart. Smaller is harder.
    case minSeparationDeg = "min_separation_deg"
    /// The measured bandwidth of the calls a round plays (octaves holding 90 % of a call's energy, trials.csv
    /// `stimulus_bandwidth_oct`): each round plays the session's calls nearest this width. A narrow call carries
    /// fewer of the spectral cues that tell front from back and the interaural cues of a wide band, so it is
    /// harder to localise; smaller is harder.
    case stimulusBandwidthOct = "stimulus_bandwidth_oct"

    /// Width of the band a round's separation is drawn from: [value, value + 30°], so a small value really
    /// puts the targets close together (a minimum alone would mostly place them far apart).
    public static let separationBandDeg = 30.0

    /// A round at bandwidth value v draws its calls from those within this many octaves of v (or, when fewer
    /// are that close, from the nearest, one more than it needs): enough to vary the animals, close enough that a
    /// step of the staircase changes what is heard.
    public static let bandwidthReachOct = 0.5

    /// The widest hit zone a photo is judged against, degrees either side. A press at a random heading lands within
    /// ±z of the animal with probability z/180: at ±45° one press in four, a third of the 70.7 % hits a 1-up/2-down
    /// staircase holds, so a hit still says the patient heard the direction. At ±90° every second random press
    /// hits, and after a few misses random pressing alone scored "Hit!" (issue 38). Plans given to the game may not
    /// ask for more; a plan assigned before this bound is played at it.
    public static let hitZoneBoundDeg = 45.0

    /// Whether a larger value makes the task harder.
    public var largerIsHarder: Bool {
        switch self {
        case .backgroundGainDB: return true
        case .hitToleranceDeg, .stimulusDurationS, .minSeparationDeg, .stimulusBandwidthOct: return false
        }
    }

    /// The values a plan may give this parameter.
    public var allowedRange: ClosedRange<Double> {
        switch self {
        case .hitToleranceDeg: return 1...90
        case .backgroundGainDB: return -60...12
        case .stimulusDurationS: return 0.1...60
        case .minSeparationDeg: return 1...180
        case .stimulusBandwidthOct: return 0.1...10
        }
    }

    /// The unit of values and steps, as plan errors and docs name it.
    public var unit: String {
        switch self {
        case .hitToleranceDeg, .minSeparationDeg: return "degrees"
        case .backgroundGainDB: return "dB"
        case .stimulusDurationS: return "seconds"
        case .stimulusBandwidthOct: return "octaves"
        }
    }

    /// True when the staircase moves once per photo (the hit zone judges each photo); the others change a
    /// whole round, so they move once per round: a hit only when every photo of the round hit.
    public var respondsPerPhoto: Bool { self == .hitToleranceDeg }

    /// Whether a photo with this absolute deviation is a hit when the parameter has `value`; every parameter
    /// other than the hit zone is judged against the plan's fixed `toleranceDeg`.
    public func isHit(absDeviationDeg: Double, value: Double, toleranceDeg: Double) -> Bool {
        absDeviationDeg <= (self == .hitToleranceDeg ? value : toleranceDeg)
    }
}
