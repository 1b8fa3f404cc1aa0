// Installs a participant's tailoring on an engine: filters (notch + ear gains) → volume → limiter → exposure meter.
import Foundation
import GameCore

/// The engine's output chain for one participant: `filters` (the notch and the audiogram gains, per ear),
/// the engine's volume, then `limiter` (the ceiling, so nothing after it can exceed it), then `meter`, which only
/// measures what leaves the stage (the session's sound exposure) and changes no sample.
/// `apply` changes the filters while sound plays (cross-faded); the limiter's ceiling is fixed per chain.
public final class TailoredOutput {
    public let filters: FilterCascadeProcessor
    public let limiter: LimiterProcessor
    public let meter = ExposureMeter()
    public private(set) var tailoring: OutputTailoring

    /// Builds the chain and installs it on `engine` (applies from the next rendered block).
    public init(engine: SpatialAudioEngine, tailoring: OutputTailoring) {
        let designs = Self.design(tailoring)
        filters = FilterCascadeProcessor(left: designs.left, right: designs.right)
        limiter = LimiterProcessor(
            ceilingDBFS: tailoring.ceilingDBFS, sampleRate: Double(SpatialAudioEngine.sampleRate))
        self.tailoring = tailoring
        engine.setOutputChain([filters, engine.volume, limiter, meter])
    }

    /// New notch or gains (not the ceiling) from the next block, faded in over it.
    public func apply(_ tailoring: OutputTailoring) {
        let designs = Self.design(tailoring)
        filters.update(left: designs.left, right: designs.right)
        self.tailoring = tailoring
    }

    /// The biquads per ear: the notch (both ears alike) followed by the ear's gain curve.
    static func design(_ tailoring: OutputTailoring) -> (left: [SecondOrderSection], right: [SecondOrderSection]) {
        let rate = Double(SpatialAudioEngine.sampleRate)
        let notch =
            tailoring.notch.map {
                BandStopDesign.sections(centerHz: $0.centerHz, widthOctaves: $0.widthOctaves, sampleRate: rate)
            } ?? []
        return (
            notch + EarGainDesign.sections(gains: tailoring.leftGains, sampleRate: rate),
            notch + EarGainDesign.sections(gains: tailoring.rightGains, sampleRate: rate)
        )
    }
}
