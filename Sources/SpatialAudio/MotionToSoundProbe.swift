// Motion-to-sound latency measured offline on a fake clock: head turn → first output sample rendered with it.
import Foundation
import GameCore

/// Renders two engines in lockstep in device-sized blocks, block k asked for at k · block / 48 000 s (the
/// frame clock of docs/LOG-FORMAT.md): both play the same looping noise from the right; in one the listener
/// turns round at the change time. The first output frame in which the two differ is the first sample
/// rendered with the new heading; its time minus the change time is the latency. Used by the tests and by
/// `make bench` (`audio.motion_to_sound_ms_*`), so both measure the code the game runs, not a model of it.
package enum MotionToSoundProbe {
    /// How the turn reaches the engine.
    package enum Path: Sendable {
        /// Written to `listenerHeading` when sampled (input handler, a tracker's thread).
        case sampled
        /// Only read by a game tick at `ticksPerSecond` (the first tick at or after the change), as before.
        case tickPolled(ticksPerSecond: Double)
        /// Handed at the change to `deliver`, which gets it into the engine's `listenerHeading` by a real path
        /// (a head tracker's datagram, receiving thread and calibration) and returns once the cell shows it.
        case delivered(by: @Sendable (_ cell: LatestHeading, _ heading: Bearing) -> Void)
    }

    /// Latency in seconds for a turn at each of `changeSeconds` (each measured on a fresh pair of engines).
    package static func latencies(changeSeconds: [Double], blockFrames: Int, path: Path) throws -> [Double] {
        let rate = Double(SpatialAudioEngine.sampleRate)
        // A broadband, deterministic signal: any change of the listener shows in the very first affected sample.
        let noise = (0..<SpatialAudioEngine.sampleRate).map {
            Float(sin(Double($0) * 0.731) * sin(Double($0) * 0.0173)) * 0.3
        }
        return try changeSeconds.map { change in
            let written: Double
            switch path {
            case .sampled, .delivered: written = change
            case .tickPolled(let ticksPerSecond): written = (change * ticksPerSecond).rounded(.up) / ticksPerSecond
            }
            let turning = try SpatialAudioEngine()
            let still = try SpatialAudioEngine()
            var sources: [SpatialSource] = []  // kept alive while rendering
            for engine in [turning, still] {
                let buffer = try engine.makeBuffer(MonoAudio(samples: noise, sampleRate: SpatialAudioEngine.sampleRate))
                let source = try engine.makeSource(buffer: buffer, bearing: Bearing(degrees: 90), looping: true)
                source.play(atFrame: 0)
                sources.append(source)
            }
            var block = 0
            var turned = false
            while true {
                let asked = Double(block * blockFrames) / rate
                if asked >= written && !turned {
                    turned = true
                    if case .delivered(let deliver) = path {
                        deliver(turning.listenerHeading, Bearing(degrees: 180))
                    } else {
                        turning.heading = Bearing(degrees: 180)
                    }
                }
                let a = turning.render(frames: blockFrames)
                let b = still.render(frames: blockFrames)
                if let differing = a.indices.first(where: { a[$0] != b[$0] }) {
                    return asked + Double(differing / 2) / rate - change
                }
                block += 1
                precondition(asked < written + 1, "the turn never reached the output")
            }
        }
    }
}
