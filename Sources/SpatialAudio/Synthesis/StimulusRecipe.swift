import Foundation
import GameCore

// What every generated stimulus provides: its catalog facts and a deterministic synthesis.

/// One generated sound. `synthesise` must depend on nothing but `sampleRate` and the recipe's seed.
protocol StimulusRecipe: Sendable {
    var name: String { get }
    var displayName: String { get }
    var role: SoundRole { get }
    var gainDB: Double { get }
    var loop: Bool { get }
    var seed: UInt64 { get }
    /// Active RMS (see LoudnessNormaliser) the file is levelled to, in dBFS.
    var activeRMSDecibels: Double { get }
    /// One sentence on how it is made, for sounds.json's provenance.
    var recipeDescription: String { get }
    func synthesise(sampleRate: Double) -> [Double]
}

extension StimulusRecipe {
    var fileName: String { "\(name).wav" }
}

/// Shared envelope shapes.
enum Envelope {
    /// 0 → 1 → 0 with raised-cosine ramps of `attack` and `release` seconds over `duration` seconds.
    static func raisedCosine(at time: Double, duration: Double, attack: Double, release: Double) -> Double {
        guard time >= 0, time <= duration else { return 0 }
        if time < attack { return 0.5 - 0.5 * cos(Double.pi * time / attack) }
        if time > duration - release { return 0.5 - 0.5 * cos(Double.pi * (duration - time) / release) }
        return 1
    }
}
