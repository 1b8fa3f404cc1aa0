// Motion-to-sound latency on a fake clock: a turn sampled between two blocks is heard from the next block.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Motion-to-sound latency")
struct MotionToSoundTests {
    /// Turn times spread over two ticks and several blocks, from a fixed seed.
    private func changeTimes(_ count: Int) -> [Double] {
        var random = SeededRandom(seed: 11, stream: 0x70)
        return (0..<count).map { _ in 0.05 + Double.random(in: 0..<(2.0 / 60), using: &random) }
    }

    @Test("A sampled heading is rendered from the first block asked for after it, never a tick later")
    func sampledHeadingReachesTheNextBlock() throws {
        let block = 512.0 / 48_000
        let latencies = try MotionToSoundProbe.latencies(
            changeSeconds: changeTimes(12), blockFrames: 512, path: .sampled)
        for latency in latencies {
            #expect(latency >= 0 && latency <= block + 1.0 / 48_000, "latency \(latency * 1000) ms")
        }
        let polled = try MotionToSoundProbe.latencies(
            changeSeconds: changeTimes(12), blockFrames: 512, path: .tickPolled(ticksPerSecond: 60))
        // The same turns through a 60 Hz tick wait for the tick as well: never earlier, on average later.
        for (direct, viaTick) in zip(latencies, polled) { #expect(viaTick >= direct) }
        #expect(polled.reduce(0, +) > latencies.reduce(0, +))
    }

    @Test("The engine's heading is one lock-free cell: the render reads the latest value, whoever wrote it")
    func headingCellIsTheEnginesHeading() throws {
        let engine = try SpatialAudioEngine()
        engine.listenerHeading.store(Bearing(degrees: 123))
        #expect(engine.heading == Bearing(degrees: 123))
        engine.heading = Bearing(degrees: 10)
        #expect(engine.listenerHeading.load() == Bearing(degrees: 10))
    }
}
