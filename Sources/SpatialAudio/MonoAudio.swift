// A mono recording in memory (float samples + rate): what OpenAL buffers are made from.
import Foundation

/// Mono float samples in [-1, 1] at `sampleRate`. OpenAL positions only mono sounds, so every
/// sound the engine plays passes through this type.
public struct MonoAudio: Sendable, Equatable {
    public var samples: [Float]
    public var sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var durationSeconds: Double { Double(samples.count) / Double(sampleRate) }
}
