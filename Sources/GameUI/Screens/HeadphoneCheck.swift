// The headphone check before the first round: a sound left, then right; the player says where each was heard.

/// The side a test sound plays on, or the side a player reports.
enum EarSide: String, Equatable, Sendable {
    case left, right

    /// Where the check's sound is placed: hard left or hard right of the listener.
    var bearingDegrees: Double { self == .left ? 270 : 90 }
}

/// Left then right, each confirmed by the player. Hearing left as right and right as left means the
/// channels are swapped (headphones on backwards or a wiring fault) — the check says so and starts over.
/// Also holds the output volume, which starts at a safe, quiet default and changes in 3 dB steps.
struct HeadphoneCheck: Equatable, Sendable {
    enum Step: Equatable, Sendable {
        /// The sound on `side` is playing; waiting for the player's answer.
        case asking(EarSide)
        case passed
    }

    enum Verdict: Equatable, Sendable {
        case swapped
        case inconsistent
    }

    /// Quiet enough to be comfortable on any headphones; the player turns it up if needed.
    static let defaultVolumeDB = -18.0
    static let volumeRangeDB = -40.0...0.0
    static let volumeStepDB = 3.0

    private(set) var step: Step = .asking(.left)
    private(set) var leftAnswer: EarSide?
    /// Why the last attempt failed, shown on the screen while the check repeats.
    private(set) var lastVerdict: Verdict?
    private(set) var volumeDB: Double = HeadphoneCheck.defaultVolumeDB
    /// The supervisor's maximum (profile.json `output.max_volume_db`); above it the screen warns.
    private(set) var maximumDB: Double = HeadphoneCheck.defaultMaximumDB
    /// The maximum without a profile: loud enough for quiet headphones, with 6 dB left below full scale.
    static let defaultMaximumDB = -6.0

    init() {}

    /// Starts at the participant's last volume (within the range), under a supervisor's maximum.
    init(volumeDB: Double?, maximumDB: Double?) {
        if let maximumDB { self.maximumDB = maximumDB }
        if let volumeDB {
            // Never above the supervisor's maximum (which may have been lowered since): going above it is the
            // player's own, warned, choice.
            self.volumeDB = min(
                self.maximumDB, min(Self.volumeRangeDB.upperBound, max(Self.volumeRangeDB.lowerBound, volumeDB)))
        }
    }

    /// Shown while the volume is above the maximum, so it is never raised there silently.
    var volumeWarning: String? {
        guard volumeDB > maximumDB else { return nil }
        return "Volume \(Int(volumeDB)) dB is above the maximum of \(Int(maximumDB)) dB set by your supervisor: "
            + "turn it down (↓) unless your supervisor agreed."
    }

    /// The side whose sound should be playing now, if any.
    var sideToPlay: EarSide? {
        if case .asking(let side) = step { return side }
        return nil
    }

    /// The player says on which side they heard the current sound.
    mutating func answer(_ heard: EarSide) {
        guard case .asking(let playing) = step else { return }
        switch playing {
        case .left:
            leftAnswer = heard
            step = .asking(.right)
        case .right:
            if leftAnswer == .left, heard == .right {
                step = .passed
                lastVerdict = nil
            } else {
                lastVerdict = (leftAnswer == .right && heard == .left) ? .swapped : .inconsistent
                leftAnswer = nil
                step = .asking(.left)
            }
        }
    }

    mutating func changeVolume(bySteps steps: Int) {
        let raised = volumeDB + Double(steps) * Self.volumeStepDB
        volumeDB = min(Self.volumeRangeDB.upperBound, max(Self.volumeRangeDB.lowerBound, raised))
    }

    /// The message for the last failed attempt.
    var verdictMessage: String? {
        switch lastVerdict {
        case .swapped: "Left and right are swapped: turn the headphones around (L on the left ear), then listen again."
        case .inconsistent: "That did not match: check that both earpieces work and are plugged in, then listen again."
        case nil: nil
        }
    }
}
