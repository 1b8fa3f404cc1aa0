// A training plan's round-wide parameters rendered through the real engine and measured: background level, stimulus end.
import Foundation
import GameCore
import SpatialAudio
import Testing

@testable import SessionRuntime

@Suite struct RoundDifficultyRenderTests {
    static let second = SpatialAudioEngine.sampleRate

    static func rmsDB(_ samples: [Float]) -> Double {
        10 * log10(samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count))
    }

    /// The last frame of `interleaved` with any sound in either ear.
    static func lastSoundingFrame(_ interleaved: [Float]) -> Int? {
        (0..<(interleaved.count / 2)).last { interleaved[2 * $0] != 0 || interleaved[2 * $0 + 1] != 0 }
    }

    static func round(_ level: LevelKind) -> RoundPlan {
        RoundPlan.builtIn(level, round: 1)
    }

    /// Renders the background of a one-target-background round with the staircase at `value` dB (the
    /// target muted, so only the background is measured).
    static func background(at value: Double) throws -> [Float] {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required))
        let scene = EngineAudioScene(engine: engine, catalog: try SoundCatalog.locate(explicitFolder: nil))
        let prepared = RoundDifficulty.apply(
            .backgroundGainDB, value: value, to: round(.oneTargetBackground), bearings: [Bearing(degrees: 40)],
            seed: 1)
        let level = try LevelFactory().makeLevel(for: prepared.round, bearings: prepared.bearings, scene: scene)
        level.begin(at: .zero)
        let output = scene.render(frames: 4 * second, muting: level.targets.map(\.source))
        level.end()
        return output
    }

    @Test func theBackgroundAtTwoStaircaseValuesIsRenderedTheirDifferenceApart() throws {
        let quiet = try Self.background(at: -29)
        let loud = try Self.background(at: -12)
        let difference = Self.rmsDB(loud) - Self.rmsDB(quiet)
        print(String(format: "training.background_level_difference_db %.2f (staircase -29 vs -12)", difference))
        #expect(abs(difference - 17) < 0.05)
        #expect(Self.rmsDB(quiet) < -40, "the quiet background is really quiet")
        #expect(loud.allSatisfy { abs($0) <= 1 }, "no sample above full scale")
    }

    /// A frog round ticked like `simulate` (every 10 ms, rendered in 480-frame blocks) for 3 s, with the
    /// staircase's stimulus duration (or none): the output and the frog's audible onset.
    static func frogRound(duration: Double?) throws -> (output: [Float], onset: AudibleOnset, stopped: Bool) {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required))
        let scene = EngineAudioScene(engine: engine, catalog: try SoundCatalog.locate(explicitFolder: nil))
        scene.anchorFrameClock(at: .zero)
        var prepared = (round: Self.round(.oneTarget), bearings: [Bearing(degrees: 60)])
        if let duration {
            prepared = RoundDifficulty.apply(
                .stimulusDurationS, value: duration, to: prepared.round, bearings: prepared.bearings, seed: 1)
        }
        let level = try LevelFactory().makeLevel(for: prepared.round, bearings: prepared.bearings, scene: scene)
        level.begin(at: .zero)
        var output: [Float] = []
        var audible: AudibleOnset?
        while output.count < 2 * 3 * Self.second {
            let now = MonotonicTime(seconds: Double(output.count / 2) / Double(Self.second))
            level.update(at: now, heading: .forward)
            audible = audible ?? level.targets[0].audibleOnset
            output += scene.render(frames: 480)
        }
        defer { level.end() }
        return (output, try #require(audible), level.targets[0].state == .stopped)
    }

    /// `stimulus_duration_s` 1.0: the frog sounds exactly as without a limit up to its audible onset + 1 s,
    /// fades out over 5 ms from there and stays silent, while the unlimited frog goes on calling.
    @Test func theStimulusEndsItsDurationAfterItsAudibleOnsetWithoutAClick() throws {
        let limited = try Self.frogRound(duration: 1.0)
        let free = try Self.frogRound(duration: nil)
        #expect(limited.onset.frame == free.onset.frame, "onset_frame is still the first audible sample")
        #expect(limited.stopped && !free.stopped)
        let stop = Int(limited.onset.frame) + Self.second
        // Up to onset + duration the same sound (mixing the stop's block in two parts may round differently).
        let difference = zip(limited.output[..<(2 * stop)], free.output[..<(2 * stop)]).map { abs($0 - $1) }.max() ?? 1
        let peak = free.output[..<(2 * stop)].map(abs).max() ?? 0
        print("training.stimulus_difference_before_stop \(difference) (peak \(peak))")
        #expect(peak > 0.01 && difference < peak * 1e-3, "the same sound up to onset + duration")
        // The fade: 240 frames of raised cosine, never above the unlimited output's level there.
        let fadeEnd = stop + 240
        let faded = zip(limited.output[(2 * stop)..<(2 * fadeEnd)], free.output[(2 * stop)..<(2 * fadeEnd)])
        #expect(faded.allSatisfy { abs($0) <= abs($1) + 1e-4 }, "a fade, not a jump")
        // Silent from the end of the fade plus the HRTF's tail (under 1.5 ms) on; the free frog still calls.
        let end = (0..<(limited.output.count / 2)).last {
            limited.output[2 * $0] != 0 || limited.output[2 * $0 + 1] != 0
        }
        let last = try #require(end)
        print("training.stimulus_last_frame \(last) (audible onset \(limited.onset.frame) + 48000 = \(stop))")
        #expect(last < fadeEnd + 100, "silent within 5 ms and the HRTF tail of onset + duration")
        let laterFree = free.output[(2 * (fadeEnd + 100))...].map { abs($0) }.max() ?? 0
        #expect(laterFree > 0.01, "the unlimited frog goes on calling")
    }
}
