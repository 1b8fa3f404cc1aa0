// The viewfinder's compass strip: where the player faces, so turning is visible (never where an animal is).
import GameCore
import Localization

/// A horizontal strip of the directions around the player, centred on the heading: ticks every 15°, and
/// labels every 45° ("ahead" = the direction faced at the start or last recentre, "right", "behind", "left",
/// and the degrees in between). It moves as the player turns, so a patient sees that a turn registers — the
/// thesis's viewfinder stayed the same while the heading moved 110°. It knows nothing of the targets.
struct CompassStrip: Equatable {
    /// Degrees shown across the strip's width.
    static let spanDegrees = 120.0
    static let tickDegrees = 15
    static let labelDegrees = 45

    struct Mark: Equatable {
        /// Position across the strip: 0 = left edge, 0.5 = centre (the heading), 1 = right edge.
        let fraction: Double
        /// Nil for a plain tick.
        let label: String?
    }

    let heading: Bearing

    /// The marks within the strip, left to right.
    var marks: [Mark] {
        stride(from: 0, to: 360, by: Self.tickDegrees).compactMap { degrees in
            let relative = Bearing(degrees: Double(degrees)).relative(to: heading)
            guard abs(relative) <= Self.spanDegrees / 2 else { return nil }
            let label = degrees % Self.labelDegrees == 0 ? Self.name(of: degrees) : nil
            return Mark(fraction: 0.5 + relative / Self.spanDegrees, label: label)
        }.sorted { $0.fraction < $1.fraction }
    }

    /// The heading as read out under the strip, e.g. "110°".
    var readout: String { "\(Int(heading.degrees.rounded()) % 360)°" }

    static func name(of degrees: Int) -> String {
        switch degrees {
        // TRANSLATORS: the compass strip's direction straight ahead (short: it sits between tick marks).
        case 0: Translation.gettext("ahead")
        // TRANSLATORS: the compass strip's direction to the right (short).
        case 90: Translation.gettext("right")
        // TRANSLATORS: the compass strip's direction behind (short).
        case 180: Translation.gettext("behind")
        // TRANSLATORS: the compass strip's direction to the left (short).
        case 270: Translation.gettext("left")
        default: "\(degrees)°"
        }
    }
}
