// A simulated listener for the HRTF tournament: prefers the set that sounds most like its own ears, with noise.
import Foundation

/// A listener whose own ears are one HRTF set. It hears each candidate's difference from its own ears as the
/// candidate's distance (SpatialAudio's `HRTFDistance`: the log-spectral distance of the horizontal-plane
/// transfer functions, in dB) plus Gaussian noise of `noiseDB` standard deviation, drawn anew for each hearing;
/// it answers "no difference" when the two perceived distances are closer than `sameWithinDB`, otherwise
/// prefers the nearer set. It takes 1.5–4 s to answer (uniform), and asks to hear the pair again when the two
/// perceived distances are within `sameWithinDB` on its first hearing, once per comparison.
public struct SimulatedHRTFListener: Sendable {
    /// Stated amount of noise: a standard deviation of 1 dB on the log-spectral distance.
    public static let defaultNoiseDB = 1.0
    /// Closer than this, the two sets sound the same.
    public static let defaultSameWithinDB = 0.5

    public let distancesDB: [Double]
    public let noiseDB: Double
    public let sameWithinDB: Double
    private var random: SeededRandom

    /// `distancesDB[i]`: candidate i's distance from the listener's own ears.
    public init(
        distancesDB: [Double], noiseDB: Double = defaultNoiseDB, sameWithinDB: Double = defaultSameWithinDB,
        seed: UInt64
    ) {
        self.distancesDB = distancesDB
        self.noiseDB = noiseDB
        self.sameWithinDB = sameWithinDB
        random = SeededRandom(seed: seed, stream: 0x4852_5446)
    }

    /// The answer to `pairing`, having heard it `hearAgainCount` times before.
    public mutating func answer(_ pairing: HRTFTournament.Pairing, hearAgainCount: Int) -> TournamentAnswer {
        let a = distancesDB[pairing.a] + noiseDB * random.gaussian()
        let b = distancesDB[pairing.b] + noiseDB * random.gaussian()
        if abs(a - b) < sameWithinDB { return hearAgainCount == 0 ? .hearAgain : .noDifference }
        return a < b ? .a : .b
    }

    /// Seconds from the end of the pair's playback to the answer.
    public mutating func secondsToAnswer() -> Double { random.uniform(1.5...4) }
}
