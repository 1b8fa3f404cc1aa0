// The training replay, rendered offline and measured: the animal from its true side, once, no louder than in the search.
import Foundation
import GameCore
import SpatialAudio
import Testing

@testable import SessionRuntime

@Suite struct FeedbackReplayTests {
    static func peak(_ samples: [Float], channel: Int) -> Float {
        stride(from: channel, to: samples.count, by: 2).map { abs(samples[$0]) }.max() ?? 0
    }

    @Test func theReplayComesFromTheTrueSideOnceAndNoLouderThanTheSearch() throws {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required))
        let scene = EngineAudioScene(engine: engine, catalog: try SoundCatalog.locate(explicitFolder: nil))
        let right = Bearing(degrees: 90)
        let second = SpatialAudioEngine.sampleRate

        // The target as a level plays it while it is searched for.
        let search = try CircleSoundEntity(sound: "frog", bearing: right, scene: scene)
        search.play()
        let searched = scene.render(frames: 2 * second)
        search.stop()
        search.remove()
        _ = scene.render(frames: second / 10)

        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let trial = TrialResult(
            condition: "one-target", level: "one-target", background: false, round: 1, targetsInRound: 1,
            targetIndex: 1, target: "frog", targetBearing: right, aimBearing: Bearing(degrees: 10),
            roundStartHeading: .forward, onsetTime: MonotonicTime(seconds: 0), shotTime: MonotonicTime(seconds: 2),
            onsetAt: start, shotAt: start, input: .bot("ideal"))
        let replay = FeedbackReplay(scene: scene)
        try replay.play(trial)
        let replayed = scene.render(frames: 2 * second)
        let left = Self.peak(replayed, channel: 0)
        let rightEar = Self.peak(replayed, channel: 1)
        #expect(rightEar > 0.01, "the replay is heard")
        #expect(rightEar > 2 * left, "it comes from the right, where the animal was (left \(left), right \(rightEar))")
        #expect(
            rightEar <= Self.peak(searched, channel: 1) * 1.0001, "no louder than the target during the search")
        #expect(replayed.allSatisfy { abs($0) <= 1 }, "no sample above full scale")
        // Played once: a few seconds later the scene is silent again.
        _ = scene.render(frames: 4 * second)
        let after = scene.render(frames: second / 2)
        #expect(Self.peak(after, channel: 0) == 0 && Self.peak(after, channel: 1) == 0, "the replay does not loop")
        replay.stop()
    }
}
