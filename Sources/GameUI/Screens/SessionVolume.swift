// The volume during the rounds: a patient turns it down (or up, to the supervisor's maximum) without stopping.
import GameCore
import Localization

/// The volume keys while a round runs: `-`/`+`, `[`/`]`, the arrows Up/Down and the d-pad's up/down, in 2 dB
/// steps from −40 dB up to the supervisor's maximum (profile.json `output.max_volume_db`, else the game's
/// default). A volume the headphone check left above the maximum (the player's own, warned choice) may only go
/// down. The new volume is shown for `shownSeconds` after each change.
struct SessionVolume: Equatable, Sendable {
    static let stepDB = 2.0
    static let minimumDB = HeadphoneCheck.volumeRangeDB.lowerBound
    static let shownSeconds = 2.0

    private(set) var volumeDB: Double
    let maximumDB: Double
    /// When the last change happened (for the on-screen display); nil before any.
    private(set) var changedAt: MonotonicTime?

    init(volumeDB: Double, maximumDB: Double) {
        self.volumeDB = volumeDB
        self.maximumDB = maximumDB
    }

    /// The step a command asks for during a round: +1, −1, or nil for any other command.
    static func steps(for command: UICommand) -> Int? {
        switch command {
        case .up, .volumeUp: 1
        case .down, .volumeDown: -1
        default: nil
        }
    }

    /// Moves by `steps`; returns the new volume when it changed (nil at a limit).
    mutating func change(bySteps steps: Int, at time: MonotonicTime) -> Double? {
        let moved = volumeDB + Double(steps) * Self.stepDB
        let next =
            steps > 0
            ? (volumeDB >= maximumDB ? volumeDB : min(maximumDB, moved))
            // Down from above the maximum goes at least to the maximum.
            : max(Self.minimumDB, min(moved, maximumDB))
        changedAt = time
        guard next != volumeDB else { return nil }
        volumeDB = next
        return next
    }

    /// The text shown while the change is recent, e.g. "Volume −12 dB (max −6)"; nil otherwise.
    func display(at time: MonotonicTime) -> String? {
        guard let changedAt, time - changedAt < Self.shownSeconds else { return nil }
        let level = ["level": Self.decibels(volumeDB)]
        if volumeDB >= maximumDB { return Translation.gettext("Volume {level} dB — maximum", level) }
        if volumeDB <= Self.minimumDB { return Translation.gettext("Volume {level} dB — minimum", level) }
        return Translation.gettext("Volume {level} dB", level)
    }

    private static func decibels(_ value: Double) -> String {
        let rounded = Int(value.rounded())
        return rounded < 0 ? "−\(-rounded)" : "\(rounded)"
    }
}
