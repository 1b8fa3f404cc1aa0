// The headphone check before the first round: a sound left, then right; the player says where each was heard.
import Localization

/// The side a test sound plays on, or the side a player reports.
enum EarSide: String, Equatable, Sendable {
    case left, right

    /// Where the check's sound is placed: hard left or hard right of the listener.
    var bearingDegrees: Double { self == .left ? 270 : 90 }
}

/// What the player says about one test sound: a side, both sides, or nothing heard.
enum HeardAnswer: Equatable, Sendable {
    case side(EarSide)
    case both
    case nothing
}

/// Left then right, each confirmed by the player. Hearing left as right and right as left means the
/// channels are swapped (headphones on backwards or a wiring fault) — the check says so and starts over.
/// "Both sides" and "I can't hear it" are answers too: the check then says what to try, and after any
/// failed attempt the player (e.g. with one-sided hearing loss, who can never pass) may continue anyway.
/// Escape asks before quitting. Also holds the output volume, which starts at a safe, quiet default and
/// changes in 3 dB steps.
struct HeadphoneCheck: Equatable, Sendable {
    enum Step: Equatable, Sendable {
        /// The sound on `side` is playing; waiting for the player's answer.
        case asking(EarSide)
        case passed
    }

    enum Verdict: Equatable, Sendable {
        case swapped
        case inconsistent
        /// A sound was heard on both sides: mono output or a hands-free headset.
        case heardOnBothSides
        /// A sound was not heard: unplugged, too quiet, or hearing loss on that side.
        case notHeard(EarSide)
    }

    /// Quiet enough to be comfortable on any headphones; the player turns it up if needed.
    static let defaultVolumeDB = -18.0
    static let volumeRangeDB = -40.0...0.0
    static let volumeStepDB = 3.0

    private(set) var step: Step = .asking(.left)
    private(set) var leftAnswer: HeardAnswer?
    /// Escape was pressed: the screen asks whether to quit (Enter) or go on with the check (Escape).
    private(set) var confirmingQuit = false
    /// True once the player continued without passing (the check could not confirm both sides).
    private(set) var continuedWithoutPassing = false
    /// Why the last attempt failed, shown on the screen while the check repeats.
    private(set) var lastVerdict: Verdict?
    /// Attempts that ended without both sides heard (session.json `headphone_check`).
    private(set) var failedAttempts = 0
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
        return Translation.gettext(
            "Volume {level} dB is above the maximum of {maximum} dB set by your supervisor: turn it down (↓) unless your supervisor agreed.",
            ["level": String(Int(volumeDB)), "maximum": String(Int(maximumDB))])
    }

    /// The side whose sound should be playing now, if any.
    var sideToPlay: EarSide? {
        if case .asking(let side) = step { return side }
        return nil
    }

    /// The player says on which side they heard the current sound.
    mutating func answer(_ heard: EarSide) { answer(.side(heard)) }

    mutating func answer(_ heard: HeardAnswer) {
        guard case .asking(let playing) = step, !confirmingQuit else { return }
        switch playing {
        case .left:
            leftAnswer = heard
            step = .asking(.right)
        case .right:
            if leftAnswer == .side(.left), heard == .side(.right) {
                step = .passed
                lastVerdict = nil
                return
            }
            if leftAnswer == .nothing {
                lastVerdict = .notHeard(.left)
            } else if heard == .nothing {
                lastVerdict = .notHeard(.right)
            } else if leftAnswer == .both || heard == .both {
                lastVerdict = .heardOnBothSides
            } else {
                lastVerdict = (leftAnswer == .side(.right) && heard == .side(.left)) ? .swapped : .inconsistent
            }
            leftAnswer = nil
            failedAttempts += 1
            step = .asking(.left)
        }
    }

    /// After a failed attempt the player may go on anyway (the check cannot be passed with one deaf ear) —
    /// except after swapped channels, which one deaf ear cannot produce and turning the headphones fixes.
    var canContinueAnyway: Bool { lastVerdict != nil && lastVerdict != .swapped && step != .passed }

    mutating func continueAnyway() {
        guard canContinueAnyway, !confirmingQuit else { return }
        continuedWithoutPassing = true
        step = .passed
    }

    /// Escape: ask first. A second Escape goes back to the check.
    mutating func toggleQuitQuestion() { confirmingQuit.toggle() }

    mutating func changeVolume(bySteps steps: Int) {
        let raised = volumeDB + Double(steps) * Self.volumeStepDB
        volumeDB = min(Self.volumeRangeDB.upperBound, max(Self.volumeRangeDB.lowerBound, raised))
    }

    /// The message for the last failed attempt.
    var verdictMessage: String? {
        switch lastVerdict {
        case .swapped:
            Translation.gettext(
                "Left and right are swapped: turn the headphones around (L on the left ear), then listen again.")
        case .inconsistent:
            Translation.gettext(
                "That did not match: check that both earpieces work and are plugged in, then listen again.")
        case .heardOnBothSides:
            Translation.gettext(
                "Each sound should come from one side only. Check that the headphones are stereo (not a mono or hands-free headset) and sit on both ears, then listen again."
            )
        case .notHeard(.left):
            Translation.gettext(
                "The left sound was not heard. Check that the headphones are plugged in and turn the volume up (↑), then listen again. With hearing loss on one side, press Enter to continue anyway."
            )
        case .notHeard:
            Translation.gettext(
                "The right sound was not heard. Check that the headphones are plugged in and turn the volume up (↑), then listen again. With hearing loss on one side, press Enter to continue anyway."
            )
        case nil: nil
        }
    }
}

extension HeadphoneCheck.Verdict {
    /// The name session.json's `headphone_check.last_problem` gives it.
    var logName: String {
        switch self {
        case .swapped: "swapped"
        case .inconsistent: "inconsistent"
        case .heardOnBothSides: "heard_on_both_sides"
        case .notHeard(let side): "not_heard_\(side.rawValue)"
        }
    }
}
