// The learner bot: a noisy player whose aim, front-back errors and hesitation shrink from session to session.
import Foundation
import GameCore

/// Stands in for a patient who learns: in their n-th session (`session_index`) the aim error is drawn from
/// N(0, σₙ) with σₙ = 4° + 26° · e^{−(n−1)/3}, a front-back reversal (the target's mirror across the
/// interaural axis) happens with probability 0.25 · e^{−(n−1)/3}, and the reaction time is
/// 0.4 s + |N(0, 0.3 + 1.2 · e^{−(n−1)/3})| s. All draws come from the session seed, so runs repeat.
final class LearnerBot: AimingBot {
    static let finalAimStandardDeviation = 4.0
    static let initialExtraAimStandardDeviation = 26.0
    static let learningSessions = 3.0

    let sessionIndex: Int
    private var generator: SeededRandom

    init(seed: UInt64, sessionIndex: Int) {
        self.sessionIndex = sessionIndex
        generator = SeededRandom(seed: seed, stream: 0x1EA)
        super.init(device: .bot("learner"), degreesPerSecond: 120)
    }

    /// e^{−(n−1)/3}: 1 in the first session, falling towards 0.
    var unlearned: Double { exp(-Double(sessionIndex - 1) / Self.learningSessions) }

    /// The aim error's standard deviation in this session.
    var aimStandardDeviation: Double {
        Self.finalAimStandardDeviation + Self.initialExtraAimStandardDeviation * unlearned
    }

    override func plan(for target: CircleSoundEntity) -> (aim: Bearing, reactionSeconds: Double) {
        var heard = target.bearing
        if generator.unitDouble() < 0.25 * unlearned { heard = heard.frontBackMirror(facing: .forward) }
        let aim = heard.rotated(by: generator.gaussian() * aimStandardDeviation)
        return (aim, 0.4 + abs(generator.gaussian()) * (0.3 + 1.2 * unlearned))
    }
}
