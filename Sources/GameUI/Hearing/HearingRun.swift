// One hearing procedure in the window: the profile it changes, the tones it plays through its own output chain.
import Foundation
import GameCore
import Localization
import SpatialAudio
import StudyKit
import StudyRecords

/// The procedure a hearing window runs (`hearing-test`, `pitch-match`, `profile show --window`).
package enum HearingProcedure {
    /// `frequencies`: those to measure; the profile's other frequencies are kept (nil: all standard ones).
    case hearingTest(seed: UInt64, frequencies: [Double]?)
    /// `probe` nil: the patient chooses tone or noise on the first screen.
    case pitchMatch(runs: Int, notchWidthOctaves: Double, probe: PitchProbe?)
    case profile
}

/// The hearing screens' state in `GameApp`. Tones come from the engine's output stage (`ToneGenerator`, one ear at
/// a time, under the limiter's ceiling, at volume 0 dB so the levels are what the profile records). When a
/// procedure ends, its result is appended to the profile and the profile screen shows it; a quit before leaves
/// the profile as it was (and the terminal says so).
final class HearingRun {
    let participant: ParticipantID
    let logs: URL
    private(set) var profile: HearingProfile
    /// How the procedure ended, for the profile screen (also printed on the terminal).
    private(set) var message: String?
    let tone = ToneGenerator()
    private(set) var test: HearingTestRun?
    private(set) var pitch: PitchMatchRun?
    /// The procedure's result is appended to the profile (or there was none: the profile screen alone).
    private(set) var saved: Bool
    /// The hearing test to start with the window's clock (`start(now:)`).
    private var pendingTest: (levels: HughsonWestlakeLevels, only: [Double]?, seed: UInt64)?
    private var engine: SpatialAudioEngine?
    private var output: SDLAudioOutput?

    /// The screen the procedure starts on.
    let firstScreen: Screen

    /// Reads the profile and checks the procedure can run on it; errors are sentences naming the file and field.
    init(_ procedure: HearingProcedure, participant: ParticipantID, logs: URL) throws {
        self.participant = participant
        self.logs = logs
        profile =
            try HearingProfile.load(logs: logs, participant: participant.value)
            ?? HearingProfile(participant: participant.value)
        let path = HearingProfile.url(logs: logs, participant: participant.value).path
        switch procedure {
        case .hearingTest(let seed, let only):
            let levels = HughsonWestlakeLevels(
                calibration: profile.calibration, frequencies: only ?? Audiogram.standardFrequencies)
            if only != nil, let earlier = profile.audiogram, earlier.unit != levels.unit {
                throw ProfileError(
                    path: path, field: "audiogram.unit",
                    problem:
                        "is \(earlier.unit.rawValue) but this test measures in \(levels.unit.rawValue); leave out --frequencies to measure every frequency"
                )
            }
            firstScreen = .hearingTest
            saved = false
            pendingTest = (levels, only, seed)
        case .pitchMatch(let runs, let width, let probe):
            guard let audiogram = profile.audiogram, audiogram.largestLoss != nil else {
                throw ProfileError(
                    path: path, field: "audiogram",
                    problem: "is missing; run `soundsafari hearing-test` or `soundsafari profile set-audiogram` first")
            }
            pitch = PitchMatchRun(
                audiogram: audiogram, headphones: profile.calibration ?? .nominal, runs: runs,
                notchWidthOctaves: width, probe: probe)
            firstScreen = probe == nil ? .pitchProbe : .pitchMatch(.compare)
            saved = false
        case .profile:
            firstScreen = .profile
            saved = true
        }
    }

    /// Opens the audio device (a procedure that plays tones) and starts the hearing test's clock; after SDL is up.
    func start(now: Double) throws {
        guard !saved else { return }
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        engine.setOutputChain([tone, engine.volume, LimiterProcessor(ceilingDBFS: profile.ceilingDBFS)])
        let output = try SDLAudioOutput(engine: engine)
        output.start()
        self.engine = engine
        self.output = output
        if let (levels, only, seed) = pendingTest {
            let test = HughsonWestlakeTest(
                frequencies: only ?? Audiogram.standardFrequencies, startLevel: levels.start,
                minimumLevel: levels.minimum, maximumLevel: levels.maximum, seed: seed)
            self.test = HearingTestRun(
                test: test, levels: levels, calibration: profile.calibration, only: only, now: now)
            pendingTest = nil
        }
    }

    /// Silences the tones and closes the audio device (before SDL closes).
    func close() {
        tone.stop()
        output?.close()
        output = nil
        engine = nil
    }

    // MARK: Hearing test

    func pressed(now: Double) { test?.pressed(now: now) }
    func interruptTest() { test?.interrupt(tone: tone) }
    func resumeTest(now: Double) { test?.resume(now: now) }

    /// Moves the test on; true when it has ended and is saved.
    func tickTest(now: Double) throws -> Bool {
        guard var run = test, !saved else { return false }
        let finished = run.tick(now: now, tone: tone)
        test = run
        guard finished else { return false }
        tone.stop()
        let measured = Audiogram(
            unit: run.levels.unit, left: run.test.thresholds[.left] ?? [:], right: run.test.thresholds[.right] ?? [:])
        let tones = run.test.log.count
        if let only = run.only, let earlier = profile.audiogram {
            profile.audiogram = earlier.remeasured(only, by: measured)
            profile.source =
                "hearing-test (\(tones) tones at \(only.map { String(format: "%g", $0) }.joined(separator: ",")) Hz)"
        } else {
            profile.audiogram = measured
            profile.source = "hearing-test (\(tones) tones)"
        }
        try save {
            Translation.ngettext(
                "Hearing test saved as profile version {version} ({count} tone).",
                "Hearing test saved as profile version {version} ({count} tones).", tones, ["version": String($0)])
        }
        return true
    }

    // MARK: Pitch match

    func chooseProbe(_ probe: PitchProbe) { pitch?.choose(probe) }

    /// The patient's key on the question shown; true when it answered it.
    func answerPitch(_ command: UICommand) -> Bool { pitch?.answer(command) ?? false }

    /// Plays the question's probe; true when the match has ended and is saved.
    func tickPitch(now: Double) throws -> Bool {
        guard var run = pitch, !saved else { return false }
        run.tick(now: now, tone: tone)
        pitch = run
        guard let found = run.match?.result, let probe = run.probe else { return false }
        tone.stop()
        profile.tinnitus = TinnitusMatch(
            pitchHz: found.pitchHz, levelDBAboveThreshold: found.levelAboveThresholdDB, ear: "both",
            runsHz: found.runs.map(\.matchedHz), spreadOctaves: found.spreadOctaves, probe: probe)
        profile.notchWidthOctaves = run.notchWidthOctaves
        // A new match moves the notch to the pitch just matched, also away from a centre prescribed before.
        profile.notchCenterHz = nil
        profile.source = "pitch-match (\(run.runs) runs, \(probe.rawValue))"
        let pitch = String(format: "%.0f", found.pitchHz)
        let runs = found.runs.map { String(format: "%.0f", $0.matchedHz) }.joined(separator: ", ")
        let octave = PitchMatch.disagreeByAnOctave(found.runs.map(\.matchedHz))
        try save { version in
            var sentence = Translation.gettext(
                "Tinnitus pitch {pitch} Hz (runs {runs} Hz), saved as profile version {version}.",
                ["pitch": pitch, "runs": runs, "version": String(version)])
            if octave {
                sentence +=
                    " "
                    + Translation.gettext(
                        "The runs disagree by an octave: the pitch is uncertain; ask your supervisor to repeat the match."
                    )
            }
            if found.loudnessAtLimit {
                sentence +=
                    " "
                    + Translation.gettext(
                        "The tinnitus was louder than the loudest probe the output plays: its loudness is at least that."
                    )
            }
            return sentence
        }
        return true
    }

    // MARK: Ending

    /// Appends the profile; `sentence` of the version saved goes to the profile screen and the terminal.
    private func save(_ sentence: (Int) -> String) throws {
        profile = try HearingProfile.append(profile, logs: logs)
        saved = true
        let message = sentence(profile.version)
        self.message = message
        // The terminal hears how it ended too (the window may be closed before anyone reads it).
        FileHandle.standardOutput.write(Data((message + "\n").utf8))
    }

    /// The window closes: a procedure that did not end says on the terminal that nothing was saved.
    func windowClosed() {
        close()
        guard !saved else { return }
        saved = true
        print(
            test != nil || pendingTest != nil
                ? Translation.gettext("Hearing test stopped before the end: nothing was saved.")
                : Translation.gettext("Pitch match stopped before the end: nothing was saved."))
    }
}
