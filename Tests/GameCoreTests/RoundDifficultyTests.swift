// Round-wide difficulty: the prepareRound hook, the separation band, a stimulus that ends, and a separation staircase converging.
import Foundation
import Testing

@testable import GameCore

@Suite struct RoundDifficultyTests {
    let scene = FakeAudioScene()
    let clock = ManualClock()
    let sink = RecordingSink()

    @Test func theHookDecidesWhatTheRoundPlaysAndThePhotoIsJudgedAgainstIt() throws {
        let plan = try SessionPlan(rounds: [.builtIn(.twoTargetsBackground, round: 1)], seed: 3)
        let session = GameSession(plan: plan, scene: scene, clock: clock, sink: sink, input: .keyboard)
        session.prepareRound = { round, bearings in
            RoundDifficulty.apply(.minSeparationDeg, value: 10, to: round, bearings: bearings, seed: 3)
        }
        try session.start(heading: .forward)
        let level = try #require(session.level)
        let played = level.targets.map(\.bearing)
        #expect(played != plan.bearings[0], "the round's bearings were drawn again")
        let separation = played[0].separation(from: played[1])
        #expect(separation >= 10 && separation <= 40)
        let trial = try #require(try session.photograph(aim: played[0], at: clock.now()))
        #expect(trial.targetBearing == played[0] && trial.deviationDeg == 0)
        #expect(session.lastResult?.targets.map(\.bearing) == played)
        // The same value and seed give the same bearings (a resumed round keeps them).
        let again = RoundDifficulty.apply(
            .minSeparationDeg, value: 10, to: plan.rounds[0], bearings: plan.bearings[0], seed: 3)
        #expect(again.bearings == played)
    }

    @Test func backgroundAndDurationChangeOnlyTheirOwnSetting() {
        let round = RoundPlan.builtIn(.oneTargetBackground, round: 2)
        let bearings = [Bearing(degrees: 80)]
        let louder = RoundDifficulty.apply(.backgroundGainDB, value: -12, to: round, bearings: bearings, seed: 1)
        #expect(louder.round.backgroundGainDB == -12 && louder.bearings == bearings)
        let shorter = RoundDifficulty.apply(.stimulusDurationS, value: 0.4, to: round, bearings: bearings, seed: 1)
        #expect(shorter.round.stimulusDurationS == 0.4 && shorter.round.backgroundGainDB == round.backgroundGainDB)
        let zone = RoundDifficulty.apply(.hitToleranceDeg, value: 5, to: round, bearings: bearings, seed: 1)
        #expect(zone.round == round && zone.bearings == bearings)
    }

    @Test func separationsFallInTheBandSoSmallValuesReallyBringTargetsTogether() {
        var generator = SeededRandom(seed: 9)
        for value in [2.0, 15, 60, 150] {
            for _ in 0..<200 {
                let band = value...(value + DifficultyParameter.separationBandDeg)
                let pair = TargetPlacer.separatedInBand(count: 2, band: band, using: &generator)
                let separation = pair[0].separation(from: pair[1])
                #expect(separation >= value - 1e-9 && separation <= min(value + 30, 180) + 1e-9)
            }
        }
        let three = TargetPlacer.separatedInBand(count: 3, band: 20...50, using: &generator)
        #expect(TargetPlacer.separated(three, by: 20))
    }

    /// The engine's scheduled stop seen from the level: scheduled at the audible onset + duration, a pause
    /// keeps the time left, and an ended stimulus is not resumed.
    @Test func aStimulusStopsAtItsOnsetPlusDurationAndIsNotResumedOnceEnded() throws {
        var round = RoundPlan.builtIn(.oneTarget, round: 1)
        round.stimulusDurationS = 1.5
        let level = try LevelFactory().makeLevel(for: round, bearings: [Bearing(degrees: 30)], scene: scene)
        level.begin(at: MonotonicTime(seconds: 10))
        let source = level.targets[0].source.rawValue
        level.update(at: MonotonicTime(seconds: 10), heading: .forward)
        #expect(scene.scheduledStops[source] == nil, "not before the onset is known")
        scene.audibleOnsets[source] = AudibleOnset(
            frame: 480_000, time: MonotonicTime(seconds: 10.1), uncertaintySeconds: 0)
        level.update(at: MonotonicTime(seconds: 10.2), heading: .forward)
        #expect(scene.scheduledStops[source] == MonotonicTime(seconds: 11.6))
        // Paused at 10.6 with 1.0 s left; resumed, the stop is put 1.0 s after the resume is heard.
        level.update(at: MonotonicTime(seconds: 10.6), heading: .forward)
        level.pause()
        level.resume()
        scene.audibleOnsets[source] = AudibleOnset(
            frame: 600_000, time: MonotonicTime(seconds: 12.5), uncertaintySeconds: 0)
        level.update(at: MonotonicTime(seconds: 12.6), heading: .forward)
        #expect(scene.scheduledStops[source] == MonotonicTime(seconds: 13.5))
        scene.stop(level.targets[0].source)
        level.update(at: MonotonicTime(seconds: 13.6), heading: .forward)
        let plays = try #require(scene.sources[source]?.playCount)
        level.pause()
        level.resume()
        #expect(scene.sources[source]?.playCount == plays, "the ended stimulus stays silent; the search goes on")
    }

    /// A listener who tells two animals apart with probability rising with their separation (a logistic
    /// with its midpoint at 20°, plus guessing); a round is hit when both photos are. The 1-up/2-down
    /// staircase on min_separation_deg, the targets placed by `RoundDifficulty`, converges on the
    /// separation where rounds are hit 70.7 % of the time.
    @Test func aSeparationStaircaseConvergesOnTheListenersThreshold() throws {
        let rule = Staircase.Rule(
            up: 1, down: 2, stepSizes: [16, 8, 4, 2], stopAfterReversals: 12, thresholdReversals: 8,
            largerIsHarder: false, range: 1...150)
        func roundHit(separation: Double) -> Double {
            let tellApart = 1 / (1 + exp(-(separation - 20) / 4))
            return tellApart + (1 - tellApart) * 0.5
        }
        // Where P(round hit) = 0.707.
        var low = 1.0
        var high = 150.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if roundHit(separation: middle) < pow(0.5, 0.5) { low = middle } else { high = middle }
        }
        var random = SeededRandom(seed: 2026)
        var thresholds: [Double] = []
        for run in 0..<20 {
            var staircase = Staircase(rule: rule, start: 90)
            var round = 0
            while !staircase.runStopped && round < 400 {
                round += 1
                let placed = RoundDifficulty.apply(
                    .minSeparationDeg, value: staircase.value, to: .builtIn(.twoTargets, round: round),
                    bearings: [.forward, Bearing(degrees: 90)], seed: UInt64(run))
                let separation = placed.bearings[0].separation(from: placed.bearings[1])
                staircase.record(hit: random.unitDouble() < roundHit(separation: separation))
            }
            thresholds.append(try #require(staircase.runThreshold))
        }
        let mean = thresholds.reduce(0, +) / Double(thresholds.count)
        print(
            String(
                format:
                    "training.separation_threshold_deg %.1f (value; placed separations are up to 30° wider, listener at 70.7 %%: %.1f°)",
                mean, low))
        // The staircase tracks the band's lower edge; the placed separations average 15° more.
        #expect(abs(mean + 15 - low) < 6)
    }

    /// A bandwidth staircase on calls measured from 0.4 to 4.5 octaves: as a listener hits, the value falls and the
    /// rounds play narrower calls; each round's pick is reproducible from seed and round and never repeats a call.
    @Test func aBandwidthStaircaseChoosesNarrowerCallsAsThePlayerImproves() {
        let bandwidths = [
            "cow": 4.5, "duck": 3.0, "hen": 2.6, "horse": 2.0, "bee": 1.4, "lark": 0.9, "owl": 0.4,
            "frog": 3.4,
        ]
        let rule = Staircase.Rule(
            up: 1, down: 2, stepSizes: [1, 0.5], stopAfterReversals: 8,
            largerIsHarder: DifficultyParameter.stimulusBandwidthOct.largerIsHarder, range: 0.4...5)
        var staircase = Staircase(rule: rule, start: 5)
        let round = RoundPlan(round: 1, condition: "c", level: "one-target", targetSounds: ["frog"])
        var widths: [Double] = []
        // Every photo hits: the staircase narrows (2 down), and with it the calls the rounds choose.
        for number in 1...16 {
            var plan = round
            plan.round = number
            let played = RoundDifficulty.apply(
                .stimulusBandwidthOct, value: staircase.value, to: plan, bearings: [Bearing(degrees: 30)], seed: 5,
                bandwidths: bandwidths)
            let call = played.round.targetSounds[0]
            // As near as the second-nearest call, or within half an octave (a one-call round never has fewer than
            // two to choose from). By distance, not by a list's order: two calls can be equally near.
            let distances = bandwidths.values.map { abs($0 - staircase.value) }.sorted()
            #expect(
                abs(bandwidths[call]! - staircase.value) <= max(distances[1], 0.5) + 1e-12,
                "\(call) at \(staircase.value)")
            widths.append(bandwidths[call]!)
            _ = staircase.record(hit: true)
        }
        #expect(staircase.value < 1)
        let early = widths.prefix(4).reduce(0, +) / 4
        let late = widths.suffix(4).reduce(0, +) / 4
        #expect(early >= 3.4 && late <= 0.9, "\(widths)")
        #expect(Set(widths.suffix(4)).count == 2, "the floor alternates between the two narrowest: \(widths)")
        // Misses widen the calls again.
        for _ in 0..<6 { _ = staircase.record(hit: false) }
        let missed = RoundDifficulty.apply(
            .stimulusBandwidthOct, value: staircase.value, to: round, bearings: [Bearing(degrees: 30)], seed: 5,
            bandwidths: bandwidths)
        #expect(bandwidths[missed.round.targetSounds[0]]! >= 2)
        // Two calls of a round are two different calls, drawn from the three nearest (two are within half an octave).
        let pair = RoundPlan(round: 3, condition: "c", level: "two-targets", targetSounds: ["frog", "frog"])
        let two = RoundDifficulty.apply(
            .stimulusBandwidthOct, value: 2.8, to: pair, bearings: [Bearing(degrees: 0), Bearing(degrees: 90)],
            seed: 5, bandwidths: bandwidths)
        #expect(Set(two.round.targetSounds).count == 2)
        #expect(two.round.targetSounds.allSatisfy { ["duck", "hen", "frog"].contains($0) })
        #expect(
            two.round
                == RoundDifficulty.apply(
                    .stimulusBandwidthOct, value: 2.8, to: pair, bearings: two.bearings, seed: 5,
                    bandwidths: bandwidths
                ).round)
        // Too few calls for the round: it plays its own.
        #expect(
            RoundDifficulty.apply(
                .stimulusBandwidthOct, value: 1, to: pair, bearings: two.bearings, seed: 5, bandwidths: ["owl": 0.4]
            ).round == pair)
    }
}
