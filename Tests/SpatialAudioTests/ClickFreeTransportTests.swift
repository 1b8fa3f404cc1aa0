// Start, pause, resume and stop fade over 5 ms: rendered through OpenAL and HRTF, no transient above −40 dB.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Click-free transport")
struct ClickFreeTransportTests {
    /// Level in dB, relative to the output's own peak, of the largest broadband transient: the output
    /// high-passed at 3 kHz (4th order) leaves the 200 Hz tone 100 dB down, but keeps the energy of a cut.
    static func transientDB(_ interleaved: [Float], skipFrames: Int) -> Double {
        var worst = 0.0
        var peak = 0.0
        for channel in 0..<2 {
            let signal = stride(from: channel, to: interleaved.count, by: 2).map { Double(interleaved[$0]) }
            var filtered = Biquad.filter(signal, .highPass, frequency: 3_000, q: 0.707, sampleRate: 48_000)
            filtered = Biquad.filter(filtered, .highPass, frequency: 3_000, q: 0.707, sampleRate: 48_000)
            worst = max(worst, filtered[skipFrames...].map(abs).max() ?? 0)
            peak = max(peak, signal.map(abs).max() ?? 0)
        }
        return 20 * log10(worst / peak)
    }

    static func tone() -> MonoAudio {
        MonoAudio(
            samples: (0..<48_000).map { Float(0.5 * sin(2 * Double.pi * 200 * Double($0) / 48_000)) },
            sampleRate: 48_000)
    }

    @Test("Pause and resume of a looping 200 Hz tone at 30°: no transient above −40 dB re the signal")
    func pauseAndResumeAreClickFree() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(Self.tone()), bearing: Bearing(degrees: 30), looping: true)
        source.play()
        var output = engine.render(frames: 9_600)
        source.pause()
        #expect(source.state == .paused)
        output += engine.render(frames: 4_800)
        #expect(source.state == .paused)
        source.play()
        output += engine.render(frames: 9_600)
        source.stop()
        output += engine.render(frames: 4_800)
        #expect(source.state == .stopped)
        let transient = Self.transientDB(output, skipFrames: 2_400)
        print(String(format: "audio.transport_transient_db %.1f", transient))
        #expect(transient < -40)
        // The fade really happened: silent while paused, and after the stop.
        let paused = output[(2 * 10_000)..<(2 * 14_400)].map { abs($0) }.max() ?? 1
        let stopped = output[(2 * 24_400)...].map { abs($0) }.max() ?? 1
        #expect(paused == 0 && stopped == 0)
    }

    @Test("The detector sees a hard cut: the same tone cut to silence mid-wave measures above −40 dB")
    func aHardCutIsDetected() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(Self.tone()), bearing: Bearing(degrees: 30), looping: true)
        source.play()
        var output = engine.render(frames: 9_600)
        output += [Float](repeating: 0, count: 2 * 4_800)
        #expect(Self.transientDB(output, skipFrames: 2_400) > -40)
    }

    @Test("A start fades in from silence over 5 ms, and the onset frame is where it starts")
    func startFadesIn() throws {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(MonoAudio(samples: [Float](repeating: 0.5, count: 4_800), sampleRate: 48_000))
        )
        _ = engine.render(frames: 100)
        source.play()
        let output = engine.render(frames: 480)
        #expect(source.onsetFrame == 100)
        let left = stride(from: 0, to: output.count, by: 2).map { abs(output[$0]) }
        let full = left[400]
        #expect(full > 0)
        #expect(left[0] < full * 0.02, "first frame \(left[0]) vs \(full)")
        #expect(left[120] > full * 0.3 && left[120] < full * 0.7, "mid-fade \(left[120]) vs \(full)")
    }

    @Test(
        "A source moved from 30° to 150° and back while playing: no transient above −40 dB (OpenAL fades HRTF changes)")
    func sourceMovesAreClickFree() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(Self.tone()), bearing: Bearing(degrees: 30), looping: true)
        source.play()
        var output = engine.render(frames: 9_600)
        source.bearing = Bearing(degrees: 150)
        output += engine.render(frames: 4_800)
        source.bearing = Bearing(degrees: 30)
        output += engine.render(frames: 4_800)
        let transient = Self.transientDB(output, skipFrames: 2_400)
        print(String(format: "audio.move_transient_db %.1f", transient))
        #expect(transient < -40)
    }
}
