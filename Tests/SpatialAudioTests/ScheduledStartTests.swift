// Scheduled starts: a source started at a given output frame splits the block there, and its first audible
// sample (after the file's leading silence) is where the rendered output first rises above −60 dB.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Scheduled starts and audible onsets")
struct ScheduledStartTests {
    /// 300 frames of room noise 100 dB under the call, then 0.3 s of white noise.
    private func callWithLeadingSilence() -> MonoAudio {
        let noise = TestSignals.whiteNoise(seconds: 0.3).samples
        let room = (0..<300).map { Float($0 % 2 == 0 ? 1e-5 : -1e-5) }
        return MonoAudio(samples: room + noise, sampleRate: 48_000)
    }

    /// First frame whose louder ear reaches `dB` under the output's peak.
    private func firstFrame(of interleaved: [Float], above dB: Float = -60) -> Int? {
        let peak = interleaved.reduce(Float(0)) { max($0, abs($1)) }
        let threshold = peak * pow(10, dB / 20)
        return stride(from: 0, to: interleaved.count, by: 2).first {
            max(abs(interleaved[$0]), abs(interleaved[$0 + 1])) >= threshold
        }
        .map { $0 / 2 }
    }

    @Test("A buffer's first audible frame is its first sample 60 dB under its peak, leading room noise excluded")
    func firstAudibleFrameOfABuffer() throws {
        let engine = try SpatialAudioEngine()
        #expect(try engine.makeBuffer(callWithLeadingSilence()).firstAudibleFrame == 300)
        #expect(try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.1)).firstAudibleFrame == 0)
        #expect(FirstAudibleSample.index(in: [0, 0.0009, 0.001, 1]) == 2)
    }

    @Test("A start scheduled inside a block sounds from that frame, and its audible onset is where the output rises")
    func startScheduledMidBlock() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(callWithLeadingSilence()), bearing: .init(degrees: 40))
        source.play(atFrame: 1_300)
        var output: [Float] = []
        for _ in 0..<6 { output += engine.render(frames: 512) }
        #expect(source.onsetFrame == 1_300, "not the block's first frame, 1024")
        #expect(source.audibleOnsetFrame == 1_600)
        let rises = try #require(firstFrame(of: output))
        // Up to the HRIR's own short delay (the ears' acoustic path), the output rises at the audible onset.
        #expect(rises >= 1_600 && rises < 1_600 + 72, "output rose at frame \(rises)")
        #expect(output[0..<(2 * 1_300)].allSatisfy { $0 == 0 }, "nothing sounded before the scheduled frame")
    }

    @Test(
        "Frog and blue jay: the output rises within the HRIR's delay of the reported audible onset",
        arguments: ["frog", "bluejay"])
    func shippedSoundsRiseAtTheirAudibleOnset(sound: String) throws {
        let engine = try SpatialAudioEngine()
        let buffer = try engine.loadBuffer(file: SoundCatalogTests.shippedSounds.appendingPathComponent("\(sound).wav"))
        let source = try engine.makeSource(buffer: buffer, bearing: .init(degrees: 300))
        source.play(atFrame: 1_300)
        var output: [Float] = []
        // The whole file, so the output's peak is the file's peak heard through the HRTF.
        while output.count / 2 < buffer.frameCount + 2_048 { output += engine.render(frames: 512) }
        let audible = Int(try #require(source.audibleOnsetFrame))
        // The figures for the files' leading silence: frog 111 ms, blue jay 100 ms.
        let silenceMS = Double(audible - 1_300) / 48
        #expect(abs(silenceMS - (sound == "frog" ? 111 : 100)) < 1.5, "\(sound): \(silenceMS) ms")
        let rises = try #require(firstFrame(of: output))
        #expect(rises >= audible && rises < audible + 72, "\(sound): output rose \(rises - audible) frames after")
    }

    @Test("A start scheduled for a frame already rendered starts with the next block; a stop before it cancels it")
    func lateAndCancelledStarts() throws {
        let engine = try SpatialAudioEngine()
        let buffer = try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.3))
        let late = try engine.makeSource(buffer: buffer)
        let cancelled = try engine.makeSource(buffer: buffer)
        _ = engine.render(frames: 512)
        late.play(atFrame: 100)
        cancelled.play(atFrame: 2_000)
        _ = engine.render(frames: 512)
        #expect(late.onsetFrame == 512 && late.audibleOnsetFrame == 512)
        cancelled.stop()
        let rest = engine.render(frames: 4_096)
        #expect(cancelled.onsetFrame == nil && cancelled.state != .playing)
        #expect(rest.contains { $0 != 0 }, "the late start plays")
    }

    @Test("A resume is audible where it resumes")
    func resumeIsAudibleAtItsFrame() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(buffer: try engine.makeBuffer(callWithLeadingSilence()), looping: true)
        source.play(atFrame: 0)
        _ = engine.render(frames: 2_048)
        source.pause()
        _ = engine.render(frames: 1_024)
        source.play(atFrame: 3_500)
        _ = engine.render(frames: 1_024)
        #expect(source.onsetFrame == 0)
        #expect(source.audibleOnsetFrame == 3_500)
    }

    @Test(
        "The frame clock: an anchor maps exactly; device callbacks map by their earliest offset, jitter as uncertainty")
    func frameClockMapping() throws {
        let anchored = FrameClock()
        #expect(anchored.frame(at: MonotonicTime(seconds: 1)) == nil)
        anchored.anchor(frame: 0, at: MonotonicTime(seconds: 10))
        #expect(anchored.frame(at: MonotonicTime(seconds: 11)) == 48_000)
        #expect(anchored.time(ofFrame: 24_000) == MonotonicTime(seconds: 10.5))
        #expect(anchored.uncertaintySeconds == 0)

        let live = FrameClock()
        // A device clock 0.5 % fast against the monotonic clock, each callback asked for 0 to 2 ms late.
        for block in 0..<64 {
            let frame = Int64(block * 512)
            let lateness = [0.0, 0.002, 0.001, 0.0005][block % 4]
            live.observe(frame: frame, at: MonotonicTime(seconds: 100 + Double(frame) / 48_000 / 1.005 + lateness))
        }
        let time = try #require(live.time(ofFrame: 48_000))
        #expect(abs(time.seconds - (100 + 1 / 1.005)) < 0.0002, "frame 48 000 mapped to \(time.seconds)")
        #expect(abs(live.uncertaintySeconds - 0.002) < 0.0002)
        #expect(live.frame(at: MonotonicTime(seconds: 100 + 1 / 1.005)).map { abs($0 - 48_000) <= 10 } == true)
    }
}
