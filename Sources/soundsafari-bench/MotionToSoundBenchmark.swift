// Motion-to-sound latency at the default device buffer: head turn → first output sample rendered with it.
import Foundation
import GameCore
import GameUI
import SpatialAudio

/// 100 turns at seeded random times, each measured by `MotionToSoundProbe` (two engines rendered in lockstep
/// on the frame clock; the first differing sample is the first one rendered with the turn). `sampled` is the
/// game's path (input writes `listenerHeading`, the next block reads it); `tick_polled` is the path before it
/// (the heading reached the engine only on the next 60 Hz tick), for comparison.
enum MotionToSoundBenchmark {
    static func run() throws -> [BenchmarkResult] {
        var random = SeededRandom(seed: 2026, stream: 0x4D53)
        let changes = (0..<100).map { _ in 0.05 + Double.random(in: 0..<0.5, using: &random) }
        let frames = SDLAudioOutput.defaultBufferFrames
        let sampled = try MotionToSoundProbe.latencies(changeSeconds: changes, blockFrames: frames, path: .sampled)
        let polled = try MotionToSoundProbe.latencies(
            changeSeconds: changes, blockFrames: frames, path: .tickPolled(ticksPerSecond: GameManager.defaultTickRate))
        return [
            BenchmarkResult(name: "audio.motion_to_sound_buffer", value: Double(frames), unit: "frames"),
            BenchmarkResult(name: "audio.motion_to_sound_ms_mean", value: mean(sampled) * 1000, unit: "ms"),
            BenchmarkResult(name: "audio.motion_to_sound_ms_p95", value: percentile95(sampled) * 1000, unit: "ms"),
            BenchmarkResult(name: "audio.motion_to_sound_tick_polled_ms_mean", value: mean(polled) * 1000, unit: "ms"),
            BenchmarkResult(
                name: "audio.motion_to_sound_tick_polled_ms_p95", value: percentile95(polled) * 1000, unit: "ms"),
        ]
    }

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// Nearest-rank 95th percentile.
    private static func percentile95(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[max(0, Int((0.95 * Double(sorted.count)).rounded(.up)) - 1)]
    }
}
