// A stop scheduled at an output frame (a training stimulus of limited duration): it fades out from exactly there, click-free.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Scheduled stop")
struct ScheduledStopTests {
    /// The last frame of `interleaved` with any sound in either ear.
    static func lastSoundingFrame(_ interleaved: [Float]) -> Int? {
        (0..<(interleaved.count / 2)).last { interleaved[2 * $0] != 0 || interleaved[2 * $0 + 1] != 0 }
    }

    @Test(
        "A looping tone stopped at frame 10 000, rendered in 512-frame blocks: full until then, silent 5 ms later, no click"
    )
    func stopsAtItsFrameWithinTheBlock() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(ClickFreeTransportTests.tone()), bearing: Bearing(degrees: 30),
            looping: true)
        source.play()
        source.stop(atFrame: 10_000)
        var output: [Float] = []
        for _ in 0..<40 { output += engine.render(frames: 512) }
        #expect(source.state == .stopped, "published stopped once the fade has ended")
        let last = try #require(Self.lastSoundingFrame(output))
        print("audio.scheduled_stop_last_frame \(last) frames (stop at 10000, fade 240)")
        // The fade starts at frame 10 000 (not at its block's first frame, 9 728, nor the next, 10 240) and
        // lasts 240 frames; the HRTF filter's tail adds a few dozen more.
        #expect(last >= 10_000 + TransportRamp.frames - 16 && last <= 10_000 + TransportRamp.frames + 100)
        let before = output[(2 * 9_000)..<(2 * 10_000)].map { abs($0) }.max() ?? 0
        let earlier = output[(2 * 5_000)..<(2 * 6_000)].map { abs($0) }.max() ?? 0
        #expect(abs(before - earlier) < earlier * 0.01, "still at full level up to the stop frame")
        let transient = ClickFreeTransportTests.transientDB(output, skipFrames: 2_400)
        print(String(format: "audio.scheduled_stop_transient_db %.1f", transient))
        #expect(transient < -40)
    }

    @Test(
        "A pause before the stop frame cancels the scheduled stop; a frame already rendered stops with the next block")
    func aPauseCancelsIt() throws {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(ClickFreeTransportTests.tone()), looping: true)
        source.play()
        source.stop(atFrame: 2_000)
        _ = engine.render(frames: 1_000)
        source.pause()
        _ = engine.render(frames: 2_000)
        source.play()
        let resumed = engine.render(frames: 4_000)
        #expect(source.state == .playing, "the cancelled stop did not stop the resumed tone")
        #expect((resumed[(2 * 3_000)...].map { abs($0) }.max() ?? 0) > 0.1)
        source.stop(atFrame: 0)
        _ = engine.render(frames: 512)
        #expect(source.state == .stopped)
    }
}
