// A simulated listener whose aim gets worse the further the set it hears is from its own ears (the HRTF check).
import GameCore

/// Stands in for a person in `hrtf choose --listener-ears NAME`'s check. Its own ears are a set; the set the scene
/// renders now is `d` dB away from them (`HRTFDistance.logSpectralDistance`, the measure the choice uses). Per
/// target it mixes up front and back (aims at the target's mirror image across the interaural axis) with
/// probability min(0.4, 0.06 · d), and otherwise aims with an error drawn from N(0, 6° + 4° · d); reaction time
/// 0.4 s + |N(0, 0.6)| s, all from the session seed. It faces the front before each target, so the check's
/// directions (front, back, 60° apart) are those around its head. Its own ears (d = 0): 6° of scatter and no mix-ups; a set
/// 5 dB away: 26° and 30 %.
final class HRTFMismatchBot: AimingBot {
    static func aimStandardDeviationDeg(distanceDB d: Double) -> Double { 6 + 4 * d }
    static func reversalProbability(distanceDB d: Double) -> Double { min(0.4, 0.06 * d) }

    private let scene: EngineAudioScene
    /// Each set's distance from the bot's own ears, dB, by its OpenAL Soft name.
    private let distancesDB: [String: Double]
    private var generator: SeededRandom

    init(scene: EngineAudioScene, distancesDB: [String: Double], seed: UInt64) {
        self.scene = scene
        self.distancesDB = distancesDB
        generator = SeededRandom(seed: seed, stream: 0x4B7F)
        super.init(device: .bot("hrtf-listener"), degreesPerSecond: 120)
        facesFrontBeforeEachTarget = true
    }

    override func plan(for target: CircleSoundEntity) -> (aim: Bearing, reactionSeconds: Double) {
        // A set it has no distance for counts as far from its ears as the farthest it knows.
        let d = scene.engine.hrtf.name.flatMap { distancesDB[$0] } ?? distancesDB.values.max() ?? 0
        let reaction = 0.4 + abs(generator.gaussian()) * 0.6
        if generator.unitDouble() < Self.reversalProbability(distanceDB: d) {
            // The mirror image across the axis through its ears as it faces now: 30° to its right becomes 150°.
            let relative = target.bearing.relative(to: heading)
            return (heading.rotated(by: 180 - relative), reaction)
        }
        return (
            target.bearing.rotated(by: generator.gaussian() * Self.aimStandardDeviationDeg(distanceDB: d)), reaction
        )
    }
}
