// What a training photo tells the player: hit or miss, where the animal really was, points, a kind word.
import Foundation
import GameCore

/// The feedback after one photo of a training session. Words only, so the window, the tests and the logs
/// agree on them; the result picture beside it shows the animal where it really was.
package struct TrainingFeedback: Sendable, Equatable {
    package let hit: Bool
    /// The value the photo was judged at, e.g. the hit zone in degrees.
    package let value: Double
    package let parameter: DifficultyParameter
    /// Signed deviation: positive when the animal was to the right of the aim.
    package let deviationDeg: Double
    /// Hits in a row, this one included (0 after a miss).
    package let streak: Int
    /// The hit zone (± degrees around the aim) the photo was judged against, whatever the plan adapts.
    package let hitZoneDeg: Double
    /// The animal was skipped, not photographed: a miss for the staircase, no points, no photo.
    package let skipped: Bool

    init(trial: TrialResult, step: Staircase.Step, parameter: DifficultyParameter, streak: Int, hitZoneDeg: Double) {
        hit = step.hit
        value = step.value
        self.parameter = parameter
        deviationDeg = trial.deviationDeg
        self.streak = streak
        self.hitZoneDeg = hitZoneDeg
        skipped = trial.skipped
    }

    /// The verdict the result picture draws (the zone around the aim, hit or missed).
    package var verdict: RoundResult.Verdict { RoundResult.Verdict(hit: hit, hitZoneDeg: hitZoneDeg) }

    /// 10 for a hit, 1 more for each further hit in a row (at most 5 more); 2 for trying (every completed
    /// photo earns something, as the Track Your Tinnitus apps reward each completed entry); nothing for a skip.
    package var points: Int { Self.points(hit: hit, streak: streak, skipped: skipped) }

    /// The points of one photo (also counted again for the photos a resumed session logged before).
    package static func points(hit: Bool, streak: Int, skipped: Bool) -> Int {
        skipped ? 0 : hit ? 10 + min(max(streak - 1, 0), 5) : 2
    }

    /// "Hit!" or "Missed" (the zone it was judged against is in `zone`).
    package var headline: String { hit ? "Hit!" : "Missed" }

    /// "zone 45°": the hit zone the photo was judged against; for the other parameters the value the round
    /// was played at ("background −12 dB", "sound 1.5 s", "2 animals 25° apart").
    package var zone: String { Self.describe(parameter, value) }

    /// The difficulty in the player's words (the result screen and the end screen).
    package static func describe(_ parameter: DifficultyParameter, _ value: Double) -> String {
        switch parameter {
        case .hitToleranceDeg: return String(format: "zone %.0f°", value)
        case .backgroundGainDB: return String(format: "background %+.0f dB", value)
        case .stimulusDurationS: return String(format: "sound %.1f s", value)
        case .minSeparationDeg: return String(format: "animals %.0f° apart", value)
        case .stimulusBandwidthOct: return String(format: "calls %.1f octaves wide", value)
        }
    }

    /// True when the animal was more than 90° from the photo's direction (behind the player).
    package var wasBehind: Bool { abs(deviationDeg) > 90 }

    /// A short word after the verdict (never a second verdict, never blaming): a run of hits, or after a miss
    /// what to try, fitted to how far off the photo was.
    package var encouragement: String {
        if hit {
            switch streak {
            case 5...: return "\(streak) in a row. Sharp ears!"
            case 2...4: return "\(streak) in a row. Keep it up!"
            default: return ""
            }
        }
        if wasBehind { return "It was behind you: turn right round, then listen which ear hears it louder." }
        if abs(deviationDeg) > 45 { return "Listen which ear hears it louder, and turn that way until both are equal." }
        return "Nearly: turn a little further before the photo."
    }
}
