// The hearing procedures' probes (pure tones, or narrow-band noise for the pitch match), added per ear in the output stage.
import Foundation
import GameCore
import Synchronization

/// Adds a sine, or a loop of 1/3-octave noise (`NarrowBandNoise`), to the rendered block: to one ear only, which
/// HRTF rendering cannot do (a source hard left still reaches the right ear), or to both at levels of their own
/// (each ear's headphone calibration differs). Probes start and stop with 20 ms raised-cosine ramps, so they do
/// not click (a click is broadband and would be heard at other frequencies). A level is the probe's RMS in dBFS
/// before the volume; it is capped so the probe's peak stays at `peakCeilingDBFS` (a noise peaks ~12 dB above
/// its RMS, a sine 3 dB).
// @unchecked: `noiseLoops` is the game thread's, the tone state the audio thread's; they meet only in the `pending` mutex.
public final class ToneGenerator: OutputProcessor, @unchecked Sendable {
    public enum Ears: Sendable { case left, right, both }

    /// No probe sample goes above this (the output ceiling of issue 10).
    public static let peakCeilingDBFS = -1.0

    struct Tone {
        var frequencyHz: Double
        var probe: PitchProbe
        /// Linear RMS per ear (0: silent there).
        var left: Double
        var right: Double
        /// The noise probe's loop (RMS 1); empty for a tone.
        var loop: [Float]

        func same(as other: Tone) -> Bool {
            frequencyHz == other.frequencyHz && probe == other.probe && left == other.left && right == other.right
        }
    }

    static let rampSeconds = 0.02
    private let sampleRate: Double
    private let pending = Mutex<(tone: Tone?, changed: Bool)>((nil, false))
    /// Game thread: the noise loops made (a loop takes a 2¹⁶-point FFT), with their peaks in dB re RMS; a few
    /// are kept, as the octave check alternates between two frequencies.
    private var noiseLoops: [Double: (loop: [Float], crestDB: Double)] = [:]
    // Audio-thread state.
    private var playing: Tone?
    private var next: Tone?
    private var phase = 0.0
    private var position = 0
    private var envelope = 0.0

    public init(sampleRate: Double = 48_000) { self.sampleRate = sampleRate }

    /// Game thread: starts (or changes) a probe in one ear or both at the same level; returns the level played.
    @discardableResult
    public func play(frequencyHz: Double, levelDBFS: Double, ears: Ears, probe: PitchProbe = .tone) -> Double {
        let played = play(
            frequencyHz: frequencyHz, leftDBFS: ears == .right ? nil : levelDBFS,
            rightDBFS: ears == .left ? nil : levelDBFS, probe: probe)
        return (ears == .right ? played.right : played.left) ?? levelDBFS
    }

    /// Game thread: starts (or changes) a probe at a level per ear (nil: silent there); returns the levels
    /// played, which are lower than asked when the peak would pass `peakCeilingDBFS`.
    @discardableResult
    public func play(
        frequencyHz: Double, leftDBFS: Double?, rightDBFS: Double?, probe: PitchProbe = .tone
    ) -> (left: Double?, right: Double?) {
        let (loop, crestDB) = waveform(frequencyHz: frequencyHz, probe: probe)
        let highest = Self.peakCeilingDBFS - crestDB
        let left = leftDBFS.map { min($0, highest) }
        let right = rightDBFS.map { min($0, highest) }
        func linear(_ level: Double?) -> Double { level.map { pow(10, $0 / 20) } ?? 0 }
        let tone = Tone(frequencyHz: frequencyHz, probe: probe, left: linear(left), right: linear(right), loop: loop)
        pending.withLock { $0 = (tone, true) }
        return (left, right)
    }

    /// The highest level (RMS dBFS) `play` gives this probe, its peak then at `peakCeilingDBFS`. Any thread:
    /// it makes the same loop `play` would (same seed) rather than reading the game thread's cache.
    public static func highestLevelDBFS(
        frequencyHz: Double, probe: PitchProbe, sampleRate: Double = 48_000
    ) -> Double {
        guard probe == .noise else { return peakCeilingDBFS - 20 * log10(2.0.squareRoot()) }
        let loop = NarrowBandNoise.loop(centerHz: frequencyHz, sampleRate: sampleRate)
        return peakCeilingDBFS - 20 * log10(Double(loop.map(abs).max() ?? 1))
    }

    /// The noise loop (empty for a tone) and the probe's peak in dB above its RMS.
    private func waveform(frequencyHz: Double, probe: PitchProbe) -> (loop: [Float], crestDB: Double) {
        guard probe == .noise else { return ([], 20 * log10(2.0.squareRoot())) }
        if noiseLoops[frequencyHz] == nil {
            if noiseLoops.count >= 4 { noiseLoops.removeAll() }
            let made = NarrowBandNoise.loop(centerHz: frequencyHz, sampleRate: sampleRate)
            noiseLoops[frequencyHz] = (made, 20 * log10(Double(made.map(abs).max() ?? 1)))
        }
        return noiseLoops[frequencyHz]!
    }

    public func stop() { pending.withLock { $0 = (nil, true) } }

    public func process(_ block: UnsafeMutableBufferPointer<Float>) {
        if let update = pending.withLockIfAvailable({ slot -> (Tone?, Bool) in
            defer { slot.changed = false }
            return (slot.tone, slot.changed)
        }), update.1 {
            next = update.0
            if playing == nil { playing = next }
        }
        guard playing != nil else { return }
        let step = 1 / (Self.rampSeconds * sampleRate)
        for frame in 0..<(block.count / 2) {
            guard let tone = playing else { return }
            // Fade in towards a wanted probe, out when it is to stop or change, then switch.
            let wanted = next.map { $0.same(as: tone) } ?? false
            envelope = wanted ? min(1, envelope + step) : max(0, envelope - step)
            if envelope == 0 && !wanted {
                playing = next
                phase = 0
                position = 0
                continue
            }
            let gain = 0.5 - 0.5 * cos(Double.pi * envelope)
            let unit: Double
            if tone.probe == .noise {
                unit = Double(tone.loop[position])
                position = position + 1 == tone.loop.count ? 0 : position + 1
            } else {
                // A sine of RMS 1.
                unit = 2.0.squareRoot() * sin(phase)
                phase += 2 * Double.pi * tone.frequencyHz / sampleRate
                if phase > 2 * Double.pi { phase -= 2 * Double.pi }
            }
            block[2 * frame] += Float(tone.left * gain * unit)
            block[2 * frame + 1] += Float(tone.right * gain * unit)
        }
    }
}
